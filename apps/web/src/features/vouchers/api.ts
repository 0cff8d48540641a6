import {
  type AddVoucherInput,
  levelFourSchema,
  type PostedVoucher,
  VOUCHER_STATUS,
  type VoucherRecord,
  type VoucherRecordLine,
  type VoucherStatus,
  type VoucherTypeRow,
  voucherDecidedSchema,
  voucherPostedSchema,
  voucherRecordLineSchema,
  voucherRecordSchema,
  voucherReversedSchema,
  voucherSearchPageSchema,
  voucherTypeRowSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiRequest } from "../../lib/api";
import { type Change, invalidateAfter } from "../../lib/invalidation";

/** The part of a postable account (`GET /api/levelFour/get_levelFour`) the voucher forms keep; levelBalance in major units. */
export const accountSchema = levelFourSchema.pick({
  _id: true,
  levelFourName: true,
  allLevelKey: true,
  levelBalance: true,
  debitCreditId: true,
});
export type Account = z.infer<typeof accountSchema>;

export type { PostedVoucher, VoucherRecord, VoucherRecordLine, VoucherTypeRow };
export { voucherRecordLineSchema, voucherRecordSchema, voucherTypeRowSchema };

export type Book = "cash" | "bank";
/** What Voucher Search hands to Voucher Search Detail; dates are optional. */
export interface VoucherCriteria {
  voucherTypeId: number;
  startedDate: string;
  endDate: string;
}
export type StatusFilter = VoucherStatus | "All";

export const voucherKeys = {
  all: ["vouchers"] as const,
  accounts: (book: Book | "all") => [...voucherKeys.all, "accounts", book] as const,
  types: () => [...voucherKeys.all, "types"] as const,
  byStatus: (status: StatusFilter) => [...voucherKeys.all, "list", "status", status] as const,
  byType: (criteria: VoucherCriteria) => [...voucherKeys.all, "list", "type", criteria] as const,
  search: (text: string, size: number) => [...voucherKeys.all, "list", "search", text, size] as const,
};

/** Postable accounts: all of them, or only the cash or bank group of Accounts Integration. */
export function useAccounts(book: Book | "all" = "all") {
  return useQuery({
    queryKey: voucherKeys.accounts(book),
    queryFn: ({ signal }) =>
      api.get(`/levelFour/get_levelFour${book === "all" ? "" : `?book=${book}`}`, z.array(accountSchema), signal),
  });
}

export function useVoucherTypes() {
  return useQuery({
    queryKey: voucherKeys.types(),
    queryFn: ({ signal }) => api.get("/voucher/get_voucherTypes", z.array(voucherTypeRowSchema), signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useVouchersByStatus(status: StatusFilter) {
  return useQuery({
    queryKey: voucherKeys.byStatus(status),
    queryFn: ({ signal }) =>
      api.get(
        `/voucher/get_all_voucher${status === "All" ? "" : `?status=${status}`}`,
        z.array(voucherRecordSchema),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useVouchersByType(criteria: VoucherCriteria | null) {
  return useQuery({
    queryKey: criteria ? voucherKeys.byType(criteria) : [...voucherKeys.all, "list", "type", "none"],
    queryFn: ({ signal }) =>
      apiRequest("/voucher/get_voucher_by_voucherTypeId?page=0&limit=1000", z.array(voucherRecordSchema), {
        method: "POST",
        body: criteria,
        signal,
      }),
    enabled: criteria !== null,
  });
}

/** Free-text search over voucher number, line description, account and bill (`get_all_voucher_user`). */
export function useVoucherTextSearch(text: string, size = 200) {
  return useQuery({
    queryKey: voucherKeys.search(text, size),
    queryFn: ({ signal }) =>
      api.get(
        `/voucher/get_all_voucher_user?${new URLSearchParams({ size: String(size), page: "1", search: text })}`,
        voucherSearchPageSchema,
        signal,
      ),
    enabled: text !== "",
    placeholderData: keepPreviousData,
  });
}

/** Posting, approving and reversing change every voucher list, ledger, report and the dashboard. */
function useInvalidateAfter() {
  const client = useQueryClient();
  return (change: Change) => invalidateAfter(client, change);
}

export function useAddVoucher() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: (input: AddVoucherInput) => api.post("/voucher/add_voucher", input, voucherPostedSchema),
    onSuccess: () => invalidate("voucherPosted"),
  });
}

export type Decision = typeof VOUCHER_STATUS.approved | typeof VOUCHER_STATUS.disapproved;

export function useDecideVoucher() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Decision }) =>
      apiRequest(`/voucher/approve_voucher/${id}`, voucherDecidedSchema, { method: "PUT", body: { status } }),
    onSettled: (_, __, { status }) =>
      invalidate(status === VOUCHER_STATUS.approved ? "voucherApproved" : "voucherDisapproved"),
  });
}

export function useReverseVoucher() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/voucher/reverse_voucher/${id}`, voucherReversedSchema, { method: "POST" }),
    onSettled: () => invalidate("voucherReversed"),
  });
}
