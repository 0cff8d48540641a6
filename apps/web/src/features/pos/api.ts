import {
  type CashMoveInput,
  type CouponValidateInput,
  cashMoveSavedSchema,
  counterSessionSchema,
  couponPreviewSchema,
  type PosCustomerForm,
  type PosOp,
  type PosOrder,
  type PosOrderCreateInput,
  type PosOrderListQuery,
  posBootstrapSchema,
  posCustomerLookupSchema,
  posCustomerSavedSchema,
  posOrderPageSchema,
  posOrderSchema,
  type SupervisorRequest,
  supervisorApprovalSchema,
  voidReasonListSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, api, apiFile, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { deviceId } from "./device";
import { cacheGet, cachePut } from "./offline/store";

export const posKeys = {
  all: ["pos"] as const,
  bootstrapAll: () => [...posKeys.all, "bootstrap"] as const,
  bootstrap: (counterId: number | null) => [...posKeys.bootstrapAll(), counterId] as const,
  orderLists: () => [...posKeys.all, "orders"] as const,
  orders: (query: Partial<PosOrderListQuery>) => [...posKeys.orderLists(), query] as const,
  receipt: (orderId: number, version: number, kind: string, part: number | null = null) =>
    [...posKeys.all, "receipt", orderId, version, kind, part] as const,
  voidReasons: () => [...posKeys.all, "void-reasons"] as const,
  day: () => [...posKeys.all, "day"] as const,
  session: (counterId: number | null) => [...posKeys.day(), "session", counterId] as const,
  customer: (phone: string) => [...posKeys.all, "customer", phone] as const,
};

/**
 * A read the register needs to open (design 6.7): the server's answer, kept on the device; with no
 * network, the answer kept last time, so a reload offline still opens the register.
 */
async function orFromDevice<T>(key: string, read: () => Promise<T>): Promise<T> {
  try {
    const answer = await read();
    void cachePut(key, answer).catch(() => undefined);
    return answer;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "NETWORK") throw error;
    const kept = await cacheGet(key).catch(() => undefined);
    if (kept === undefined) throw error;
    return kept as T;
  }
}

/**
 * Everything the register sells and how it prices it. The server answers with an ETag and
 * `no-cache`, so the browser revalidates and a 304 costs one small request.
 */
export function usePosBootstrap(counterId: number | null) {
  return useQuery({
    queryKey: posKeys.bootstrap(counterId),
    queryFn: ({ signal }) =>
      orFromDevice(`bootstrap.${counterId}`, () =>
        api.get(`/pos/bootstrap${counterId === null ? "" : `?counterId=${counterId}`}`, posBootstrapSchema, signal),
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    // Read even when the browser says it is offline: the answer then comes from the device (design 6.7).
    networkMode: "always",
  });
}

/**
 * Whether this counter has an open session, and the open business day's date (the register's own
 * read: a cashier holding only POS may not read Day Open's books).
 */
export function useCounterSession(counterId: number | null) {
  return useQuery({
    queryKey: posKeys.session(counterId),
    queryFn: ({ signal }) =>
      orFromDevice(`session.${counterId}`, () =>
        api.get(`/pos/session?counterId=${counterId}`, counterSessionSchema, signal),
      ),
    enabled: counterId !== null,
    retry: false,
    staleTime: 30_000,
    networkMode: "always",
  });
}

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return `${path}?${params}`;
};

/** The counter's held orders (open, or billed and not paid yet), oldest first, to pick one up again. */
export function useHeldOrders(counterId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: posKeys.orders({ counterId: counterId ?? undefined, status: "open", size: 100 }),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        (["open", "billed"] as const).map((status) =>
          api.get(
            withQuery("/pos/order", { counterId: counterId ?? undefined, status, size: 100 }),
            posOrderPageSchema,
            signal,
          ),
        ),
      );
      return pages.flatMap((page) => page.data).sort((a, b) => a.openedAt.localeCompare(b.openedAt));
    },
    enabled: enabled && counterId !== null,
  });
}

export const fetchOrder = (id: number) => api.get(`/pos/order/${id}`, posOrderSchema);

export function useVoidReasons() {
  return useQuery({
    queryKey: posKeys.voidReasons(),
    queryFn: ({ signal }) => api.get("/pos/void_reason", voidReasonListSchema, signal),
    staleTime: 5 * 60_000,
  });
}

/** The order as the server holds it after a change: sold, held or sent, the lists elsewhere are stale. */
const orderChanged = (client: ReturnType<typeof useQueryClient>) => invalidateAfter(client, "posOrderChanged");

/** A new order with its operations (a take-away sale ends with its `pay` operation: one request). */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PosOrderCreateInput) => api.post("/pos/order", body, posOrderSchema),
    // Sent even when the browser says it is offline: the register decides what waits (design 6.7).
    networkMode: "always",
    onSuccess: () => orderChanged(client),
  });
}

/** Operations on an order the server has; a stale version answers 409 with the current order. */
export function useOrderOps() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, ops }: { id: number; version: number; ops: PosOp[] }) =>
      api.post(`/pos/order/${id}/ops`, { expectedVersion: version, ops, deviceId: deviceId() }, posOrderSchema),
    networkMode: "always",
    onSuccess: () => orderChanged(client),
  });
}

const conflictDetailsSchema = z.object({ order: posOrderSchema });

/** The current order a 409 carries (`details.order`) when another device changed it first, or null. */
export function conflictOrder(error: unknown): PosOrder | null {
  if (!(error instanceof ApiError) || error.code !== "POS_VERSION_CONFLICT") return null;
  const parsed = conflictDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.order : null;
}

export function useSupervisorApproval() {
  return useMutation({
    mutationFn: (input: SupervisorRequest) => api.post("/pos/supervisor", input, supervisorApprovalSchema),
  });
}

export function useCashMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CashMoveInput) => api.post("/pos/cash_moves", input, cashMoveSavedSchema),
    onSuccess: () => invalidateAfter(client, "posCashMoved"),
  });
}

/** The restaurant customer with this phone, or null (the register's search). */
export function useCustomerLookup(phone: string, enabled: boolean) {
  return useQuery({
    queryKey: posKeys.customer(phone),
    queryFn: ({ signal }) =>
      api.get(`/inventory/customer/lookup?phone=${encodeURIComponent(phone)}`, posCustomerLookupSchema, signal),
    enabled,
    retry: false,
  });
}

/** Quick add at the till: name and phone. */
export function useQuickAddCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PosCustomerForm) =>
      apiRequest("/inventory/customer", posCustomerSavedSchema, { method: "POST", body: input }),
    onSuccess: () => invalidateAfter(client, "posCustomerChanged"),
  });
}

/** What a coupon code (and the automatic promotions) take off the order, priced by the server's menu. */
export function useCouponPreview() {
  return useMutation({
    mutationFn: (input: CouponValidateInput) => api.post("/pos/coupon/validate", input, couponPreviewSchema),
  });
}

/** The receipt (or the bill of an unpaid order) as the 80 mm PDF. */
/** The receipt PDF: the whole check's, or with `part` one payment's ("Payment 2 of 3"). */
export const fetchReceiptPdf = (orderId: number, reprint = false, part: number | null = null) =>
  apiFile(`/pos/order/${orderId}/receipt?format=pdf${reprint ? "&reprint=1" : ""}${part ? `&part=${part}` : ""}`, {
    type: "application/pdf",
    fallbackName: `receipt-${orderId}${part ? `-${part}` : ""}.pdf`,
  });
