/**
 * What other modules may use of vouchers: deciding and reversing a voucher (the books' property tests
 * drive them), and who may read vouchers (a voucher's sources are read under the same permissions).
 */
export { VOUCHER_READERS } from "./vouchers.routes";
export { decideVoucher, reverseVoucher } from "./vouchers.service";
