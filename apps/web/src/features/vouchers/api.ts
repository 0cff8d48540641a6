import { type AddVoucherInput, VOUCHER_STATUS, type VoucherStatus } from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiRequest } from "../../lib/api";
import { type Change, invalidateAfter } from "../../lib/invalidation";

/** A postable (level 4) account as `GET /api/levelFour/get_levelFour` lists it; levelBalance in major units. */
export const accountSchema = z.object({
  _id: z.number().int(),
  levelFourName: z.string(),
  allLevelKey: z.string(),
  levelBalance: z.number(),
  debitCreditId: z.number().int(),
});
export type Account = z.infer<typeof accountSchema>;

export const voucherTypeRowSchema = z.object({
  _id: z.number().int(),
  voucherTypeId: z.number().int(),
  voucherType: z.string(),
  abbrevation: z.string(),
  name: z.string(),
});
export type VoucherTypeRow = z.infer<typeof voucherTypeRowSchema>;

const voucherStatusSchema = z.enum([VOUCHER_STATUS.pending, VOUCHER_STATUS.approved, VOUCHER_STATUS.disapproved]);

export const voucherRecordLineSchema = z.object({
  lineNo: z.number().int(),
  levelFourId: z.number().int(),
  allLevelKey: z.string(),
  /** The account's own name; accountTittle is what was typed (a bracketed list on balancing lines). */
  accountName: z.string().nullish(),
  accountTittle: z.string(),
  voucherDescription: z.string(),
  billNumber: z.string(),
  voucherAmount: z.number(),
  accountType: z.number().int(),
  debit: z.number(),
  credit: z.number(),
});
export type VoucherRecordLine = z.infer<typeof voucherRecordLineSchema>;

/** A stored voucher with its lines, as every voucher list and `GET /api/voucher/{id}` answer it. */
export const voucherRecordSchema = z.object({
  _id: z.number().int(),
  voucherManualId: z.string(),
  vocDate: z.string(),
  status: voucherStatusSchema,
  voucherTypeId: z.number().int(),
  voucherType: z.string(),
  cashAccTittle: z.string().nullish(),
  totalAmount: z.number(),
  source: z.string().nullish(),
  reversalOfId: z.number().int().nullish(),
  reversedBy: z.object({ _id: z.number().int(), voucherManualId: z.string() }).nullish(),
  createdBy: z.string().nullish(),
  createdById: z.number().int().nullish(),
  decidedBy: z.string().nullish(),
  decidedAt: z.string().nullish(),
  voucherData: z.array(voucherRecordLineSchema),
});
export type VoucherRecord = z.infer<typeof voucherRecordSchema>;

const postedSchema = z.object({ vocId: z.string(), _id: z.number().int(), message: z.string() });
export type PostedVoucher = z.infer<typeof postedSchema>;
const messageSchema = z.object({ message: z.string() });
const userSearchSchema = z.object({
  data: z.array(voucherRecordSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

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
        userSearchSchema,
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
    mutationFn: (input: AddVoucherInput) => api.post("/voucher/add_voucher", input, postedSchema),
    onSuccess: () => invalidate("voucherPosted"),
  });
}

export type Decision = typeof VOUCHER_STATUS.approved | typeof VOUCHER_STATUS.disapproved;

export function useDecideVoucher() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Decision }) =>
      apiRequest(`/voucher/approve_voucher/${id}`, messageSchema, { method: "PUT", body: { status } }),
    onSettled: (_, __, { status }) =>
      invalidate(status === VOUCHER_STATUS.approved ? "voucherApproved" : "voucherDisapproved"),
  });
}

export function useReverseVoucher() {
  const invalidate = useInvalidateAfter();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/voucher/reverse_voucher/${id}`, messageSchema.extend({ vocId: z.string() }), { method: "POST" }),
    onSettled: () => invalidate("voucherReversed"),
  });
}
