import type { KdsEvent } from "@cargodesk/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StreamState } from "../../lib/sse";
import { connectKdsStream } from "./stream";

/** A streamed answer that sends `chunks` and ends (the server closing the connection). */
const streamed = (chunks: string[], status = 200) =>
  new Response(
    status === 200
      ? new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
            controller.close();
          },
        })
      : JSON.stringify({ code: "FORBIDDEN", kind: "FORBIDDEN", message: "You do not have access" }),
    { status, headers: { "content-type": status === 200 ? "text/event-stream" : "application/json" } },
  );

const event = (id: number, kind: string) =>
  `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify({ id, kind, stationId: 3, ticketId: 1, orderId: 1, payload: {}, at: "2026-11-24T12:00:00.000Z" })}\n\n`;

describe("the kitchen stream read through fetch", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    vi.stubGlobal("localStorage", { getItem: (key: string) => (key === "token" ? "the-token" : null) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends the bearer token, reconnects after 1 s with Last-Event-ID, reloads on reset, stops on 403", async () => {
    const asked: Headers[] = [];
    const answers = [
      streamed([
        "retry: 2000\n\nevent: hello\ndata: ",
        '{"serverTime":"2030-01-01T00:00:00.000Z","stationId":3}\n\n: heartbeat\n\n',
        event(5, "ticket_created").slice(0, 20),
        event(5, "ticket_created").slice(20),
      ]),
      streamed([
        `event: hello\ndata: {"serverTime":"2030-01-01T00:00:00.000Z"}\n\n`,
        'id: 9\nevent: reset\ndata: {"lastEventId":9}\n\n',
      ]),
      streamed([], 403),
    ];
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      expect(url).toBe("/api/kds/stream?stationId=3");
      asked.push(new Headers(init.headers));
      return Promise.resolve(answers.shift());
    });
    const events: KdsEvent[] = [];
    const states: StreamState[] = [];
    const hellos: number[] = [];
    let resets = 0;
    let stoppedWith: string | undefined;
    const stop = connectKdsStream(3, {
      onHello: (serverTime) => hellos.push(serverTime),
      onEvent: (received) => events.push(received),
      onReset: () => {
        resets += 1;
      },
      onState: (state, error) => {
        states.push(state);
        if (error) stoppedWith = error;
      },
    });

    await vi.waitFor(() => expect(states).toContain("reconnecting"));
    expect(asked[0]?.get("authorization")).toBe("Bearer the-token");
    expect(asked[0]?.has("last-event-id")).toBe(false);
    expect(hellos).toEqual([Date.parse("2030-01-01T00:00:00.000Z")]);
    expect(events.map((received) => [received.id, received.kind])).toEqual([[5, "ticket_created"]]);

    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.get("last-event-id")).toBe("5");
    await vi.waitFor(() => expect(resets).toBe(1));

    // After a hello the backoff starts again at 1 s; the next id sent is the reset's.
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]?.get("last-event-id")).toBe("9");
    await vi.waitFor(() => expect(states.at(-1)).toBe("stopped"));
    expect(stoppedWith).toBe("You do not have access");
    expect(states).toEqual(["connecting", "live", "reconnecting", "live", "reconnecting", "stopped"]);
    stop();
  });

  it("backs off longer while the server cannot be reached, and stops when closed", async () => {
    let calls = 0;
    vi.stubGlobal("fetch", () => {
      calls += 1;
      return Promise.reject(new TypeError("Failed to fetch"));
    });
    const stop = connectKdsStream(null, { onHello: () => {}, onEvent: () => {}, onReset: () => {}, onState: () => {} });
    // (vi.waitFor would move the fake clock itself, so the clock moves only here.)
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(3);
  });
});
