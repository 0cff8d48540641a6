import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { StreamState } from "../../lib/sse";
import { kdsKeys, type StationChoice } from "./api";
import { beep } from "./beep";
import { connectKdsStream } from "./stream";

export interface PrinterAlert {
  printer: string;
  reason: string;
}

const text = (value: unknown, fallback: string) => (typeof value === "string" && value !== "" ? value : fallback);

/**
 * Keeps the station's snapshot live: every event reloads the snapshot and the counts (a new ticket
 * also chimes), `reset` reloads them, and each connection's hello sets the clock offset the timers
 * use and reloads once (closing the gap between the first snapshot and the stream).
 * `stationId` undefined: no station chosen yet, no stream.
 */
export function useKdsLive(stationId: StationChoice | undefined) {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>("connecting");
  const [streamError, setStreamError] = useState<string | null>(null);
  const [offsetMs, setOffsetMs] = useState(0);
  const [printerAlert, setPrinterAlert] = useState<PrinterAlert | null>(null);

  useEffect(() => {
    if (stationId === undefined) return;
    const reload = () => {
      void client.invalidateQueries({ queryKey: kdsKeys.snapshot(stationId) });
      void client.invalidateQueries({ queryKey: kdsKeys.stats(stationId) });
    };
    setStreamError(null);
    return connectKdsStream(stationId, {
      onHello: (serverTime, receivedAt) => {
        setOffsetMs(serverTime - receivedAt);
        reload();
      },
      onReset: reload,
      onEvent: (event) => {
        if (event.kind === "printer_failed") {
          setPrinterAlert({
            printer: text(event.payload.printer, "The kitchen printer"),
            reason: text(event.payload.reason, "it did not answer"),
          });
          return;
        }
        if (event.kind === "ticket_created") beep();
        reload();
      },
      onState: (next, error) => {
        setState(next);
        if (error) setStreamError(error);
      },
    });
  }, [client, stationId]);

  return { state, streamError, offsetMs, printerAlert, dismissPrinterAlert: () => setPrinterAlert(null) };
}

/** The client's clock, ticking every second, for the timers. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
