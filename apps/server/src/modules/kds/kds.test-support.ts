import { randomUUID } from "node:crypto";
import { perm } from "@cargodesk/shared";
import { expect } from "vitest";
import { kitchenStations } from "../../db/schema/index";
import { createUser, loginCargo, type TestApp } from "../../test/harness";
import { dish, type PosSetup, setCategory } from "../../test/pos-fixtures";
import { apiAs, startOrderTest } from "../pos-orders/pos-orders.test-helpers";

/** One Server-Sent Events message as a screen reads it. */
export interface SseMessage {
  id: string | null;
  event: string;
  data: unknown;
}

export function parseSse(block: string): SseMessage | null {
  let id: string | null = null;
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("id: ")) id = line.slice(4);
    else if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  if (data.length === 0) return null;
  return { id, event, data: JSON.parse(data.join("\n")) };
}

/**
 * A screen's stream read through fetch, as the web app reads it: the messages so far, a wait for
 * the next ones (failing after `timeoutMs` instead of hanging) and the close.
 */
export async function openStream(
  base: string,
  token: string,
  query = "",
  headers: Record<string, string> = {},
  path = "/api/kds/stream",
) {
  const abort = new AbortController();
  const response = await fetch(`${base}${path}${query}`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: abort.signal,
  });
  const messages: SseMessage[] = [];
  const raw: string[] = [];
  let waiters: (() => void)[] = [];
  let ended = false;
  const reader = response.body?.getReader();
  const pump = (async () => {
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          raw.push(block);
          const message = parseSse(block);
          if (message) messages.push(message);
          end = buffer.indexOf("\n\n");
        }
        for (const wake of waiters) wake();
        waiters = [];
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    response,
    messages,
    raw,
    /** Waits until `count` messages of these kinds arrived; answers them. */
    async waitFor(count: number, kinds: readonly string[], timeoutMs = 10_000) {
      const matching = () => messages.filter((message) => kinds.includes(message.event));
      const deadline = Date.now() + timeoutMs;
      while (matching().length < count && !ended && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.max(1, deadline - Date.now())).unref();
        });
      }
      expect(matching().length, `${count} of ${kinds.join("/")} in ${JSON.stringify(messages)}`).toBeGreaterThanOrEqual(
        count,
      );
      return matching();
    },
    async close() {
      abort.abort();
      await pump;
    },
  };
}
export type Stream = Awaited<ReturnType<typeof openStream>>;

/** Acceptance 1's menu: a burger on Grill, fries on Fry and a cola whose category is not sent to the kitchen. */
export async function grillFryCola(t: TestApp, pos: PosSetup) {
  const suffix = randomUUID().slice(0, 6);
  const [grill, fry] = await t.db
    .insert(kitchenStations)
    .values([
      { outletId: 1, name: `Grill ${suffix}`, targetMinutes: 8, alertMinutes: 4 },
      { outletId: 1, name: `Fry ${suffix}` },
    ])
    .returning();
  if (!grill || !fry) throw new Error("stations not inserted");
  const common = { taxClassId: pos.foodTaxId };
  const burger = await dish(t, { ...common, name: `Burger ${suffix}`, priceMinor: 50_000n, stationId: grill.id });
  const fries = await dish(t, { ...common, name: `Fries ${suffix}`, priceMinor: 20_000n, stationId: fry.id });
  const cola = await dish(t, { ...common, name: `Cola ${suffix}`, priceMinor: 10_000n, stationId: grill.id });
  await setCategory(t.db, cola.categoryId, { sendToKitchen: false });
  return { grill, fry, burger, fries, cola };
}

/**
 * A KDS test's app on a fresh database, listening on a free port (streams are read over real HTTP,
 * not inject): the order API as the admin, a cook holding only Kitchen Display System, a manager who
 * approves voids, and acceptance 1's menu.
 */
export async function startKdsTest() {
  const setup = await startOrderTest();
  const menu = await grillFryCola(setup.t, setup.pos);
  const user = await createUser(setup.t.db, { permissions: [perm("Kitchen Display System")] });
  const cookToken = await loginCargo(setup.t.app, user.email, user.password);
  const manager = await createUser(setup.t.db, { permissions: [perm("Setting", "Day Close")] });
  await setup.t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = setup.t.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return {
    setup,
    menu,
    cook: apiAs(setup.t, () => cookToken),
    cookToken,
    manager,
    base: `http://127.0.0.1:${address.port}`,
  };
}
export type KdsTest = Awaited<ReturnType<typeof startKdsTest>>;
