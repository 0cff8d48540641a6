import {
  type ReceivingCreateForm,
  type ReceivingListQuery,
  type ReceivingReportRequest,
  receivingDetailSchema,
  receivingOptionsSchema,
  receivingPageSchema,
  receivingProductSchema,
  receivingReportSchema,
  receivingReversedSchema,
  receivingSavedSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiFile, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export const receivingKeys = {
  all: ["receiving"] as const,
  options: () => [...receivingKeys.all, "options"] as const,
  products: (search: string) => [...receivingKeys.all, "products", search] as const,
  list: (query: Partial<ReceivingListQuery>) => [...receivingKeys.all, "list", query] as const,
  one: (id: number) => [...receivingKeys.all, "one", id] as const,
  report: (request: ReceivingReportRequest | null) => [...receivingKeys.all, "report", request] as const,
};

const PDF = "application/pdf";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Store locations and the accounts a GRN may be paid from. */
export function useReceivingOptions() {
  return useQuery({
    queryKey: receivingKeys.options(),
    queryFn: ({ signal }) => api.get("/inventory/receiving/options", receivingOptionsSchema, signal),
    staleTime: 60_000,
  });
}

/** Store products matching what is typed in a line's product picker. */
export function useReceivingProducts(search: string) {
  return useQuery({
    queryKey: receivingKeys.products(search),
    queryFn: ({ signal }) =>
      api.get(
        `/inventory/receiving/products?search=${encodeURIComponent(search)}`,
        z.array(receivingProductSchema),
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useReceivings(query: Partial<ReceivingListQuery>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return useQuery({
    queryKey: receivingKeys.list(query),
    queryFn: ({ signal }) => api.get(`/inventory/receiving?${params}`, receivingPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReceiving(id: number | null) {
  return useQuery({
    queryKey: receivingKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/receiving/${id}`, receivingDetailSchema, signal),
    enabled: id !== null,
  });
}

/** Saves a GRN as a draft, or posts it with `post: true`. */
export function useCreateReceiving() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReceivingCreateForm) => api.post("/inventory/receiving", input, receivingSavedSchema),
    onSuccess: () => invalidateAfter(client, "receivingChanged"),
  });
}

export function usePostReceiving() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/inventory/receiving/${id}/post`, {}, receivingSavedSchema),
    onSuccess: () => invalidateAfter(client, "receivingChanged"),
  });
}

export function useReverseReceiving() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/inventory/receiving/${id}/reverse`, receivingReversedSchema, { method: "POST", body: {} }),
    onSuccess: () => invalidateAfter(client, "receivingChanged"),
  });
}

/** The on-screen Receiving Report With Dates (null: not asked yet). */
export function useReceivingReport(request: ReceivingReportRequest | null) {
  return useQuery({
    queryKey: receivingKeys.report(request),
    queryFn: ({ signal }) =>
      api.post("/inventory/receiving/report", { ...request, format: "json" }, receivingReportSchema, { signal }),
    enabled: request !== null,
  });
}

export const grnPdf = (id: number) =>
  apiFile(`/inventory/receiving/${id}/grn.pdf`, { type: PDF, fallbackName: "GRN.pdf" });

export const grnByNumber = (number: string, format: "pdf" | "xlsx") =>
  apiFile(`/inventory/receiving/by_number/${encodeURIComponent(number)}?format=${format}`, {
    type: format === "pdf" ? PDF : XLSX,
    fallbackName: `${number}.${format}`,
  });

export const receivingReportFile = (request: ReceivingReportRequest, format: "pdf" | "xlsx") =>
  apiFile("/inventory/receiving/report", {
    method: "POST",
    body: { ...request, format },
    type: format === "pdf" ? PDF : XLSX,
    fallbackName: `receiving-report.${format}`,
  });
