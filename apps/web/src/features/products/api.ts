import {
  type ProductForm,
  type ProductListQuery,
  productLookupsSchema,
  productPageSchema,
  productSavedSchema,
  productSchema,
  productStoreOptionsSchema,
  productUploadCheckSchema,
  productUploadedSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile, apiRequest } from "../../lib/api";
import { saveBlob } from "../../lib/files";
import { invalidateAfter } from "../../lib/invalidation";
import { type UploadTracking, uploadForm } from "../../lib/upload";

export const productKeys = {
  all: ["products"] as const,
  list: (query: Partial<ProductListQuery>) => [...productKeys.all, "list", query] as const,
  one: (id: number) => [...productKeys.all, "one", id] as const,
  lookups: () => [...productKeys.all, "lookups"] as const,
  store: (search: string, ids: readonly number[]) => [...productKeys.all, "store", search, ids] as const,
};

const queryString = (query: Record<string, string | number | boolean | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return params.toString();
};

/** One page of products, paged and filtered on the server. */
export function useProducts(query: Partial<ProductListQuery>) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => api.get(`/inventory/product?${queryString(query)}`, productPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/product/${id}`, productSchema, signal),
    enabled: id !== null,
  });
}

/** Tax classes and kitchen stations for the pickers. */
export function useProductLookups() {
  return useQuery({
    queryKey: productKeys.lookups(),
    queryFn: ({ signal }) => api.get("/inventory/product/lookups", productLookupsSchema, signal),
  });
}

/** Store products matching `search`, plus the ones already chosen (`ids`), for direct tracking. */
export function useStoreProductOptions(search: string, ids: readonly number[]) {
  return useQuery({
    queryKey: productKeys.store(search, ids),
    queryFn: ({ signal }) =>
      api.get(
        `/inventory/product/store_products?${queryString({ search, ids: ids.join(",") || undefined })}`,
        productStoreOptionsSchema,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Adds a product (id null) or changes one. */
export function useSaveProduct(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductForm) =>
      apiRequest(id === null ? "/inventory/product" : `/inventory/product/${id}`, productSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "productChanged"),
  });
}

export function useSetSoldOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, soldOut }: { id: number; soldOut: boolean }) =>
      apiRequest(`/inventory/product/${id}/sold_out`, productSavedSchema, { method: "PUT", body: { soldOut } }),
    onSuccess: () => invalidateAfter(client, "productChanged"),
  });
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const uploadBody = (file: File) => {
  const body = new FormData();
  body.append("file", file);
  return body;
};

/** Check file: every row of the file with its errors; nothing is written. */
export function useCheckProducts() {
  return useMutation({
    mutationFn: ({ file, tracking }: { file: File; tracking: UploadTracking }) =>
      uploadForm("/inventory/product/upload?dryRun=1", uploadBody(file), productUploadCheckSchema, tracking),
  });
}

/** Save: every product of the file or none. */
export function useSaveProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, tracking }: { file: File; tracking: UploadTracking }) =>
      uploadForm("/inventory/product/upload", uploadBody(file), productUploadedSchema, tracking),
    onSuccess: () => invalidateAfter(client, "productChanged"),
  });
}

/** Downloads the product upload template. */
export function useProductTemplateDownload() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiFile("/inventory/product/template.xlsx", {
        type: XLSX,
        fallbackName: "products-template.xlsx",
      });
      saveBlob(blob, fileName);
    },
  });
}
