import { z } from "zod";
import { failedAnswer, parseBody } from "./api";
import { readToken } from "./session";

/**
 * A Server-Sent Events stream read through `fetch`, because EventSource cannot send the bearer
 * header: one parser, and a connection that reconnects with backoff and sends the last id it read as
 * Last-Event-ID so the server replays what it missed (or says `reset`). The kitchen screen and the
 * floor plan both read their streams through it.
 */

export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/**
 * Feeds text as it arrives and calls `onMessage` for each complete message (a blank line ends one).
 * Comment lines (`: heartbeat`) and `retry:` are skipped; several `data:` lines join with newlines.
 */
export function sseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      let id: string | null = null;
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line === "" || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id") id = value;
        else if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (data.length > 0 || id !== null) onMessage({ id, event, data: data.join("\n") });
    }
  };
}

/** The wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... at most 30 s. */
export const reconnectDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));

const helloSchema = z.object({ serverTime: z.string() });

export type StreamState = "connecting" | "live" | "reconnecting" | "stopped";

export interface SseHandlers {
  /** The server's clock when the connection opened (each connection, so a reconnect too). */
  onHello: (serverTimeMs: number, receivedAtMs: number) => void;
  /** An event other than `hello` and `reset`, its data parsed as JSON. */
  onEvent: (event: string, data: unknown) => void;
  /** The events missed are no longer kept: reload the snapshot. */
  onReset: () => void;
  onState: (state: StreamState, error?: string) => void;
}

/** Opens `/api<path>` as a stream and keeps it open (reconnecting) until the answer is called. */
export function connectSse(path: string, handlers: SseHandlers): () => void {
  const abort = new AbortController();
  let lastEventId: string | null = null;
  let attempt = 0;
  let wake: (() => void) | null = null;

  const handle = (message: SseMessage) => {
    if (message.event === "hello") {
      const hello = helloSchema.safeParse(parseBody(message.data));
      const serverTime = hello.success ? Date.parse(hello.data.serverTime) : Number.NaN;
      if (!Number.isNaN(serverTime)) handlers.onHello(serverTime, Date.now());
      attempt = 0;
      handlers.onState("live");
      return;
    }
    if (message.id !== null) lastEventId = message.id;
    if (message.event === "reset") {
      handlers.onReset();
      return;
    }
    handlers.onEvent(message.event, parseBody(message.data));
  };

  /** One connection: resolves when it ends; false when retrying would not help. */
  async function readOnce(): Promise<boolean> {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    const token = readToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
    const response = await fetch(`/api${path}`, { headers, signal: abort.signal, cache: "no-store" });
    if (!response.ok) {
      const error = failedAnswer(response.status, parseBody(await response.text()), false);
      // Signed out, not allowed, or a station or hall that no longer exists: asking again gives the same answer.
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
        handlers.onState("stopped", error.message);
        return false;
      }
      return true;
    }
    const reader = response.body?.getReader();
    if (!reader) return true;
    const decoder = new TextDecoder();
    const feed = sseParser(handle);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return true;
      feed(decoder.decode(value, { stream: true }));
    }
  }

  void (async () => {
    handlers.onState("connecting");
    while (!abort.signal.aborted) {
      let again = true;
      try {
        again = await readOnce();
      } catch {
        // The connection dropped (or never opened): try again after the backoff.
      }
      if (!again || abort.signal.aborted) return;
      handlers.onState("reconnecting");
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, reconnectDelay(attempt));
      });
      wake = null;
      attempt += 1;
    }
  })();

  return () => {
    abort.abort();
    wake?.();
  };
}
