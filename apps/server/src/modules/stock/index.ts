/**
 * The stock kernel: what every Store document and (later) the POS calls to move stock. Features
 * import from here only.
 */
export { checkStockDate, findLocation, inventoryAccountOf, nextDocNumber, type StockLocation } from "./documents";
export {
  type AppliedMove,
  applyMoves,
  binKey,
  type LockedBin,
  linkMovesToVoucher,
  lockBins,
  type MoveInput,
} from "./moves";
export { postStockVoucher, stockVoucherLine } from "./vouchers";
