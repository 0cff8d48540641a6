import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { type Database, openPostgres } from "../../db/client";
import { addLine, newOrder, ok, uuid } from "../pos-orders/pos-orders.test-helpers";
import { type KdsTest, openStream, startKdsTest } from "./kds.test-support";

/**
 * WP4 API acceptance 7: two server processes on one PostgreSQL; a ticket fired on A reaches a
 * screen connected to B. A second app with its own pool and its own LISTEN connection stands in for
 * the second process (as the WP3 race test does). PostgreSQL only: PGlite is one process's database.
 */
let kds: KdsTest;
let b: { database: Database; app: FastifyInstance; base: string } | null = null;

beforeAll(async () => {
  kds = await startKdsTest();
  const url = kds.setup.t.url;
  if (!url) return;
  const database = await openPostgres(url);
  const app = await buildApp({ config: kds.setup.t.config, database, tokens: kds.setup.t.tokens });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  b = { database, app, base: `http://127.0.0.1:${address.port}` };
});
afterAll(async () => {
  await b?.app.close();
  await b?.database.close();
  await kds.setup.t.close();
});

describe.skipIf(!process.env.DATABASE_URL)("two servers on one PostgreSQL", () => {
  it("a ticket fired on server A reaches a screen on server B", async () => {
    if (!b) throw new Error("the second server did not start");
    const screen = await openStream(b.base, kds.cookToken, `?stationId=${kds.menu.grill.id}`);
    await screen.waitFor(1, ["hello"]);
    const { api, pos } = kds.setup;
    const order = await ok(
      newOrder(api, pos.counterId, [addLine(kds.menu.burger.variantId), { opUuid: uuid(), kind: "fire" }]),
    );
    const [created] = await screen.waitFor(1, ["ticket_created"]);
    expect(created?.data).toMatchObject({ orderId: order.id, stationId: kds.menu.grill.id });
    await screen.close();
  });
});
