import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, loginCargo, TEST_ADMIN, type TestApp } from "../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginCargo(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(() => t.close());

describe("seeded lookups through the API", () => {
  it("GET /api/country lists every ISO country with numeric code and dial code", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/country", headers: bearer(token) });
    const countries = response.json();
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countries).toContainEqual({
      country_id: expect.any(Number),
      name: "Pakistan",
      code: "586",
      iso2: "PK",
      dial_code: "+92",
    });
    const publicList = await t.app.inject({ method: "GET", url: "/api/country/get_country" });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json()).toHaveLength(countries.length);
  });

  it("GET /api/currency pages 1-based with total_results; id 5 is USD", async () => {
    const first = (
      await t.app.inject({ method: "GET", url: "/api/currency?size=4&page=1", headers: bearer(token) })
    ).json();
    const second = (
      await t.app.inject({ method: "GET", url: "/api/currency?size=4&page=2", headers: bearer(token) })
    ).json();
    expect(first.page).toBe(1);
    expect(first.data).toHaveLength(4);
    expect(second.data[0]).toMatchObject({ id: 5, code: "USD", sign: "$" });
    expect(first.total_results).toBe(9);
  });

  it("refuses a bad page size with a message naming the field", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/currency?size=0", headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe("size");
  });

  it("GET /api/user_cargo lists users with role and status", async () => {
    const users = (await t.app.inject({ method: "GET", url: "/api/user_cargo", headers: bearer(token) })).json();
    expect(users[0]).toMatchObject({
      userName: TEST_ADMIN.userName,
      email: TEST_ADMIN.email,
      role: { role: "Admin" },
      user_status: { status: "Approved" },
    });
    expect(users[0]).not.toHaveProperty("passwordHash");
  });
});
