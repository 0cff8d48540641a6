import { perm, ROLE } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userPermissions } from "../db/schema/index";
import { bearer, createTestApp, createUser, loginCargo, TEST_ADMIN, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });

describe("server-side permissions", () => {
  it("every /api route declares its access; a route without one stops the server from starting", async () => {
    const { default: Fastify } = await import("fastify");
    const { registerAccess } = await import("./access");
    const bare = Fastify();
    registerAccess(bare, t.db, t.tokens);
    expect(() => bare.get("/api/open", async () => "open")).toThrow(/declares no access/);
    await bare.close();
  });

  it("answers 401 without a token on every protected route", async () => {
    for (const url of ["/api/users/me", "/api/user_cargo", "/api/country", "/api/currency"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toBeTruthy();
    }
  });

  it("lets the admin in everywhere", async () => {
    const token = await loginCargo(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    for (const url of ["/api/user_cargo", "/api/country", "/api/currency?size=1000&page=1"]) {
      expect((await get(url, token)).statusCode, url).toBe(200);
    }
  });

  it("an employee with few permissions gets 403 for the rest", async () => {
    const employee = await createUser(t.db, { permissions: [perm("Country", "Country View")] });
    const token = await loginCargo(t.app, employee.email, employee.password);
    expect((await get("/api/country", token)).statusCode).toBe(200);
    for (const url of ["/api/user_cargo", "/api/currency"]) {
      const response = await get(url, token);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().code).toBe("FORBIDDEN");
    }
  });

  it("either of a route's permissions is enough: the accounts Setting > User > List User opens the user list", async () => {
    const employee = await createUser(t.db, { permissions: [perm("Setting", "User", "List User")] });
    const token = await loginCargo(t.app, employee.email, employee.password);
    expect((await get("/api/user_cargo", token)).statusCode).toBe(200);
  });

  it("a permission granted or revoked takes effect on the next request, without signing in again", async () => {
    const employee = await createUser(t.db);
    const token = await loginCargo(t.app, employee.email, employee.password);
    expect((await get("/api/currency", token)).statusCode).toBe(403);
    await t.db.insert(userPermissions).values({
      userId: employee.id,
      permissionsName: "Currency",
      permissionsCatName: "Currency View",
    });
    expect((await get("/api/currency", token)).statusCode).toBe(200);
    await t.db.delete(userPermissions);
    expect((await get("/api/currency", token)).statusCode).toBe(403);
  });

  it("customers hold their fixed set only", async () => {
    const customer = await createUser(t.db, { roleId: ROLE.businessCustomer });
    const token = await loginCargo(t.app, customer.email, customer.password);
    expect((await get("/api/user_cargo", token)).statusCode).toBe(403);
    expect((await get("/api/country", token)).statusCode).toBe(403);
    expect((await get("/api/currency?size=1000&page=1", token)).statusCode).toBe(200);
  });
});
