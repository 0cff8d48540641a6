import {
  messageAnswerSchema,
  type StoreProductCreate,
  type StoreProductListQuery,
  type StoreProductUpdate,
  storeProductCheckSchema,
  storeProductGroupsSchema,
  storeProductPageSchema,
  storeProductSavedSchema,
  storeProductUploadedSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile, apiRequest } from "../../lib/api";
import { saveBlob } from "../../lib/files";
import { invalidateAfter } from "../../lib/invalidation";
import { type UploadTracking, uploadForm } from "../../lib/upload";

export const storeProductKeys = {
  all: ["store-products"] as const,
  list: (query: Partial<StoreProductListQuery>) => [...storeProductKeys.all, "list", query] as const,
  groups: () => [...storeProductKeys.all, "groups"] as const,
};

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const queryString = (query: Partial<StoreProductListQuery>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "" && value !== false) params.set(key, String(value));
  return params.toString();
};

/** One page of store products with their stock; the previous page stays on screen while the next loads. */
export function useStoreProducts(query: Partial<StoreProductListQuery>) {
  return useQuery({
    queryKey: storeProductKeys.list(query),
    queryFn: ({ signal }) => api.get(`/inventory/store_product?${queryString(query)}`, storeProductPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStoreProductGroups() {
  return useQuery({
    queryKey: storeProductKeys.groups(),
    queryFn: ({ signal }) => api.get("/inventory/store_product/groups", storeProductGroupsSchema, signal),
  });
}

/** POST /api/inventory/store_product: one product; an opening quantity posts its opening JV. */
export function useAddStoreProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreProductCreate) =>
      apiRequest("/inventory/store_product", storeProductSavedSchema, { method: "POST", body: input }),
    onSuccess: (answer) => invalidateAfter(client, answer.voucherNo ? "storeStockOpened" : "storeProductChanged"),
  });
}

export function useUpdateStoreProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: StoreProductUpdate }) =>
      apiRequest(`/inventory/store_product/${id}`, storeProductSavedSchema, { method: "PUT", body: input }),
    onSuccess: () => invalidateAfter(client, "storeProductChanged"),
  });
}

export function useDeleteStoreProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/store_product/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "storeProductChanged"),
  });
}

const uploadBody = (file: File) => {
  const form = new FormData();
  form.append("file", file);
  return form;
};

/** Check file: the dry run, every row with its errors; nothing is written. */
export function useCheckStoreProducts() {
  return useMutation({
    mutationFn: ({ file, tracking }: { file: File; tracking: UploadTracking }) =>
      uploadForm("/inventory/store_product/upload?dryRun=1", uploadBody(file), storeProductCheckSchema, tracking),
  });
}

/** Save: the whole file or nothing, with one opening JV. */
export function useSaveStoreProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, tracking }: { file: File; tracking: UploadTracking }) =>
      uploadForm("/inventory/store_product/upload", uploadBody(file), storeProductUploadedSchema, tracking),
    onSuccess: (answer) => invalidateAfter(client, answer.voucherNo ? "storeStockOpened" : "storeProductChanged"),
  });
}

/** Downloads the upload template. */
export function useTemplateDownload() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiFile("/inventory/store_product/template.xlsx", {
        type: XLSX,
        fallbackName: "store-products-template.xlsx",
      });
      saveBlob(blob, fileName);
    },
  });
}

/** Downloads every product the list's filter matches as XLSX. */
export function useExportStoreProducts() {
  return useMutation({
    mutationFn: async (query: Partial<StoreProductListQuery>) => {
      const { blob, fileName } = await apiFile(`/inventory/store_product/export.xlsx?${queryString(query)}`, {
        type: XLSX,
        fallbackName: "store-products.xlsx",
      });
      saveBlob(blob, fileName);
    },
  });
}
