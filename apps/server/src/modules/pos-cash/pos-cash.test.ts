import { CASH_MOVE_MESSAGES, perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountIntegration, cashMoves, posCounters, posSessions } from "../../db/schema/index";
import { accountId, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { openSession } from "../../test/pos-fixtures";

let t: TestApp;
let token: string;
let counterId: number;
let counterCashId: number;
let sessionId: number;
let cashierId: number;

beforeAll(async () => {
  t = await createTestApp();
  const cashier = await createUser(t.db, { permissions: [perm("POS")] });
  cashierId = cashier.id;
  token = await loginCargo(t.app, cashier.email, cashier.password);
  const [counter] = await t.db.select().from(posCounters).where(eq(posCounters.code, "A01"));
  counterId = counter?.id ?? 0;
  counterCashId = counter?.cashAccountId ?? 0;
});
afterAll(() => t.close());

let serial = 0;
const uuid = () => `cash-move-${process.pid}-${++serial}`;

const post = (body: Record<string, unknown>, as = token) =>
  t.app.inject({ method: "POST", url: "/api/pos/cash_moves", headers: bearer(as), payload: body });
const list = (id: number, as = token) =>
  t.app.inject({ method: "GET", url: `/api/pos/cash_moves?sessionId=${id}`, headers: bearer(as) });
const countMoves = () => t.db.$count(cashMoves);

describe("POST /api/pos/cash_moves", () => {
  it("refuses with 409 naming Day Open while the counter has no open session, writing nothing", async () => {
    const response = await post({ clientUuid: uuid(), counterId, kind: "pay_in", amount: 100, reason: "float top-up" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "SESSION_NOT_OPEN", message: CASH_MOVE_MESSAGES.noSession });
    expect(response.json().message).toContain("Day Open");
    expect(await countMoves()).toBe(0);
    sessionId = (await openSession(t.db, counterId, "2026-11-24")).sessionId;
  });

  it("records a pay-out to an expense account, a drop to the safe and a pay-in from the safe", async () => {
    const sundry = await accountId(t.db, "SUNDRY EXPENSES");
    const safe = await accountId(t.db, "SAFE CASH");
    const payOut = await post({
      clientUuid: uuid(),
      counterId,
      kind: "pay_out",
      amount: 250.5,
      accountId: sundry,
      reason: "Milk from the corner shop",
    });
    expect(payOut.statusCode).toBe(200);
    expect(payOut.json()).toMatchObject({
      message: CASH_MOVE_MESSAGES.recorded,
      data: {
        sessionId,
        counterId,
        counterCode: "A01",
        kind: "pay_out",
        amount: 250.5,
        account: { id: sundry, name: "SUNDRY EXPENSES" },
        reason: "Milk from the corner shop",
        by: { id: cashierId },
      },
    });
    const drop = await post({ clientUuid: uuid(), counterId, kind: "drop", amount: 3000, reason: "Evening drop" });
    expect(drop.statusCode).toBe(200);
    expect(drop.json().data.account).toMatchObject({ id: safe, name: "SAFE CASH" });
    const payIn = await post({ clientUuid: uuid(), counterId, kind: "pay_in", amount: 500, reason: "More change" });
    expect(payIn.json().data.account.id).toBe(safe);

    const [row] = await t.db.select().from(cashMoves).where(eq(cashMoves.id, payOut.json().data.id));
    expect(row?.amountMinor).toBe(25_050n);

    const answer = await list(sessionId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().rows.map((move: { kind: string }) => move.kind)).toEqual(["pay_out", "drop", "pay_in"]);
    expect(answer.json().totals).toEqual({ payIn: 500, payOut: 250.5, drop: 3000 });
  });

  it("answers the same row for the same clientUuid, and 409 when it comes back with another move", async () => {
    const body = { clientUuid: uuid(), counterId, kind: "drop", amount: 1000, reason: "Drop" };
    const first = await post(body);
    const before = await countMoves();
    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await countMoves()).toBe(before);
    const both = await Promise.all([
      post({ ...body, clientUuid: "same-at-once-1" }),
      post({ ...body, clientUuid: "same-at-once-1" }),
    ]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(both[0]?.json().data.id).toBe(both[1]?.json().data.id);

    const changed = await post({ ...body, amount: 999 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: "CLIENT_UUID_REUSED", message: CASH_MOVE_MESSAGES.clientUuidReused });
  });

  it("checks each account by kind and names the field; nothing is written", async () => {
    const before = await countMoves();
    const base = { counterId, amount: 10, reason: "Checks" };
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "pay_out" }, CASH_MOVE_MESSAGES.payOutAccount],
      [{ kind: "pay_out", accountId: await accountId(t.db, "SAFE CASH") }, CASH_MOVE_MESSAGES.payOutAccount],
      [{ kind: "pay_out", accountId: await accountId(t.db, "OPERATING EXPENSES") }, CASH_MOVE_MESSAGES.payOutAccount],
      [{ kind: "drop", accountId: await accountId(t.db, "SUNDRY EXPENSES") }, CASH_MOVE_MESSAGES.dropAccount],
      [{ kind: "drop", accountId: counterCashId }, CASH_MOVE_MESSAGES.ownCash],
      [{ kind: "pay_in", accountId: 2_000_000 }, CASH_MOVE_MESSAGES.payInAccount],
    ];
    for (const [extra, message] of cases) {
      const response = await post({ clientUuid: uuid(), ...base, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().details).toEqual([{ field: "accountId", message }]);
    }
    const unknownCounter = await post({ clientUuid: uuid(), ...base, kind: "drop", counterId: 999_999 });
    expect(unknownCounter.statusCode).toBe(400);
    expect(unknownCounter.json().details).toEqual([{ field: "counterId", message: CASH_MOVE_MESSAGES.counterMissing }]);
    for (const bad of [{ amount: 0 }, { amount: 1.234 }, { kind: "tip" }, { reason: " " }, { clientUuid: "short" }]) {
      const response = await post({ clientUuid: uuid(), ...base, kind: "drop", ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().details[0].field).toBe(Object.keys(bad)[0]);
    }
    expect(await countMoves()).toBe(before);
  });

  it("asks for the Safe Cash account when a drop names none and Accounts Integration has none", async () => {
    const [saved] = await t.db.select({ safe: accountIntegration.safeCashAccountId }).from(accountIntegration);
    await t.db.update(accountIntegration).set({ safeCashAccountId: null });
    const response = await post({ clientUuid: uuid(), counterId, kind: "drop", amount: 5, reason: "Drop" });
    await t.db.update(accountIntegration).set({ safeCashAccountId: saved?.safe ?? null });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "INTEGRATION_NOT_SET",
      message: "Set the Safe Cash account in Accounts Integration",
    });
  });

  it("is closed to users without POS; a closed session takes no more moves", async () => {
    const viewer = await createUser(t.db, { permissions: [perm("Order View")] });
    const viewerToken = await loginCargo(t.app, viewer.email, viewer.password);
    expect(
      (await post({ clientUuid: uuid(), counterId, kind: "drop", amount: 5, reason: "x1" }, viewerToken)).statusCode,
    ).toBe(403);
    expect((await list(sessionId, viewerToken)).statusCode).toBe(403);
    expect((await list(999_999)).statusCode).toBe(404);

    await t.db.update(posSessions).set({ status: "closed" }).where(eq(posSessions.id, sessionId));
    const late = await post({ clientUuid: uuid(), counterId, kind: "drop", amount: 5, reason: "Too late" });
    expect(late.statusCode).toBe(409);
  });
});
