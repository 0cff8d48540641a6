import type { DayClosePreview, DayOpenCurrent, PosSession } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { paymentMethods, posCounters, stockLocations, users } from "../../db/schema/index";
import { bearer, TEST_ADMIN, type TestApp } from "../../test/harness";
import type { FixtureDay } from "../../test/pos-day-fixtures";

/** Day tests call the API as a signed-in user. */
export type DayApi = (
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
) => Promise<{ statusCode: number; body: string; rawPayload: Buffer; json: <T = unknown>() => T }>;

export const dayApi =
  (t: TestApp, token: () => string): DayApi =>
  (method, url, payload) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token()) });

export async function okJson<T>(response: Promise<{ statusCode: number; body: string; json: <J>() => J }>): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
}

/** The seeded register: counter A01, Cash, Card, the Kitchen and the admin. */
export async function register(t: TestApp) {
  const [counter] = await t.db.select().from(posCounters).where(eq(posCounters.code, "A01"));
  const [cash] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.kind, "cash"));
  const [card] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.kind, "card"));
  const [kitchen] = await t.db.select().from(stockLocations).where(eq(stockLocations.kind, "kitchen"));
  const [admin] = await t.db.select().from(users).where(eq(users.userName, TEST_ADMIN.userName));
  if (!counter || !cash || !card || !kitchen || !admin) throw new Error("the seeded register is missing");
  return { counter, cash, card, kitchen, admin };
}

/** Opens a day through Day Open with counter A01 and the admin as cashier. */
export async function openDayWithA01(api: DayApi, t: TestApp, businessDate: string, openingFloat = 5000) {
  const { counter, admin, cash, kitchen } = await register(t);
  const opened = await okJson<{ dayId: number; sessions: PosSession[] }>(
    api("POST", "/api/setting/day_open", {
      businessDate,
      counters: [{ counterId: counter.id, cashierId: admin.id, openingFloat }],
    }),
  );
  const session = opened.sessions[0];
  if (!session) throw new Error("no session opened");
  const day: FixtureDay = {
    dayId: opened.dayId,
    sessionId: session.id,
    counterId: counter.id,
    businessDate,
    kitchenId: kitchen.id,
    cashMethodId: cash.id,
    userId: admin.id,
  };
  return { day, session };
}

export const current = (api: DayApi) => okJson<DayOpenCurrent>(api("GET", "/api/setting/day_open/current"));
export const preview = (api: DayApi, dayId: number) =>
  okJson<DayClosePreview>(api("GET", `/api/setting/day_close/preview?dayId=${dayId}`));

/** A voucher line as [account name, debit, credit] for comparing with the spec's lines. */
export const linesOf = (voucher: DayClosePreview["vouchers"]["sales"]) =>
  voucher?.lines.map((line) => [line.accountName, line.debit, line.credit]) ?? [];
