import { money } from "../../lib/format";

/** Details tables of levels 2, 3 and 4: 30 rows a page, options 30, 50 and 100 (spec section 9). */
export const LEVEL_PAGE_SIZES = [30, 50, 100] as const;
export const LEVEL_PAGE_SIZE = 30;

/** A balance's side as the spec prints it: 2 debit (DR), 1 credit (CR); nothing for a zero balance. */
export const sideOf = (amount: number, debitCreditId: number): string =>
  amount === 0 ? "" : debitCreditId === 2 ? "DR" : "CR";

/** A debit-positive balance as "1,234.50 DR" / "200.00 CR" / "0.00". */
export function formatSigned(balance: number): string {
  if (balance === 0) return "0.00";
  return `${money(Math.abs(balance))} ${balance > 0 ? "DR" : "CR"}`;
}
