import { type KdsEvent, kdsEventSchema } from "@cargodesk/shared";
import { connectSse, type StreamState } from "../../lib/sse";
import type { StationChoice } from "./api";

/** The kitchen's live stream (design 6.3), read through lib/sse (bearer, Last-Event-ID, backoff). */
export interface StreamHandlers {
  /** The server's clock when the connection opened: the screen's timers are corrected by it. */
  onHello: (serverTimeMs: number, receivedAtMs: number) => void;
  onEvent: (event: KdsEvent) => void;
  /** The events missed are no longer kept: reload the snapshot. */
  onReset: () => void;
  onState: (state: StreamState, error?: string) => void;
}

/** Opens the station's stream (every station's for null) and keeps it open until the answer is called. */
export function connectKdsStream(stationId: StationChoice, handlers: StreamHandlers): () => void {
  const query = stationId === null ? "" : `?stationId=${stationId}`;
  return connectSse(`/kds/stream${query}`, {
    ...handlers,
    onEvent: (_, data) => {
      const event = kdsEventSchema.safeParse(data);
      if (event.success) handlers.onEvent(event.data);
    },
  });
}
