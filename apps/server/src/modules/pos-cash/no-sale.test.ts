import { execFileSync } from "node:child_process";
import { NO_SALE_MESSAGES, perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, posCounters } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { openSession } from "../../test/pos-fixtures";
import { NO_SALE_ACTION } from "./no-sale.service";

let t: TestApp;
let token: string;
let counterId: number;
let cashierId: number;

beforeAll(async () => {
  t = await createTestApp();
  const cashier = await createUser(t.db, { permissions: [perm("POS")] });
  cashierId = cashier.id;
  token = await loginCargo(t.app, cashier.email, cashier.password);
  const [counter] = await t.db.select().from(posCounters).where(eq(posCounters.code, "A01"));
  counterId = counter?.id ?? 0;
});
afterAll(() => t.close());

let serial = 0;
const uuid = () => `no-sale-${process.pid}-${++serial}`;
const post = (body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/pos/no_sale", headers: bearer(token), payload: body });
const noSales = () => t.db.select().from(auditLog).where(eq(auditLog.action, NO_SALE_ACTION));

describe("POST /api/pos/no_sale", () => {
  it("refuses with 409 naming Day Open while the counter has no open session, logging nothing", async () => {
    const response = await post({ clientUuid: uuid(), counterId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "SESSION_NOT_OPEN", message: NO_SALE_MESSAGES.noSession });
    expect(await noSales()).toHaveLength(0);
  });

  it("logs each opening against the cashier and the session, counts them, and answers a resend with the first row", async () => {
    const { sessionId } = await openSession(t.db, counterId, "2026-11-24");
    const first = await post({ clientUuid: uuid(), counterId, reason: "Change for the tip jar" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: NO_SALE_MESSAGES.recorded,
      data: { sessionId, counterId, reason: "Change for the tip jar", sessionCount: 1 },
    });
    const clientUuid = uuid();
    const second = await post({ clientUuid, counterId });
    expect(second.json().data).toMatchObject({ sessionId, reason: "", sessionCount: 2 });
    const again = await post({ clientUuid, counterId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(second.json().data);

    const rows = await noSales();
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => [row.actorId, row.targetUserId])).toEqual([
      [cashierId, cashierId],
      [cashierId, cashierId],
    ]);
    expect(rows[1]?.details).toMatchObject({ counterId, sessionId, clientUuid });
  });

  it("counts the session's openings on its X report and in the day's figures (a resend counts once)", async () => {
    const { dayId, sessionId } = await openSession(t.db, counterId, "2026-11-24");
    const admin = bearer(await adminToken(t.app));
    const preview = await t.app.inject({
      method: "GET",
      url: `/api/setting/day_close/preview?dayId=${dayId}`,
      headers: admin,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().summary.noSales).toBe(2);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/setting/session/${sessionId}/x_report.pdf`,
      headers: admin,
    });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toMatch(/Drawer opened, no sale\s+2\n/);
  });

  it("answers bad input with 400 naming the field", async () => {
    for (const [body, field] of [
      [{ clientUuid: "short", counterId }, "clientUuid"],
      [{ clientUuid: uuid() }, "counterId"],
      [{ clientUuid: uuid(), counterId, reason: "x".repeat(201) }, "reason"],
    ] as const) {
      const response = await post(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details?.[0]?.field, field).toBe(field);
    }
    const missing = await post({ clientUuid: uuid(), counterId: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: NO_SALE_MESSAGES.counterMissing });
  });
});
