import { errorBodySchema } from "@cargodesk/shared";
import { ApiError } from "../../../lib/api";
import { readToken, signOut } from "../../../lib/session";

export type ShipmentDocument = "waybill" | "invoice";

const REVOKE_AFTER_MS = 5 * 60_000;
const TITLES: Record<ShipmentDocument, string> = { waybill: "Waybill", invoice: "Invoice" };

/**
 * Opens an empty window during the click: window.open cannot send the bearer token, and a window
 * opened after an await may be blocked as a pop-up. It is filled once the PDF arrives.
 */
export function openDocumentWindow(document: ShipmentDocument): Window | null {
  const target = window.open("", "_blank");
  if (target) {
    target.document.title = TITLES[document];
    target.document.body.textContent = `Preparing the ${TITLES[document].toLowerCase()}…`;
  }
  return target;
}

async function fetchDocument(shipmentId: number, document: ShipmentDocument): Promise<Blob> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: "application/pdf" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/shipment/${shipmentId}/${document}.pdf`, { headers });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    if (response.status === 401) signOut("/cargo-login");
    const payload: unknown = await response.json().catch(() => null);
    const body = errorBodySchema.safeParse(payload);
    throw body.success
      ? new ApiError(response.status, body.data.code, body.data.message, body.data.details)
      : new ApiError(response.status, "HTTP_ERROR", `The server answered with status ${response.status}.`);
  }
  return new Blob([await response.blob()], { type: "application/pdf" });
}

/**
 * Shows the shipment's waybill or invoice in `target`; without a window (pop-ups blocked) the PDF
 * is downloaded as `<document>-<tracking id>.pdf` instead.
 */
export async function showDocument(
  shipmentId: number,
  trackingId: string,
  document: ShipmentDocument,
  target: Window | null,
): Promise<void> {
  try {
    const url = URL.createObjectURL(await fetchDocument(shipmentId, document));
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
