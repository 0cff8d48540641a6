import { RATE_MESSAGES, type ShipmentCreateInput } from "@cargodesk/shared";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiRequest, errorMessage } from "../../../lib/api";
import { openBlankWindow } from "../../../lib/files";
import { showShipmentPdf } from "../documents";

/** What this page reads of POST /api/shipment's answer (`shipment_data[0]` is a ShipmentView). */
const createdSchema = z.object({
  message: z.string(),
  shipment_data: z
    .array(
      z.object({
        shipment_id: z.number().int(),
        tracking_id: z.string(),
        shipment_type: z.string(),
        invoice_type: z.coerce.number(),
      }),
    )
    .min(1),
});

export interface SavedShipment {
  message: string;
  shipmentId: number;
  trackingId: string;
  /** Why a document could not be shown, when the shipment itself was stored. */
  documentError: string | null;
}

export type SaveFailure = { kind: "noRate"; message: string } | { kind: "other"; message: string };

export function failureOf(error: unknown): SaveFailure {
  // The server names the field: `amount: <noRate>` with details [{ field: "amount", message }].
  if (
    error instanceof ApiError &&
    error.status === 400 &&
    error.fieldIssues.some((issue) => issue.field === "amount" && issue.message === RATE_MESSAGES.noRate)
  )
    return { kind: "noRate", message: RATE_MESSAGES.noRate };
  const fields = error instanceof ApiError ? error.fieldIssues.map((issue) => issue.message) : [];
  return { kind: "other", message: fields.length > 0 ? fields.join(" · ") : errorMessage(error) };
}

interface SaveVariables {
  payload: ShipmentCreateInput;
  waybill: Window | null;
  invoice: Window | null;
}

async function saveShipment({ payload, waybill, invoice }: SaveVariables): Promise<SavedShipment> {
  let created: z.output<typeof createdSchema>;
  try {
    created = await apiRequest("/shipment", createdSchema, { method: "POST", body: payload });
  } catch (error) {
    waybill?.close();
    invoice?.close();
    throw error;
  }
  const [shipment] = created.shipment_data;
  if (!shipment) throw new Error("The server stored the shipment but did not return it.");
  const wantsInvoice = shipment.shipment_type !== "Doc" && shipment.invoice_type === 1;
  if (!wantsInvoice) invoice?.close();
  const documents = await Promise.allSettled([
    showShipmentPdf(shipment.shipment_id, "waybill", shipment.tracking_id, waybill),
    wantsInvoice ? showShipmentPdf(shipment.shipment_id, "invoice", shipment.tracking_id, invoice) : Promise.resolve(),
  ]);
  const failed = documents.find((result) => result.status === "rejected");
  return {
    message: created.message,
    shipmentId: shipment.shipment_id,
    trackingId: shipment.tracking_id,
    documentError: failed?.status === "rejected" ? errorMessage(failed.reason) : null,
  };
}

/**
 * Saves the shipment, then opens its waybill (and, for Pack with a custom invoice, the invoice).
 * `save` must run in the click: the windows are opened before the request so no pop-up blocker
 * stops them.
 */
export function useSaveShipment() {
  const mutation = useMutation({ mutationFn: saveShipment });
  return {
    save: (
      payload: ShipmentCreateInput,
      callbacks: { onSuccess: (saved: SavedShipment) => void; onError: (failure: SaveFailure) => void },
    ) => {
      const waybill = openBlankWindow("Waybill");
      const invoice =
        payload.shipment_type === "Pack" && payload.invoice_type === 1 ? openBlankWindow("Invoice") : null;
      mutation.mutate(
        { payload, waybill, invoice },
        { onSuccess: callbacks.onSuccess, onError: (error) => callbacks.onError(failureOf(error)) },
      );
    },
    pending: mutation.isPending,
  };
}
