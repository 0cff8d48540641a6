import { isValidTrackingId, SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiRequest } from "../../lib/api";

const place = z.object({ city: z.string().nullish(), country: z.string().nullish() });

const trackingEntrySchema = z.object({
  status: z.string(),
  status_location: z.string(),
  status_date: z.string(),
  shipment: z.object({
    tracking_id: z.string(),
    expected_delivery_date: z.string().nullish(),
    track_status: z.string().nullish(),
    shipment_type: z.string().nullish(),
    service_type: z.object({ name: z.string() }).nullish(),
    total_packages: z.coerce.number().nullish(),
    origin: place.nullish(),
    destination: place.nullish(),
  }),
});
export type TrackingEntry = z.infer<typeof trackingEntrySchema>;

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
