/**
 * What other modules may use of the order engine: reading an order as the API answers it, and the
 * counter's open session (locked) with the next invoice number of its counter; and for moving checks
 * between tables (pos-tables) the order locked with its lines, its pricing and its write-back.
 */
export { flushOrder, type LoggedOp } from "./pos-orders.flush";
export { lockOpenSession, nextInvoiceNumber, type OpenSession } from "./pos-orders.pay";
export { loadPricing, reprice } from "./pos-orders.pricing";
export { readOrder, readOrderDetail } from "./pos-orders.read";
export { assertChangeable, type LineState, loadOrderForUpdate, type OrderState } from "./pos-orders.state";
