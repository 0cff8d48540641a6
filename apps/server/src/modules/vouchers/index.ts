/** What other modules may use of vouchers: deciding and reversing a voucher (the books' property tests drive them). */
export { decideVoucher, reverseVoucher } from "./vouchers.service";
