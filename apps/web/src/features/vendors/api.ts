import {
  messageAnswerSchema,
  type VendorForm,
  type VendorListQuery,
  vendorPageSchema,
  vendorSavedSchema,
  vendorSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { queryString } from "../../lib/query-string";

export const vendorKeys = {
  all: ["vendors"] as const,
  list: (query: Partial<VendorListQuery>) => [...vendorKeys.all, "list", query] as const,
  one: (id: number) => [...vendorKeys.all, "one", id] as const,
};

const listPath = (query: Partial<VendorListQuery>) => `/inventory/vendor?${queryString(query)}`;

/** One page of vendors; the previous page stays on screen while the next one loads. */
export function useVendors(query: Partial<VendorListQuery>) {
  return useQuery({
    queryKey: vendorKeys.list(query),
    queryFn: ({ signal }) => api.get(listPath(query), vendorPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVendor(id: number | null) {
  return useQuery({
    queryKey: vendorKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/vendor/${id}`, vendorSchema, signal),
    enabled: id !== null,
  });
}

/** Adds a vendor (id null) or changes one; a vendor's payable account appears in the chart too. */
export function useSaveVendor(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorForm) =>
      apiRequest(id === null ? "/inventory/vendor" : `/inventory/vendor/${id}`, vendorSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "vendorChanged"),
  });
}

export function useDeleteVendor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/vendor/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "vendorChanged"),
  });
}
