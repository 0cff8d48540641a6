/** What other Store modules may use of issuance: bin locks in the kernel's order and unit conversion of lines. */
export { binKey, type LockedBin, lockBinsInOrder } from "./bins";
export { type EnteredLine, requirePositive, type StockLine, toStockLines } from "./stock-lines";
