import { type ShipmentUpdateInput, shipmentChangedSchema, shipmentDataSchema } from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, api, apiRequest } from "../../lib/api";
import { type Change, invalidateAfter } from "../../lib/invalidation";
import {
  messageSchema,
  postVoucherSchema,
  type ShipmentDetail,
  shipmentPageSchema,
  statusOptionSchema,
} from "./schemas";

export const shipmentKeys = {
  all: ["shipments"] as const,
  lists: () => [...shipmentKeys.all, "list"] as const,
  page: (params: ShipmentPageParams) => [...shipmentKeys.lists(), "page", params] as const,
  dates: (params: DatePageParams) => [...shipmentKeys.lists(), "dates", params] as const,
  one: (id: number) => [...shipmentKeys.all, "one", id] as const,
  statuses: () => [...shipmentKeys.all, "statuses"] as const,
};

export interface ShipmentPageParams {
  /** 1-based, as the server counts. */
  page: number;
  size: number;
  search: string;
  /** Shipment Details' sort and filters; left out, the list is newest first and unfiltered. */
  sort?: string;
  order?: "asc" | "desc";
  from?: string;
  to?: string;
  status?: string;
}

export interface DatePageParams {
  page: number;
  size: number;
  startedDate: string;
  endDate: string;
}

/** One server page of shipments (the customer's own only, for customers); the last page stays on show meanwhile. */
export function useShipmentPage(params: ShipmentPageParams, enabled = true) {
  return useQuery({
    queryKey: shipmentKeys.page(params),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ size: String(params.size), page: String(params.page) });
      if (params.search.trim() !== "") query.set("search", params.search.trim());
      for (const key of ["sort", "order", "from", "to", "status"] as const) {
        const value = params[key];
        if (value) query.set(key, value);
      }
      return api.get(`/shipment?${query}`, shipmentPageSchema, signal);
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The customers' date search: `POST /api/shipment/get_shipment_with_dates?page=&size=`. */
export function useShipmentsByDates(params: DatePageParams | null) {
  return useQuery({
    queryKey: shipmentKeys.dates(params ?? { page: 0, size: 0, startedDate: "", endDate: "" }),
    queryFn: ({ signal }) => {
      const { page, size, startedDate, endDate } = params ?? { page: 1, size: 1, startedDate: "", endDate: "" };
      return api.post(
        `/shipment/get_shipment_with_dates?page=${page}&size=${size}`,
        { startedDate, endDate },
        shipmentPageSchema,
        { signal },
      );
    },
    placeholderData: keepPreviousData,
    enabled: params !== null,
  });
}

/**
 * `GET /api/shipment/{id}` answers `{ data: [shipment] }`. `fresh` fetches again on mount even
 * when a cached copy looks fresh (a dialog about to edit what it shows).
 */
export function useShipment(id: number | null, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    refetchOnMount: fresh ? "always" : true,
    queryKey: shipmentKeys.one(id ?? 0),
    queryFn: async ({ signal }): Promise<ShipmentDetail> => {
      const answer = await api.get(`/shipment/${id}`, shipmentDataSchema, signal);
      const [shipment] = answer.data;
      if (!shipment) throw new ApiError(404, "NOT_FOUND", "There is no such shipment.");
      return shipment;
    },
    enabled: id !== null,
  });
}

export function useStatusOptions(enabled = true) {
  return useQuery({
    queryKey: shipmentKeys.statuses(),
    queryFn: ({ signal }) => api.get("/shipment/shipment_status", z.array(statusOptionSchema), signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** After any change the lists and that shipment reload (the spec reloads the list after each change), and whatever else lib/invalidation.ts names. */
function useInvalidateAfter() {
  const client = useQueryClient();
  return (change: Change) => invalidateAfter(client, change);
}

export function useUpdateShipment() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ShipmentUpdateInput }) =>
      apiRequest(`/shipment/${id}`, shipmentChangedSchema, { method: "PUT", body }),
    onSuccess: () => invalidate("shipmentEdited"),
  });
}

/** Soft delete; a shipment whose charge is posted answers 409 with the reason. */
export function useDeleteShipment() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/shipment/${id}`, messageSchema, { method: "DELETE" }),
    onSuccess: () => invalidate("shipmentDeleted"),
  });
}

export interface StatusInput {
  status: string;
  status_location: string;
}

/** Appends one tracking entry. */
export function useAddStatus() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: ({ id, entry }: { id: number; entry: StatusInput }) =>
      api.post(`/shipment/add_shipment_status/${id}`, { data: entry }, messageSchema),
    onSuccess: () => invalidate("shipmentStatusChanged"),
  });
}

export interface ReplaceStatusInput {
  data: (StatusInput & { status_date: string })[];
  /** The expected delivery date, YYYY-MM-DD, or null for "to be announced". */
  date: string | null;
}

/** Replaces the whole history and the expected delivery date (the server keeps the old rows for audit). */
export function useReplaceStatuses() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReplaceStatusInput }) =>
      api.post(`/shipment/shipment_status_update/${id}`, body, messageSchema),
    onSuccess: () => invalidate("shipmentStatusChanged"),
  });
}

/** Posts the shipment's charge as a voucher; a second post answers 409. */
export function usePostVoucher() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: (id: number) => api.get(`/shipment/shipment_post_voucher/${id}`, postVoucherSchema),
    onSuccess: () => invalidate("shipmentChargePosted"),
  });
}
