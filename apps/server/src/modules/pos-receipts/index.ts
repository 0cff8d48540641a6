/** What other modules may use of receipts: the model of an order, and queuing it for a network printer. */
export { buildReceipt } from "./pos-receipts.build";
export { queueReceiptPrint } from "./pos-receipts.service";
