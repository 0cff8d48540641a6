import {
  type InventoryLedgerRequest,
  inventoryLedgerSchema,
  stockBalanceSchema,
  stockLocationRowSchema,
  unitRowSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiFile } from "../../lib/api";

/** Stock on hand, the ledger and the pickers every Store screen shares. */
export const stockKeys = {
  all: ["stock"] as const,
  locations: () => [...stockKeys.all, "locations"] as const,
  units: () => [...stockKeys.all, "units"] as const,
  balances: (locationId: number | null, asOf: string | null) =>
    [...stockKeys.all, "balances", locationId, asOf] as const,
  ledger: (request: InventoryLedgerRequest | null) => [...stockKeys.all, "ledger", request] as const,
};

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function useStockLocations() {
  return useQuery({
    queryKey: stockKeys.locations(),
    queryFn: ({ signal }) => api.get("/inventory/stock_location", z.array(stockLocationRowSchema), signal),
    staleTime: 5 * 60_000,
  });
}

/** Units with their dimension: a line may use any unit of its product's stock unit's dimension. */
export function useStockUnits() {
  return useQuery({
    queryKey: stockKeys.units(),
    queryFn: ({ signal }) => api.get("/uom", z.array(unitRowSchema), signal),
    staleTime: 5 * 60_000,
  });
}

/** What each product holds at a location (or every location) at the end of `asOf` (null: today). */
export function useStockBalances(locationId: number | null, asOf: string | null = null, enabled = true) {
  const params = new URLSearchParams();
  if (locationId) params.set("locationId", String(locationId));
  if (asOf) params.set("asOf", asOf);
  return useQuery({
    queryKey: stockKeys.balances(locationId, asOf),
    queryFn: ({ signal }) => api.get(`/inventory/stock_balance?${params}`, stockBalanceSchema, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The on-screen ledger (null: not searched yet). */
export function useInventoryLedger(request: InventoryLedgerRequest | null) {
  return useQuery({
    queryKey: stockKeys.ledger(request),
    queryFn: ({ signal }) =>
      api.post("/inventory/ledger", { ...request, format: "json" }, inventoryLedgerSchema, { signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

export const ledgerFile = (request: InventoryLedgerRequest, format: "pdf" | "xlsx") =>
  apiFile("/inventory/ledger", {
    method: "POST",
    body: { ...request, format },
    type: format === "pdf" ? "application/pdf" : XLSX_TYPE,
    fallbackName: `inventory-ledger.${format}`,
  });
