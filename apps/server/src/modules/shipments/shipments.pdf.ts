import type { ShipmentView } from "@cargodesk/shared";
import type { DocumentCompany } from "../../lib/documents/model";
import { renderPdf } from "../../lib/documents/render";

/**
 * The shipment documents, drawn in the worker pool from the stored shipment's view (the drawing is
 * lib/documents/waybill-pdf.ts and invoice-pdf.ts; docs/documents.md describes both layouts).
 */

/** The waybills of `shipments` in one PDF, in the order given, each with its tracking page's QR code. */
export function waybillsPdf(
  shipments: readonly { view: ShipmentView; trackingUrl: string }[],
  company: DocumentCompany,
  title: string,
): Promise<Buffer> {
  return renderPdf("waybillPdf", { title, company, waybills: shipments });
}

/** One shipment's waybill: landscape A4, a shipper copy and a consignee copy side by side. */
export function waybillPdf(view: ShipmentView, company: DocumentCompany, trackingUrl: string): Promise<Buffer> {
  return waybillsPdf([{ view, trackingUrl }], company, `Waybill ${view.tracking_id}`);
}

/** The customs invoice: portrait A4, more pages when the item lines need them. */
export function invoicePdf(view: ShipmentView, company: DocumentCompany): Promise<Buffer> {
  return renderPdf("invoicePdf", { view, company });
}
