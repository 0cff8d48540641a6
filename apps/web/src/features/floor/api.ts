import {
  type HallForm,
  hallListSchema,
  hallSavedSchema,
  hallSchema,
  messageAnswerSchema,
  type TableForm,
  type TableLayout,
  tableLayoutSavedSchema,
  tableListSchema,
  tableSavedSchema,
  tableSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export const floorKeys = {
  all: ["floor"] as const,
  halls: () => [...floorKeys.all, "halls"] as const,
  hall: (id: number) => [...floorKeys.all, "hall", id] as const,
  tables: (hallId: number | null) => [...floorKeys.all, "tables", hallId] as const,
  table: (id: number) => [...floorKeys.all, "table", id] as const,
};

export function useHalls() {
  return useQuery({
    queryKey: floorKeys.halls(),
    queryFn: ({ signal }) => api.get("/inventory/hall", hallListSchema, signal),
  });
}

export function useHall(id: number | null) {
  return useQuery({
    queryKey: floorKeys.hall(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/hall/${id}`, hallSchema, signal),
    enabled: id !== null,
  });
}

/** Every table, or one hall's. */
export function useTables(hallId: number | null) {
  return useQuery({
    queryKey: floorKeys.tables(hallId),
    queryFn: ({ signal }) =>
      api.get(hallId === null ? "/inventory/table" : `/inventory/table?hallId=${hallId}`, tableListSchema, signal),
  });
}

export function useTable(id: number | null) {
  return useQuery({
    queryKey: floorKeys.table(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/table/${id}`, tableSchema, signal),
    enabled: id !== null,
  });
}

/** Adds a hall (id null) or changes one. */
export function useSaveHall(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HallForm) =>
      apiRequest(id === null ? "/inventory/hall" : `/inventory/hall/${id}`, hallSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

/** Adds a table (id null) or changes one. */
export function useSaveTable(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TableForm) =>
      apiRequest(id === null ? "/inventory/table" : `/inventory/table/${id}`, tableSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

export function useDeleteFloorItem(kind: "hall" | "table") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/${kind}/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

export function useSaveLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (layout: TableLayout) =>
      apiRequest("/inventory/table/layout", tableLayoutSavedSchema, { method: "PUT", body: layout }),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

/** The table's QR code PNG (the bearer token is needed, so it is fetched, then shown). */
export const loadTableQr = (id: number) =>
  apiFile(`/inventory/table/${id}/qr.png`, { type: "image/png", fallbackName: `table-${id}-qr.png` });
