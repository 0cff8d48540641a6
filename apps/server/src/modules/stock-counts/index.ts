/** What others may use of the Difference Report: nothing yet beyond its routes; Day Close will read counts here. */
export { findStockCount } from "./stock-counts.queries";
