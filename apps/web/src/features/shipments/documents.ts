import { useMutation } from "@tanstack/react-query";
import { apiFile } from "../../lib/api";
import { openBlankWindow, showInWindow } from "../../lib/files";

export type ShipmentDocument = "waybill" | "invoice";

const TITLES: Record<ShipmentDocument, string> = { waybill: "Waybill", invoice: "Invoice" };

/** `GET /api/shipment/{id}/waybill.pdf` (or invoice.pdf) with the bearer token. */
export async function fetchShipmentPdf(id: number, document: ShipmentDocument): Promise<Blob> {
  const { blob } = await apiFile(`/shipment/${id}/${document}.pdf`, {
    type: "application/pdf",
    fallbackName: `${document}.pdf`,
  });
  return blob;
}

/** Shows the PDF in `target`, or downloads it as `<document>-<tracking id>.pdf` when no window could be opened. */
export function showShipmentPdf(
  id: number,
  document: ShipmentDocument,
  trackingId: string,
  target: Window | null,
): Promise<void> {
  return showInWindow(
    async () => ({ blob: await fetchShipmentPdf(id, document), fileName: `${document}-${trackingId}.pdf` }),
    target,
  );
}

interface DocumentJob {
  id: number;
  document: ShipmentDocument;
  trackingId: string;
  target: Window | null;
}

/** `open(shipment, "waybill")` from a click handler; `pending` is the document being fetched, `error` the last failure. */
export function useShipmentDocuments() {
  const mutation = useMutation({
    mutationFn: ({ id, document, trackingId, target }: DocumentJob) =>
      showShipmentPdf(id, document, trackingId, target),
  });
  return {
    open: (shipment: { shipment_id: number; tracking_id: string }, document: ShipmentDocument) =>
      mutation.mutate({
        id: shipment.shipment_id,
        document,
        trackingId: shipment.tracking_id,
        target: openBlankWindow(`${TITLES[document]} ${shipment.tracking_id}`),
      }),
    pending: mutation.isPending ? mutation.variables.document : null,
    error: mutation.error,
    reset: mutation.reset,
  };
}
