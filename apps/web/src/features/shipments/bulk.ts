import { type ShipmentBulkPostAnswer, shipmentBulkPostAnswerSchema } from "@cargodesk/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiFile } from "../../lib/api";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { invalidateAfter } from "../../lib/invalidation";

/** `POST /api/shipment/waybills.pdf`: one PDF with every chosen shipment's waybill, in a window opened during the click. */
export function useBulkWaybills() {
  return useMutation({
    mutationFn: ({ ids, target }: { ids: number[]; target: Window | null }) =>
      showInWindow(
        () =>
          apiFile("/shipment/waybills.pdf", {
            method: "POST",
            body: { ids },
            type: "application/pdf",
            fallbackName: `waybills-${ids.length}.pdf`,
          }),
        target,
      ),
  });
}

export const openWaybillsWindow = (count: number) => openBlankWindow(`Waybills (${count})`);

/** `POST /api/shipment/post_charges`: each chosen shipment's charge posted on its own; the lists and the books reload. */
export function useBulkPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]): Promise<ShipmentBulkPostAnswer> =>
      api.post("/shipment/post_charges", { ids }, shipmentBulkPostAnswerSchema),
    onSettled: () => invalidateAfter(client, "shipmentChargePosted"),
  });
}
