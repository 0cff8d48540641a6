import {
  messageAnswerSchema,
  type PosCustomer,
  type PosCustomerForm,
  type PosCustomerListQuery,
  posCustomerPageSchema,
  posCustomerSavedSchema,
  posCustomerSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export const posCustomerKeys = {
  all: ["pos-customers"] as const,
  list: (query: Partial<PosCustomerListQuery>) => [...posCustomerKeys.all, "list", query] as const,
  one: (id: number) => [...posCustomerKeys.all, "one", id] as const,
};

const listPath = (query: Partial<PosCustomerListQuery>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return `/inventory/customer?${params}`;
};

/** One page of customers; the previous page stays on screen while the next one loads. */
export function usePosCustomers(query: Partial<PosCustomerListQuery>) {
  return useQuery({
    queryKey: posCustomerKeys.list(query),
    queryFn: ({ signal }) => api.get(listPath(query), posCustomerPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePosCustomer(id: number | null) {
  return useQuery({
    queryKey: posCustomerKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/customer/${id}`, posCustomerSchema, signal),
    enabled: id !== null,
  });
}

const savePosCustomer = (id: number | null, input: PosCustomerForm) =>
  apiRequest(id === null ? "/inventory/customer" : `/inventory/customer/${id}`, posCustomerSavedSchema, {
    method: id === null ? "POST" : "PUT",
    body: input,
  });

/** Adds a customer (id null) or changes one; a house account appears in the chart, an opening JV in the books. */
export function useSavePosCustomer(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PosCustomerForm) => savePosCustomer(id, input),
    onSuccess: () => invalidateAfter(client, "posCustomerChanged"),
  });
}

/** Saves a listed customer as it is with `active` flipped (the list's Activate/Deactivate). */
export function useTogglePosCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (row: PosCustomer) =>
      savePosCustomer(row.id, {
        name: row.name,
        phone: row.phone,
        email: row.email,
        address: row.address,
        notes: row.notes,
        discountPercent: row.discountPercent,
        creditAllowed: row.creditAllowed,
        creditLimit: row.creditLimit,
        active: !row.active,
      }),
    onSuccess: () => invalidateAfter(client, "posCustomerChanged"),
  });
}

export function useDeletePosCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/customer/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "posCustomerChanged"),
  });
}
