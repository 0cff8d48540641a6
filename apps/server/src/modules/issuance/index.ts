/** What other Store modules may use of issuance: the conversion of document lines to stock units. */
export { type EnteredLine, requirePositive, type StockLine, toStockLines } from "./stock-lines";
