import {
  type IssuanceCreate,
  type IssuanceListQuery,
  type IssuanceReportRequest,
  issuanceDetailSchema,
  issuanceListSchema,
  issuanceReportSchema,
  issuanceSavedSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { XLSX_TYPE } from "../inventory-ledger/api";

export const issuanceKeys = {
  all: ["issuance"] as const,
  list: (query: Partial<IssuanceListQuery>) => [...issuanceKeys.all, "list", query] as const,
  byNumber: (number: string | null) => [...issuanceKeys.all, "number", number] as const,
  report: (request: IssuanceReportRequest | null) => [...issuanceKeys.all, "report", request] as const,
};

export function useIssuances(query: Partial<IssuanceListQuery>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "" && value !== null) params.set(key, String(value));
  return useQuery({
    queryKey: issuanceKeys.list(query),
    queryFn: ({ signal }) => api.get(`/inventory/issuance?${params}`, issuanceListSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useIssuanceByNumber(number: string | null) {
  return useQuery({
    queryKey: issuanceKeys.byNumber(number),
    queryFn: ({ signal }) =>
      api.get(`/inventory/issuance/by_number/${encodeURIComponent(number ?? "")}`, issuanceDetailSchema, signal),
    enabled: number !== null,
    retry: false,
  });
}

/** Saves an issuance as a draft, or posts it with `post: true`. */
export function useCreateIssuance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IssuanceCreate) => api.post("/inventory/issuance", input, issuanceSavedSchema),
    onSuccess: () => invalidateAfter(client, "issuanceChanged"),
  });
}

export function usePostIssuance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/inventory/issuance/${id}/post`, {}, issuanceSavedSchema),
    onSuccess: () => invalidateAfter(client, "issuanceChanged"),
  });
}

export function useReverseIssuance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/inventory/issuance/${id}/reverse`, {}, issuanceSavedSchema),
    onSuccess: () => invalidateAfter(client, "issuanceChanged"),
  });
}

/** The on-screen Issuance Report With Dates (null: not asked yet). */
export function useIssuanceReport(request: IssuanceReportRequest | null) {
  return useQuery({
    queryKey: issuanceKeys.report(request),
    queryFn: ({ signal }) =>
      api.post("/inventory/issuance/report", { ...request, format: "json" }, issuanceReportSchema, { signal }),
    enabled: request !== null,
  });
}

export const issueSlipPdf = (id: number) =>
  apiFile(`/inventory/issuance/${id}/issuance.pdf`, { type: "application/pdf", fallbackName: "issue-slip.pdf" });

export const issuanceByNumberFile = (number: string, format: "pdf" | "xlsx") =>
  apiFile(`/inventory/issuance/by_number/${encodeURIComponent(number)}?format=${format}`, {
    type: format === "pdf" ? "application/pdf" : XLSX_TYPE,
    fallbackName: `${number}.${format}`,
  });

export const issuanceReportFile = (request: IssuanceReportRequest, format: "pdf" | "xlsx") =>
  apiFile("/inventory/issuance/report", {
    method: "POST",
    body: { ...request, format },
    type: format === "pdf" ? "application/pdf" : XLSX_TYPE,
    fallbackName: `issuance-report.${format}`,
  });
