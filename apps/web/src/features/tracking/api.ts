import { isValidTrackingId, SHIPMENT_MESSAGES, type TrackingEntry, trackingEntrySchema } from "@cargodesk/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiRequest } from "../../lib/api";

export type { TrackingEntry };

/**
 * The public history of one tracking number (no sign-in). A number whose check digit fails is
 * refused here without asking the server; the server refuses it too.
 */
export function useTrackingHistory(trackingId: string | null) {
  return useQuery({
    queryKey: ["tracking", trackingId],
    queryFn: ({ signal }) => {
      if (trackingId !== null && !isValidTrackingId(trackingId)) {
        throw new ApiError(404, "NOT_FOUND", SHIPMENT_MESSAGES.trackingNotFound);
      }
      return apiRequest(`/shipment/shipment_tracking_history/${trackingId}`, z.array(trackingEntrySchema), {
        signal,
        // Public: a visitor's stale session must neither be sent nor ended by this page.
        anonymous: true,
      });
    },
    enabled: trackingId !== null,
    staleTime: 30_000,
  });
}
