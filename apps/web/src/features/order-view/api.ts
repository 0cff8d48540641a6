import {
  type PosOrderListQuery,
  type PosRefundInput,
  posBootstrapSchema,
  posOrderDetailSchema,
  posOrderPageSchema,
  posOrderSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { queryString } from "../../lib/query-string";
import { posKeys } from "../pos/api";
import { deviceId } from "../pos/device";

/** Under the POS's order lists, so every change to an order (a sale, a refund, a close) refreshes Order View too. */
export const orderViewKeys = {
  all: [...posKeys.orderLists(), "order-view"] as const,
  list: (query: Partial<PosOrderListQuery>) => [...orderViewKeys.all, "list", query] as const,
  one: (id: number) => [...orderViewKeys.all, "one", id] as const,
};

/** Orders of a business day (the open one when none is named), filtered and paged on the server. */
export function useOrders(query: Partial<PosOrderListQuery>, refetchInterval?: number) {
  return useQuery({
    queryKey: orderViewKeys.list(query),
    queryFn: ({ signal }) => api.get(`/pos/order?${queryString(query)}`, posOrderPageSchema, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

/** One order with its lines, payments and operation log. */
export function useOrderDetail(id: number | null) {
  return useQuery({
    queryKey: orderViewKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/pos/order/${id}`, posOrderDetailSchema, signal),
    enabled: id !== null,
  });
}

/** The counters, tables and payment methods the filters and the refund offer (readable with POS, Table Order or KDS). */
export function useOutletOptions(enabled: boolean) {
  return useQuery({
    queryKey: posKeys.bootstrap(null),
    queryFn: ({ signal }) => api.get("/pos/bootstrap", posBootstrapSchema, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** A refund: a new `refund` order against the paid order's lines; the answer is the refund order. */
export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: number; input: PosRefundInput }) =>
      api.post(`/pos/order/${orderId}/refund`, { ...input, deviceId: deviceId() }, posOrderSchema),
    onSuccess: () => invalidateAfter(client, "posOrderChanged"),
  });
}

/** A paid take-away handed over: it leaves the pickup board. */
export function useMarkPickedUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      api.post(`/pos/order/${orderId}/picked_up`, { deviceId: deviceId() }, posOrderSchema),
    onSuccess: () => invalidateAfter(client, "posOrderChanged"),
  });
}
