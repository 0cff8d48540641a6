import { AUTH_MESSAGES, ROLE, USER_STATUS } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { createTokenService } from "../../lib/tokens";
import { bearer, createTestApp, createUser, TEST_ADMIN, TEST_SECRET, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cargoLogin = (payload: object) => t.app.inject({ method: "POST", url: "/api/user_cargo/cargo_login", payload });
const accountsLogin = (payload: object) => t.app.inject({ method: "POST", url: "/api/users/login", payload });

describe("POST /api/users/login", () => {
  it("signs the admin in by user name, case-insensitively, with every permission", async () => {
    const response = await accountsLogin({ userName: "ADMIN", password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["_id", "permission", "token"]);
    expect(body._id).toBeTypeOf("number");
    expect(body.permission).toContainEqual({
      permissionsName: "Accounts",
      permissionsCatName: "Voucher",
      permissionsSubCatName: "CPV",
    });
    expect(body.permission).toContainEqual({
      permissionsName: "BackUp",
      permissionsCatName: null,
      permissionsSubCatName: null,
    });
  });

  it("answers 401 with a message for a wrong password and for an unknown user alike", async () => {
    const wrong = await accountsLogin({ userName: "admin", password: "nope-nope" });
    const unknown = await accountsLogin({ userName: "nobody", password: "nope-nope" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.wrongUserName);
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it("names the missing fields", async () => {
    const response = await accountsLogin({ userName: "", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "userName", message: AUTH_MESSAGES.userNameRequired },
      { field: "password", message: AUTH_MESSAGES.passwordRequired },
    ]);
  });
});

describe("POST /api/user_cargo/cargo_login", () => {
  it("signs in by e-mail and answers the cargo shape", async () => {
    const response = await cargoLogin({ email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ roleId: ROLE.admin, message: AUTH_MESSAGES.loggedIn });
    expect(body.id).toBeTypeOf("number");
    expect(body.Permissions).toContainEqual({
      permissions_name: "Shipment",
      permissions_cat_name: "Shipment Post",
      permissions_sub_cat_name: null,
    });
  });

  it("records the sign-in time", async () => {
    const user = await createUser(t.db);
    await cargoLogin({ email: user.email, password: user.password });
    const [row] = await t.db.select({ lastLogin: users.lastLogin }).from(users).where(eq(users.id, user.id));
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });

  it("refuses an invalid e-mail with the spec's message", async () => {
    const response = await cargoLogin({ email: "not-an-email", password: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "email", message: AUTH_MESSAGES.emailInvalid }]);
  });

  it.each([
    [USER_STATUS.pending, AUTH_MESSAGES.pending],
    [USER_STATUS.cancelled, AUTH_MESSAGES.cancelled],
    [USER_STATUS.blocked, AUTH_MESSAGES.blocked],
  ])("refuses a user of status %i and says why", async (userStatusId, message) => {
    const user = await createUser(t.db, { roleId: ROLE.businessCustomer, userStatusId });
    const response = await cargoLogin({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(message);
  });

  it("does not say why to someone with the wrong password", async () => {
    const user = await createUser(t.db, { userStatusId: USER_STATUS.blocked });
    const response = await cargoLogin({ email: user.email, password: "wrong-password" });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.wrongEmail);
  });

  it("gives customers their fixed set and employees only what was assigned", async () => {
    const customer = await createUser(t.db, { roleId: ROLE.individualCustomer });
    const body = (await cargoLogin({ email: customer.email, password: customer.password })).json();
    expect(body.roleId).toBe(ROLE.individualCustomer);
    expect(body.Permissions).toContainEqual({
      permissions_name: "Shipment",
      permissions_cat_name: "Shipment Add",
      permissions_sub_cat_name: null,
    });
    expect(body.Permissions.some((p: { permissions_cat_name: string }) => p.permissions_cat_name === "User View")).toBe(
      false,
    );

    const employee = await createUser(t.db, { permissions: [{ name: "Country", cat: "Country View", sub: null }] });
    const employeeBody = (await cargoLogin({ email: employee.email, password: employee.password })).json();
    expect(employeeBody.Permissions).toEqual([
      { permissions_name: "Country", permissions_cat_name: "Country View", permissions_sub_cat_name: null },
    ]);
  });
});

describe("tokens", () => {
  it("GET /api/users/me answers the signed-in user", async () => {
    const login = (await cargoLogin({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })).json();
    const response = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(login.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: login.id, userName: TEST_ADMIN.userName, role: "Admin", roleId: 1 });
    // "Last sign-in" is the one before this session, not the sign-in that just happened.
    const user = await createUser(t.db);
    const first = (await cargoLogin({ email: user.email, password: user.password })).json().token;
    const firstMe = (await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(first) })).json();
    expect(firstMe.lastLogin).toBeNull();
    const [{ lastLogin: firstAt } = { lastLogin: null }] = await t.db
      .select({ lastLogin: users.lastLogin })
      .from(users)
      .where(eq(users.id, user.id));
    const second = (await cargoLogin({ email: user.email, password: user.password })).json().token;
    const secondMe = (await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(second) })).json();
    expect(secondMe.lastLogin).toBe(firstAt?.toISOString());
  });

  it("refuses a garbage token, a token signed with another secret and an expired token with 401", async () => {
    const forged = await createTokenService("another-secret-another-secret-another", "1h").sign(1);
    const expired = await createTokenService(TEST_SECRET, "1s").sign(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    for (const [token, message] of [
      ["garbage", AUTH_MESSAGES.signInRequired],
      [forged, AUTH_MESSAGES.signInRequired],
      [expired, AUTH_MESSAGES.sessionExpired],
    ] as const) {
      const response = await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(message);
    }
    const noScheme = await t.app.inject({ method: "GET", url: "/api/users/me", headers: { authorization: "Token x" } });
    expect(noScheme.statusCode).toBe(401);
  });

  it("a user blocked after signing in loses access on the next request", async () => {
    const user = await createUser(t.db);
    const token = (await cargoLogin({ email: user.email, password: user.password })).json().token;
    expect((await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) })).statusCode).toBe(200);
    await t.db.update(users).set({ userStatusId: USER_STATUS.blocked }).where(eq(users.id, user.id));
    expect((await t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe("rate limiting", () => {
  it("answers 429 with a message after too many attempts from one address", async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: "3" });
    try {
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/users/login",
          payload: { userName: "admin", password: "wrong-one" },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
      const cargo = await limited.app.inject({
        method: "POST",
        url: "/api/user_cargo/cargo_login",
        payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      });
      expect(cargo.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
