import { expect } from "vitest";
import { bearer, type TestApp } from "../../test/harness";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** inject() as the given token. */
export const caller =
  (t: TestApp, token: () => string) =>
  (method: Method, url: string, payload?: object, as = token()) =>
    t.app.inject({ method, url, payload, headers: bearer(as) });

export { menuItem } from "../../test/menu-item";

/** Adds a coupon through the API and returns it. */
export async function addCoupon(api: ReturnType<typeof caller>, body: object) {
  const response = await api("POST", "/api/inventory/coupon", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; code: string | null; usedCount: number };
}
