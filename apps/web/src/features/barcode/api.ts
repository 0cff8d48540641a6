import {
  type BarcodeAssignInput,
  type BarcodeItemQuery,
  barcodeAssignedSchema,
  barcodeFiltersSchema,
  barcodeItemPageSchema,
  type LabelsRequest,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export const barcodeKeys = {
  all: ["barcode"] as const,
  items: (query: Partial<BarcodeItemQuery>) => [...barcodeKeys.all, "items", query] as const,
  filters: () => [...barcodeKeys.all, "filters"] as const,
};

const queryString = (query: Partial<BarcodeItemQuery>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "" && value !== false) params.set(key, String(value));
  return params.toString();
};

/** One page of menu variants or store products to label; the previous page stays while the next loads. */
export function useBarcodeItems(query: Partial<BarcodeItemQuery>) {
  return useQuery({
    queryKey: barcodeKeys.items(query),
    queryFn: ({ signal }) => api.get(`/inventory/barcode/items?${queryString(query)}`, barcodeItemPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBarcodeFilters() {
  return useQuery({
    queryKey: barcodeKeys.filters(),
    queryFn: ({ signal }) => api.get("/inventory/barcode/filters", barcodeFiltersSchema, signal),
  });
}

/** POST /api/inventory/barcode/assign: in-store codes for the chosen items that have none. */
export function useAssignBarcodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BarcodeAssignInput) =>
      apiRequest("/inventory/barcode/assign", barcodeAssignedSchema, { method: "POST", body: input }),
    onSuccess: () => invalidateAfter(client, "barcodesAssigned"),
  });
}

/** The label PDF, for `useOpenFile` (opened in a window of its own). */
export const loadLabels = (request: LabelsRequest) => () =>
  apiFile("/inventory/barcode/labels.pdf", {
    method: "POST",
    body: request,
    type: "application/pdf",
    fallbackName: "labels.pdf",
  });
