import { RATE_MESSAGES, SHIPMENT_MESSAGES, type ShipmentCreateInput, shipmentAddedSchema } from "@cargodesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest, errorMessage } from "../../../lib/api";
import { invalidateAfter } from "../../../lib/invalidation";

export interface SavedShipment {
  message: string;
  shipmentId: number;
  trackingId: string;
  /** A custom invoice (invoice type 1) can be printed. */
  hasInvoice: boolean;
  customerUserId: number | null;
}

export type SaveFailure = { kind: "noRate"; message: string } | { kind: "other"; message: string };

/** The server's own reason, field by field ("packages.0.length: ..."); the spec's fixed text only when there is none. */
export function failureOf(error: unknown): SaveFailure {
  const issues = error instanceof ApiError ? error.fieldIssues : [];
  if (issues.some((issue) => issue.field === "amount" && issue.message === RATE_MESSAGES.noRate))
    return { kind: "noRate", message: RATE_MESSAGES.noRate };
  if (issues.length > 0)
    return { kind: "other", message: issues.map((issue) => `${issue.field}: ${issue.message}`).join(" · ") };
  const message = errorMessage(error).trim();
  return { kind: "other", message: message || SHIPMENT_MESSAGES.createFailed };
}

async function saveShipment(payload: ShipmentCreateInput): Promise<SavedShipment> {
  const created = await apiRequest("/shipment", shipmentAddedSchema, { method: "POST", body: payload });
  const [shipment] = created.shipment_data;
  if (!shipment) throw new Error("The server stored the shipment but did not return it.");
  return {
    message: created.message,
    shipmentId: shipment.shipment_id,
    trackingId: shipment.tracking_id,
    hasInvoice: shipment.invoice_type === 1,
    customerUserId: shipment.customer_user_id,
  };
}

/**
 * Saves the shipment. The documents are not opened here: the result panel opens each from its own
 * click, so no pop-up blocker stops the second one.
 */
export function useSaveShipment() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: saveShipment,
    onSuccess: () => invalidateAfter(client, "shipmentBooked"),
  });
  return {
    save: (
      payload: ShipmentCreateInput,
      callbacks: { onSuccess: (saved: SavedShipment) => void; onError: (failure: SaveFailure) => void },
    ) =>
      mutation.mutate(payload, {
        onSuccess: callbacks.onSuccess,
        onError: (error) => callbacks.onError(failureOf(error)),
      }),
    pending: mutation.isPending,
  };
}
