import {
  type PosFloor,
  type PosMergeInput,
  type PosSplitInput,
  type PosTableStatusInput,
  type PosTransferInput,
  posFloorSchema,
  posFloorTableSchema,
  posOrderSchema,
  posSplitResultSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { deviceId } from "../pos/device";

export const tableOrderKeys = {
  all: ["table-order"] as const,
  floors: () => [...tableOrderKeys.all, "floor"] as const,
  /** One hall's floor, or every hall's (null), for the transfer and merge pickers. */
  floor: (hallId: number | null) => [...tableOrderKeys.floors(), hallId] as const,
  order: (orderId: number) => [...tableOrderKeys.all, "order", orderId] as const,
};

/** `GET /api/pos/floor?hallId`: the hall's tables with their state, guests, elapsed time, total and checks. */
export function useFloor(hallId: number | null, enabled = true) {
  return useQuery({
    queryKey: tableOrderKeys.floor(hallId),
    queryFn: ({ signal }): Promise<PosFloor> =>
      api.get(`/pos/floor${hallId === null ? "" : `?hallId=${hallId}`}`, posFloorSchema, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One check as the server holds it (the panel opens with it; split reads its lines). */
export function useCheck(orderId: number | null) {
  return useQuery({
    queryKey: tableOrderKeys.order(orderId ?? 0),
    queryFn: ({ signal }) => api.get(`/pos/order/${orderId}`, posOrderSchema, signal),
    enabled: orderId !== null,
    // Always the server's latest when the panel opens: another device may have changed it.
    staleTime: 0,
    gcTime: 0,
  });
}

/** After a move every floor, and the order lists elsewhere, are stale. */
function useFloorChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: tableOrderKeys.all });
    void invalidateAfter(client, "posOrderChanged");
  };
}

export function useTableStatus() {
  const changed = useFloorChanged();
  return useMutation({
    mutationFn: ({ tableId, ...body }: PosTableStatusInput & { tableId: number }) =>
      apiRequest(`/pos/table/${tableId}/status`, posFloorTableSchema, { method: "PUT", body }),
    onSuccess: changed,
  });
}

export function useTransfer() {
  const changed = useFloorChanged();
  return useMutation({
    mutationFn: ({ orderId, tableId }: { orderId: number } & Pick<PosTransferInput, "tableId">) =>
      api.post(`/pos/order/${orderId}/transfer`, { tableId, deviceId: deviceId() }, posOrderSchema),
    onSuccess: changed,
  });
}

export function useMerge() {
  const changed = useFloorChanged();
  return useMutation({
    mutationFn: ({ orderId, intoOrderId }: { orderId: number } & Pick<PosMergeInput, "intoOrderId">) =>
      api.post(`/pos/order/${orderId}/merge`, { intoOrderId, deviceId: deviceId() }, posOrderSchema),
    onSuccess: changed,
  });
}

export function useSplit() {
  const changed = useFloorChanged();
  return useMutation({
    mutationFn: ({ orderId, parts }: { orderId: number } & Pick<PosSplitInput, "parts">) =>
      api.post(`/pos/order/${orderId}/split`, { parts, deviceId: deviceId() }, posSplitResultSchema),
    onSuccess: changed,
  });
}
