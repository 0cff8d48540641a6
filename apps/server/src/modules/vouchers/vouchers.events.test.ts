import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { todayIn } from "../../lib/dates";
import { accountId, adminToken, bearer, createTestApp, TEST_ADMIN, type TestApp } from "../../test/harness";
import { appWithLogCapture } from "../../test/log-capture";

let t: TestApp;
/** A second app on the same database whose log lines (at info) are kept. */
let app: FastifyInstance;
let events: (name: string) => Record<string, unknown>[];
let token: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ app, events } = await appWithLogCapture(t));
  token = await adminToken(app);
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
  adminId = admin?.id ?? 0;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const api = (method: "POST" | "PUT", url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: bearer(token) });

async function postJv(amount: number): Promise<{ id: number; number: string }> {
  const voucherDate = todayIn(t.config.APP_TZ);
  const line = (levelFourId: number, accountType: 1 | 2) => ({
    levelFourId,
    voucherAmount: amount,
    accountType,
    voucherDate,
    voucherDescription: "EVENT LOG",
    billNumber: "",
    accountTittle: "",
  });
  const rent = await accountId(t.db, "RENT");
  const carrier = await accountId(t.db, "CARRIER PAYABLES");
  const response = await api("POST", "/api/voucher/add_voucher", {
    voucherTypeId: 5,
    voucherType: "JV",
    voucherData: [line(rent, 2), line(carrier, 1)],
  });
  expect(response.statusCode).toBe(200);
  return { id: response.json()._id, number: response.json().vocId };
}

describe("voucher domain events in the log", () => {
  it("logs voucher.posted, then voucher.approved once, with the request's id; a refused approval logs nothing", async () => {
    const voucher = await postJv(12.34);
    expect(events("voucher.posted")).toContainEqual(
      expect.objectContaining({ voucherId: voucher.id, number: voucher.number, type: "JV", by: adminId }),
    );

    const approved = await api("PUT", `/api/voucher/approve_voucher/${voucher.id}`, { status: "Approve" });
    expect(approved.statusCode).toBe(200);
    const logged = events("voucher.approved").filter((line) => line.voucherId === voucher.id);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "voucher.approved",
        voucherId: voucher.id,
        number: voucher.number,
        by: adminId,
        reqId: expect.any(String),
      }),
    ]);

    const again = await api("PUT", `/api/voucher/approve_voucher/${voucher.id}`, { status: "Approve" });
    expect(again.statusCode).toBe(409);
    expect(events("voucher.approved").filter((line) => line.voucherId === voucher.id)).toHaveLength(1);
  });

  it("logs voucher.disapproved and voucher.reversed with the reversal's number", async () => {
    const refused = await postJv(5);
    await api("PUT", `/api/voucher/approve_voucher/${refused.id}`, { status: "Disapprove" });
    expect(events("voucher.disapproved")).toContainEqual(
      expect.objectContaining({ voucherId: refused.id, number: refused.number, by: adminId }),
    );

    const kept = await postJv(7);
    await api("PUT", `/api/voucher/approve_voucher/${kept.id}`, { status: "Approve" });
    const reversed = await api("POST", `/api/voucher/reverse_voucher/${kept.id}`);
    expect(reversed.statusCode).toBe(200);
    expect(events("voucher.reversed")).toContainEqual(
      expect.objectContaining({
        voucherId: kept.id,
        number: kept.number,
        reversalId: reversed.json()._id,
        reversalNumber: reversed.json().vocId,
        by: adminId,
      }),
    );
  });
});
