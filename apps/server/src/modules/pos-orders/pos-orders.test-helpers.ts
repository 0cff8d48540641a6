import { randomUUID } from "node:crypto";
import type { PosOrder, PosOrderDetail } from "@cargodesk/shared";
import { expect } from "vitest";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { type PosSetup, posSetup } from "../../test/pos-fixtures";

/** Order tests call the API as a signed-in user; every id a device makes is fresh. */
export const uuid = () => randomUUID();

export type Api = (
  method: "GET" | "POST",
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<{
  statusCode: number;
  body: string;
  json: <T = unknown>() => T;
}>;

export const apiAs =
  (t: TestApp, token: () => string): Api =>
  (method, url, payload, headers = {}) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...bearer(token()), ...headers } });

/** Answers the order of a 200, failing the test with the body otherwise. */
export async function ok(response: Promise<{ statusCode: number; body: string; json: <T>() => T }>): Promise<PosOrder> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<PosOrder>();
}

export const addLine = (variantId: number, qty = 1, extra: object = {}) => ({
  opUuid: uuid(),
  kind: "add_line",
  lineUuid: uuid(),
  variantId,
  qty,
  ...extra,
});

export const payOp = (payments: object[], extra: object = {}) => ({
  opUuid: uuid(),
  kind: "pay",
  clientUuid: uuid(),
  payments,
  ...extra,
});

/** A new order at the counter with these operations. */
export const newOrder = (api: Api, counterId: number, ops: object[], extra: object = {}) =>
  api("POST", "/api/pos/order", { clientUuid: uuid(), counterId, orderType: "take_away", ops, ...extra });

export const detail = async (api: Api, id: number) => {
  const response = await api("GET", `/api/pos/order/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PosOrderDetail>();
};

/** A one-time supervisor approval for an action, from a user holding Setting > Day Close. */
export async function supervisorToken(api: Api, who: { userName: string; password: string }, action: string) {
  const response = await api("POST", "/api/pos/supervisor", { userName: who.userName, password: who.password, action });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** A test file's app on a fresh database, the admin's API and an open day and session for counter A01. */
export async function startOrderTest(): Promise<{ t: TestApp; api: Api; pos: PosSetup }> {
  const t = await createTestApp();
  const token = await adminToken(t.app);
  return { t, api: apiAs(t, () => token), pos: await posSetup(t) };
}
