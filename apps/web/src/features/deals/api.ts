import {
  type DealForm,
  type DealListQuery,
  dealPageSchema,
  dealSavedSchema,
  dealSchema,
  dealVariantListSchema,
  messageAnswerSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { queryString } from "../../lib/query-string";
import { dealFormOf } from "./deal-form";

export const dealKeys = {
  all: ["deals"] as const,
  list: (query: Partial<DealListQuery>) => [...dealKeys.all, "list", query] as const,
  one: (id: number) => [...dealKeys.all, "one", id] as const,
  variants: (search: string) => [...dealKeys.all, "variants", search] as const,
};

/** One page of deals with their allocation previews; the previous page stays on screen while the next loads. */
export function useDeals(filter: Partial<DealListQuery>) {
  return useQuery({
    queryKey: dealKeys.list(filter),
    queryFn: ({ signal }) => api.get(`/inventory/deal?${queryString(filter)}`, dealPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeal(id: number | null) {
  return useQuery({
    queryKey: dealKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/deal/${id}`, dealSchema, signal),
    enabled: id !== null,
  });
}

/** Variants a deal may offer (active, of products on the POS) matching the typed text. */
export function useDealVariants(search: string) {
  return useQuery({
    queryKey: dealKeys.variants(search),
    queryFn: ({ signal }) =>
      api.get(`/inventory/deal/variants?${queryString({ search, size: 20 })}`, dealVariantListSchema, signal),
    placeholderData: keepPreviousData,
  });
}

/** Adds a deal (id null) or changes one. */
export function useSaveDeal(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DealForm) =>
      apiRequest(id === null ? "/inventory/deal" : `/inventory/deal/${id}`, dealSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "dealChanged"),
  });
}

export function useDeleteDeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/deal/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "dealChanged"),
  });
}

/** Activates or deactivates a deal from the list: the stored deal is saved again with `active` flipped. */
export function useSetDealActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, active }: { id: number; active: boolean }) => {
      const deal = await api.get(`/inventory/deal/${id}`, dealSchema);
      return apiRequest(`/inventory/deal/${id}`, dealSavedSchema, {
        method: "PUT",
        body: { ...dealFormOf(deal), active },
      });
    },
    onSuccess: () => invalidateAfter(client, "dealChanged"),
  });
}
