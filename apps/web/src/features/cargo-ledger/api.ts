import {
  type CargoLedgerResponse,
  cargoLedgerResponseSchema,
  isIsoDate,
  type LevelFiveAccount,
  levelFiveAccountSchema,
} from "@cargodesk/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";
import type { ReportFileRequest } from "../../lib/report-files";

export type { CargoLedgerResponse, LevelFiveAccount };

/** What a ledger request names: dates ("" when not given) and, for staff, the account. */
export interface LedgerCriteria {
  startedDate: string;
  endDate: string;
  levelFiveId: number | null;
}

export const cargoLedgerKeys = {
  all: ["cargo-ledger"] as const,
  accounts: () => [...cargoLedgerKeys.all, "accounts"] as const,
  ledger: (criteria: LedgerCriteria) => [...cargoLedgerKeys.all, "ledger", criteria] as const,
};

/** The accounts the caller may pick: staff every postable account, a customer only their own. */
export function useLevelFiveAccounts() {
  return useQuery({
    queryKey: cargoLedgerKeys.accounts(),
    queryFn: ({ signal }) => api.get("/cargo_accounts/get_levelFive", z.array(levelFiveAccountSchema), signal),
    staleTime: 60_000,
  });
}

const body = (criteria: LedgerCriteria, name?: string) => ({
  startedDate: criteria.startedDate,
  endDate: criteria.endDate,
  ...(criteria.levelFiveId !== null && { levelFiveId: criteria.levelFiveId }),
  ...(name !== undefined && { name }),
});

export function useCargoLedger(criteria: LedgerCriteria) {
  return useQuery({
    queryKey: cargoLedgerKeys.ledger(criteria),
    queryFn: ({ signal }) =>
      api.post("/cargo_accounts/get_ledger", body(criteria), cargoLedgerResponseSchema, { signal }),
  });
}

/** The ledger PDF request (`useReportFile().get(request, "pdf")` opens it in a new window). */
export const ledgerPdfRequest = (criteria: LedgerCriteria, name?: string): ReportFileRequest => ({
  path: "/cargo_accounts/get_ledger_pdf",
  body: body(criteria, name),
  name: "ledger",
});

/** The criteria carried in the ledger table's address: ?startedDate=&endDate=&levelFiveId=. */
export function criteriaFromParams(params: URLSearchParams): LedgerCriteria {
  const date = (name: string) => {
    const value = params.get(name) ?? "";
    return isIsoDate(value) ? value : "";
  };
  const id = Number(params.get("levelFiveId"));
  return {
    startedDate: date("startedDate"),
    endDate: date("endDate"),
    levelFiveId: Number.isSafeInteger(id) && id > 0 ? id : null,
  };
}

export function criteriaToParams(criteria: LedgerCriteria): string {
  const params = new URLSearchParams();
  if (criteria.startedDate) params.set("startedDate", criteria.startedDate);
  if (criteria.endDate) params.set("endDate", criteria.endDate);
  if (criteria.levelFiveId !== null) params.set("levelFiveId", String(criteria.levelFiveId));
  return params.toString();
}
