import {
  type CouponForm,
  type CouponListQuery,
  couponPageSchema,
  couponSavedSchema,
  couponSchema,
  couponScopeOptionsSchema,
  messageAnswerSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export const couponKeys = {
  all: ["coupons"] as const,
  list: (query: Partial<CouponListQuery>) => [...couponKeys.all, "list", query] as const,
  one: (id: number) => [...couponKeys.all, "one", id] as const,
  scope: (scope: "category" | "variant", search: string) => [...couponKeys.all, "scope", scope, search] as const,
};

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return `${path}?${params}`;
};

/** One page of coupons and promotions; the previous page stays on screen while the next one loads. */
export function useCoupons(query: Partial<CouponListQuery>) {
  return useQuery({
    queryKey: couponKeys.list(query),
    queryFn: ({ signal }) => api.get(withQuery("/inventory/coupon", query), couponPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCoupon(id: number | null) {
  return useQuery({
    queryKey: couponKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/coupon/${id}`, couponSchema, signal),
    enabled: id !== null,
  });
}

/** Categories or menu items matching a search, for the scope picker. */
export function useScopeOptions(scope: "category" | "variant", search: string, enabled: boolean) {
  return useQuery({
    queryKey: couponKeys.scope(scope, search),
    queryFn: ({ signal }) =>
      api.get(withQuery("/inventory/coupon/scope_options", { scope, search }), couponScopeOptionsSchema, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Adds a coupon (id null) or changes one (deactivating is a change with active off). */
export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CouponForm }) =>
      apiRequest(id === null ? "/inventory/coupon" : `/inventory/coupon/${id}`, couponSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "couponChanged"),
  });
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/coupon/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "couponChanged"),
  });
}
