/**
 * What other modules may use of the order engine: reading an order as the API answers it, and the
 * counter's open session (locked) with the next invoice number of its counter.
 */
export { lockOpenSession, nextInvoiceNumber, type OpenSession } from "./pos-orders.pay";
export { readOrder, readOrderDetail } from "./pos-orders.read";
