import { z } from "zod";

/**
 * Who may approve a voucher, beyond the Voucher Verification permission. Off by default; when on,
 * whoever entered a voucher cannot approve it (four eyes). Disapproving one's own voucher stays allowed.
 */
export const voucherApprovalSettingsSchema = z.object({
  enteredByCannotApprove: z.boolean({ error: "enteredByCannotApprove must be true or false" }),
});
export type VoucherApprovalSettings = z.infer<typeof voucherApprovalSettingsSchema>;

export const VOUCHER_APPROVAL_MESSAGES = {
  saved: "Saved: vouchers are approved by someone other than the person who entered them",
  savedOff: "Saved: the person who entered a voucher may approve it",
  ownVoucher: "You entered this voucher, so another person must approve it (Accounts Integration: separate approver)",
} as const;

/** What saving the rule answers: the message and the rule as stored. */
export const voucherApprovalSavedSchema = z.object({ message: z.string(), data: voucherApprovalSettingsSchema });
