import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { type Database, openPostgres } from "../../db/client";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { dish, type PosSetup, posSetup } from "../../test/pos-fixtures";
import { addLine, payOp, uuid } from "./pos-orders.test-helpers";

/**
 * WP3 acceptance 5: payments at once on one counter get invoice numbers with no gaps and no
 * duplicates. On PostgreSQL a second app on its own connection pool stands in for a second server.
 */
let t: TestApp;
let token: string;
let pos: PosSetup;
let second: { database: Database; app: FastifyInstance } | null = null;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  pos = await posSetup(t);
  if (t.url) {
    const database = await openPostgres(t.url);
    const app = await buildApp({ config: t.config, database, tokens: t.tokens });
    await app.ready();
    second = { database, app };
  }
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await t.close();
});

describe("concurrent payments on one counter", () => {
  it("acceptance 5: 8 sales at once get consecutive, unique invoice numbers", async () => {
    const item = await dish(t, { name: "Race Tea", priceMinor: 10_000n, taxClassId: pos.foodTaxId });
    const sale = (index: number) =>
      (index % 2 === 1 && second ? second.app : t.app).inject({
        method: "POST",
        url: "/api/pos/order",
        headers: bearer(token),
        payload: {
          clientUuid: uuid(),
          counterId: pos.counterId,
          orderType: "take_away",
          ops: [addLine(item.variantId), payOp([{ methodId: pos.cashId, amount: 116 }])],
        },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => sale(index)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers.map((answer) => answer.json<{ number: string }>().number).sort();
    const sequence = numbers.map((number) => Number(number.split("-")[2]));
    expect(new Set(numbers).size).toBe(8);
    const first = sequence[0] ?? 0;
    expect(sequence).toEqual(Array.from({ length: 8 }, (_, index) => first + index));
    const tokens = answers.map((answer) => answer.json<{ token: number }>().token);
    expect(new Set(tokens).size).toBe(8);
  });
});
