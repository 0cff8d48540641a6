import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { type Database, openPostgres } from "../../db/client";
import { accounts, vouchers } from "../../db/schema/index";
import { todayIn } from "../../lib/dates";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let second: { app: TestApp["app"]; database: Database } | null = null;

beforeAll(async () => {
  t = await createTestApp();
  // On PostgreSQL a second app with its own connection pool stands in for a second server process.
  if (t.url) {
    const database = await openPostgres(t.url);
    const app = await buildApp({ config: t.config, database, tokens: t.tokens });
    await app.ready();
    second = { app, database };
  }
});
afterAll(async () => {
  if (second) {
    await second.app.close();
    await second.database.close();
  }
  await t.close();
});

describe("voucher numbering under concurrency", () => {
  it("50 racing posts get 50 gapless, unique numbers", async () => {
    const token = await adminToken(t.app);
    const today = todayIn(t.config.APP_TZ);
    const [rent] = await t.db.select().from(accounts).where(eq(accounts.name, "RENT"));
    const [cash] = await t.db.select().from(accounts).where(eq(accounts.allLevelKey, "1-01-001-0001"));
    const apps = second ? [t.app, second.app] : [t.app];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (apps[index % apps.length] ?? t.app).inject({
          method: "POST",
          url: "/api/voucher/add_voucher",
          headers: bearer(token),
          payload: {
            voucherTypeId: 1,
            levelFourId: cash?.id,
            voucherData: [{ levelFourId: rent?.id, voucherAmount: index + 1, accountType: 2, voucherDate: today }],
          },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    const year = today.slice(0, 4);
    const numbers = responses.map((response) => response.json().vocId as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, index) => `CPV-${year}-${String(index + 1).padStart(5, "0")}`),
    );
    const stored = await t.db
      .select({ number: vouchers.number })
      .from(vouchers)
      .where(and(eq(vouchers.voucherTypeId, 1), like(vouchers.number, `CPV-${year}-%`)));
    expect(stored).toHaveLength(50);
  });
});
