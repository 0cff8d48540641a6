import { errorBodySchema } from "@cargodesk/shared";
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../lib/api";
import { readToken, signOut } from "../../lib/session";

export type ShipmentDocument = "waybill" | "invoice";

const REVOKE_AFTER_MS = 5 * 60_000;
const TITLES: Record<ShipmentDocument, string> = { waybill: "Waybill", invoice: "Invoice" };

async function errorOf(response: Response): Promise<ApiError> {
  const payload: unknown = await response.json().catch(() => null);
  const body = errorBodySchema.safeParse(payload);
  return body.success
    ? new ApiError(response.status, body.data.code, body.data.message, body.data.details)
    : new ApiError(response.status, "HTTP_ERROR", `The server answered with status ${response.status}.`);
}

/** `GET /api/shipment/{id}/waybill.pdf` (or invoice.pdf) with the bearer token. */
export async function fetchShipmentPdf(id: number, document: ShipmentDocument): Promise<Blob> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: "application/pdf" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/shipment/${id}/${document}.pdf`, { headers });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    if (response.status === 401) signOut("/cargo-login");
    throw await errorOf(response);
  }
  return new Blob([await response.blob()], { type: "application/pdf" });
}

/**
 * Opens a window during the click (window.open cannot send the bearer token, and a window opened
 * after an await may be blocked as a pop-up); the PDF fills it once it arrives.
 */
export function openBlankWindow(title: string): Window | null {
  const target = window.open("", "_blank");
  if (target) {
    target.document.title = title;
    target.document.body.textContent = `Loading ${title}…`;
  }
  return target;
}

/** Shows the PDF in `target`, or downloads it when no window could be opened. */
export async function showShipmentPdf(
  id: number,
  document: ShipmentDocument,
  trackingId: string,
  target: Window | null,
): Promise<void> {
  try {
    const blob = await fetchShipmentPdf(id, document);
    const url = URL.createObjectURL(blob);
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
    if (target && !target.closed) {
      target.location.href = url;
      return;
    }
    const link = window.document.createElement("a");
    link.href = url;
    link.download = `${document}-${trackingId}.pdf`;
    window.document.body.append(link);
    link.click();
    link.remove();
  } catch (error) {
    target?.close();
    throw error;
  }
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
