/**
 * Fiscal reporting (design D16, WP5): what the order engine calls at payment (queue an invoice), the
 * adapter interface a real tax authority's adapter implements, and the sender the app starts.
 */
export type { FiscalAdapter, FiscalInvoice, FiscalResult } from "./fiscal.adapter";
export { fiscalAdapterOf } from "./fiscal.adapters";
export { fiscalReportingOn, queueFiscalReport } from "./fiscal.queue";
export { fiscalRoutes } from "./fiscal.routes";
export { createFiscalSender, type FiscalSender, scheduleFiscalSender } from "./fiscal.sender";
