import {
  type StockCountCreate,
  type StockCountListQuery,
  type StockCountUpdate,
  stockCountDetailSchema,
  stockCountListSchema,
  stockCountPostedSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { type UploadOptions, uploadForm } from "../../lib/upload";
import { XLSX_TYPE } from "../inventory-ledger/api";

export const stockCountKeys = {
  all: ["stock-count"] as const,
  list: (query: Partial<StockCountListQuery>) => [...stockCountKeys.all, "list", query] as const,
  one: (id: number) => [...stockCountKeys.all, "one", id] as const,
};

export function useStockCounts(query: Partial<StockCountListQuery>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "" && value !== null) params.set(key, String(value));
  return useQuery({
    queryKey: stockCountKeys.list(query),
    queryFn: ({ signal }) => api.get(`/inventory/stock_count?${params}`, stockCountListSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStockCount(id: number | null) {
  return useQuery({
    queryKey: stockCountKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/stock_count/${id}`, stockCountDetailSchema, signal),
    enabled: id !== null,
  });
}

/** "Load book quantities": a draft count with the book quantities at this moment (the snapshot). */
export function useStartStockCount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StockCountCreate) => api.post("/inventory/stock_count", input, stockCountDetailSchema),
    onSuccess: () => invalidateAfter(client, "stockCountChanged"),
  });
}

export function useSaveStockCount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: StockCountUpdate }) =>
      apiRequest(`/inventory/stock_count/${id}`, stockCountDetailSchema, { method: "PUT", body: input }),
    onSuccess: () => invalidateAfter(client, "stockCountChanged"),
  });
}

export function usePostStockCount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/inventory/stock_count/${id}/post`, {}, stockCountPostedSchema),
    onSuccess: () => invalidateAfter(client, "stockCountChanged"),
  });
}

export const countSheetFile = (id: number, format: "pdf" | "xlsx") =>
  apiFile(`/inventory/stock_count/${id}?format=${format}`, {
    type: format === "pdf" ? "application/pdf" : XLSX_TYPE,
    fallbackName: `count-${id}.${format}`,
  });

/** Fills a draft from its filled-in count sheet (XLSX or CSV: Code, Counted, Reason). */
export function useUploadCountSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, options }: { id: number; file: File; options?: UploadOptions }) => {
      const form = new FormData();
      form.append("file", file);
      return uploadForm(`/inventory/stock_count/${id}/sheet`, form, stockCountDetailSchema, options);
    },
    onSuccess: () => invalidateAfter(client, "stockCountChanged"),
  });
}
