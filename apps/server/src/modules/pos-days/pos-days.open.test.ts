import { POS_DAY_MESSAGES, perm } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDays, posCounters, posSessions } from "../../db/schema/index";
import { addDays, todayIn } from "../../lib/dates";
import { accountId, adminToken, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { insertCashMove } from "../../test/pos-day-fixtures";
import { current, type DayApi, dayApi, okJson, register } from "./pos-days.test-helpers";

let t: TestApp;
let token: string;
let api: DayApi;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  api = dayApi(t, () => token);
  today = todayIn(t.config.APP_TZ);
});
afterAll(() => t.close());

const count = async (table: typeof businessDays | typeof posSessions) => t.db.$count(table);

describe("Day Open", () => {
  it("offers the counters with their cash book, the cashiers holding POS and today as the business date", async () => {
    const cashier = await createUser(t.db, { permissions: [perm("POS")] });
    await createUser(t.db, { permissions: [perm("Order View")] });
    const answer = await current(api);
    expect(answer).toMatchObject({ day: null, sessions: [], lastClosedDate: null });
    // Today, or yesterday before the outlet's 04:00 cut-off.
    expect([today, addDays(today, -1)]).toContain(answer.defaultBusinessDate);
    expect(answer.counters).toEqual([
      expect.objectContaining({ code: "A01", cashAccountName: "A01 CASH", bookBalance: 0, openSessionId: null }),
    ]);
    const names = answer.cashiers.map((row) => row.userName);
    expect(names).toContain("admin");
    expect(names).toContain(cashier.userName);
    expect(names).toHaveLength(2);
  });

  it("refuses bad openings naming the field, and writes nothing", async () => {
    const { counter, admin } = await register(t);
    const noPos = await createUser(t.db, { permissions: [perm("Order View")] });
    const [noPosRow] = await t.db
      .execute(sql`select id from users where user_name = ${noPos.userName}`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    const opening = { counterId: counter.id, cashierId: admin.id, openingFloat: 5000 };
    const cases: [object, string, string][] = [
      [{ businessDate: today, counters: [] }, "counters", POS_DAY_MESSAGES.counters],
      [
        { businessDate: today, counters: [{ ...opening, openingFloat: -1 }] },
        "counters.0.openingFloat",
        POS_DAY_MESSAGES.openingFloat,
      ],
      [
        { businessDate: today, counters: [{ ...opening, openingFloat: 10.005 }] },
        "counters.0.openingFloat",
        POS_DAY_MESSAGES.openingFloat,
      ],
      [{ businessDate: today, counters: [opening, opening] }, "counters.1.counterId", POS_DAY_MESSAGES.counterTwice],
      [
        {
          businessDate: today,
          counters: [{ ...opening, denominations: [{ denomination: 1000, count: 4 }] }],
        },
        "counters.0.denominations",
        POS_DAY_MESSAGES.denominationsTotal,
      ],
      [{ businessDate: "2026-02-30", counters: [opening] }, "businessDate", POS_DAY_MESSAGES.businessDate],
      [{ businessDate: addDays(today, 1), counters: [opening] }, "businessDate", POS_DAY_MESSAGES.future],
      [
        { businessDate: today, counters: [{ ...opening, cashierId: noPosRow?.id }] },
        "counters.0.cashierId",
        POS_DAY_MESSAGES.cashierNoPos,
      ],
      [
        { businessDate: today, counters: [{ ...opening, counterId: 999_999 }] },
        "counters.0.counterId",
        POS_DAY_MESSAGES.counterMissing,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/setting/day_open", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ details: unknown }>().details).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect(await count(businessDays)).toBe(0);
    expect(await count(posSessions)).toBe(0);
  });

  it("opens the day with A01's counted float next to its book, and opens no second day", async () => {
    const { counter, admin } = await register(t);
    const response = await okJson<{ dayId: number; sessions: { counterCode: string; status: string }[] }>(
      api("POST", "/api/setting/day_open", {
        businessDate: today,
        counters: [
          {
            counterId: counter.id,
            cashierId: admin.id,
            openingFloat: 5000,
            denominations: [
              { denomination: 1000, count: 4 },
              { denomination: 500, count: 2 },
            ],
            notes: "Float from the safe",
          },
        ],
      }),
    );
    expect(response.sessions).toEqual([
      expect.objectContaining({
        counterCode: "A01",
        status: "open",
        openingFloat: 5000,
        floatBook: 0,
        floatDifference: 5000,
        notes: "Float from the safe",
        openingDenominations: [
          { denomination: 1000, count: 4 },
          { denomination: 500, count: 2 },
        ],
        cash: expect.objectContaining({ openingFloat: 5000, expected: 5000 }),
        methods: [
          expect.objectContaining({ name: "Cash", expected: 5000, counted: null }),
          expect.objectContaining({ name: "Card", expected: 0, counted: null }),
        ],
      }),
    ]);
    const now = await current(api);
    expect(now.day).toMatchObject({ id: response.dayId, businessDate: today, status: "open" });
    expect(now.counters[0]?.openSessionId).toBe(now.sessions[0]?.id);

    const again = await api("POST", "/api/setting/day_open", {
      businessDate: today,
      counters: [{ counterId: counter.id, cashierId: admin.id, openingFloat: 0 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "DAY_ALREADY_OPEN", message: POS_DAY_MESSAGES.dayOpen });
  });

  it("opens another counter in the open day; an open counter again is 409", async () => {
    const { counter, admin } = await register(t);
    const [b01] = await t.db
      .insert(posCounters)
      .values({ outletId: 1, code: "B01", name: "Terrace", cashAccountId: await accountId(t.db, "PETTY CASH") })
      .returning();
    if (!b01) throw new Error("no counter");
    const twice = await api("POST", "/api/setting/day_open/session", {
      counterId: counter.id,
      cashierId: admin.id,
      openingFloat: 100,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "COUNTER_ALREADY_OPEN" });
    const opened = await okJson<{ session: { counterCode: string; floatBook: number } }>(
      api("POST", "/api/setting/day_open/session", { counterId: b01.id, cashierId: admin.id, openingFloat: 200 }),
    );
    expect(opened.session).toMatchObject({ counterCode: "B01", floatBook: 0 });
    const listed = await current(api);
    expect(listed.sessions.map((session) => session.counterCode)).toEqual(["A01", "B01"]);
    await t.db.update(posCounters).set({ active: false }).where(eq(posCounters.id, b01.id));
  });

  it("shows a session's expected cash as cash moves come in", async () => {
    const { admin } = await register(t);
    const [session] = (await current(api)).sessions;
    if (!session) throw new Error("no session");
    await insertCashMove(t.db, session.id, "pay_in", 50_000n, null, admin.id);
    await insertCashMove(t.db, session.id, "drop", 20_000n, null, admin.id);
    const [after] = (await current(api)).sessions;
    expect(after?.cash).toMatchObject({ openingFloat: 5000, payIns: 500, drops: 200, expected: 5300 });
  });

  it("needs Setting > Day Open: a POS-only user is refused opening and the close preview", async () => {
    const cashier = await createUser(t.db, { permissions: [perm("POS")] });
    const cashierToken = await loginCargo(t.app, cashier.email, cashier.password);
    const asCashier = dayApi(t, () => cashierToken);
    const { counter } = await register(t);
    expect((await asCashier("GET", "/api/setting/day_open/current")).statusCode).toBe(403);
    expect(
      (
        await asCashier("POST", "/api/setting/day_open/session", {
          counterId: counter.id,
          cashierId: 1,
          openingFloat: 0,
        })
      ).statusCode,
    ).toBe(403);
    const day = (await current(api)).day;
    expect((await asCashier("GET", `/api/setting/day_close/preview?dayId=${day?.id}`)).statusCode).toBe(403);
  });

  it("tells the register whether its counter is open, without the books (GET /api/pos/session)", async () => {
    const cashier = await createUser(t.db, { permissions: [perm("POS")] });
    const cashierToken = await loginCargo(t.app, cashier.email, cashier.password);
    const asCashier = dayApi(t, () => cashierToken);
    const { counter, admin } = await register(t);
    const open = await okJson<Record<string, unknown>>(asCashier("GET", `/api/pos/session?counterId=${counter.id}`));
    const session = (await current(api)).sessions.find((row) => row.counterId === counter.id);
    expect(open).toEqual({
      businessDate: today,
      session: {
        id: session?.id,
        dayId: session?.dayId,
        businessDate: today,
        counterId: counter.id,
        cashier: { id: admin.id, name: expect.any(String) },
        openedAt: session?.openedAt,
      },
    });
    const [closedCounter] = await t.db
      .insert(posCounters)
      .values({ outletId: 1, code: "C01", name: "Window", cashAccountId: await accountId(t.db, "PETTY CASH") })
      .returning();
    if (!closedCounter) throw new Error("no counter");
    expect(await okJson(asCashier("GET", `/api/pos/session?counterId=${closedCounter.id}`))).toEqual({
      businessDate: today,
      session: null,
    });
    await t.db.update(posCounters).set({ active: false }).where(eq(posCounters.id, closedCounter.id));
    const bad = await asCashier("GET", "/api/pos/session?counterId=abc");
    expect(bad.statusCode).toBe(400);
    const orderView = await createUser(t.db, { permissions: [perm("Order View")] });
    const orderViewToken = await loginCargo(t.app, orderView.email, orderView.password);
    expect((await dayApi(t, () => orderViewToken)("GET", `/api/pos/session?counterId=${counter.id}`)).statusCode).toBe(
      403,
    );
  });
});
