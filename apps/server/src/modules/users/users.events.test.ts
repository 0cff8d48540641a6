import { perm, ROLE } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, TEST_ADMIN, type TestApp } from "../../test/harness";
import { appWithLogCapture } from "../../test/log-capture";

let t: TestApp;
let app: FastifyInstance;
let events: (name: string) => Record<string, unknown>[];
let token: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_LOCK_AFTER: "4" });
  ({ app, events } = await appWithLogCapture(t));
  token = await adminToken(app);
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
  adminId = admin?.id ?? 0;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const api = (method: "POST" | "PUT", url: string, payload: object) =>
  app.inject({ method, url, payload, headers: bearer(token) });

describe("user and sign-in domain events in the log", () => {
  it("logs permissions granted and revoked, a role change and a status change, each by the admin", async () => {
    const clerk = await createUser(t.db, { permissions: [perm("Country", "Country View")] });
    const saved = await api("POST", "/api/cargo_permission/add_permission_data", {
      user: clerk.id,
      permission: [{ permissions_name: "Currency", permissions_cat_name: "Currency View" }],
    });
    expect(saved.statusCode).toBe(200);
    const [privileges] = events("user.privileges_changed");
    expect(privileges).toMatchObject({ userId: clerk.id, by: adminId });
    expect(privileges?.granted).toEqual([expect.stringContaining("Currency View")]);
    expect(privileges?.revoked).toEqual([expect.stringContaining("Country View")]);

    const edited = await api("PUT", `/api/user_cargo/${clerk.id}`, {
      firstName: "Ali",
      lastName: "",
      email: clerk.email,
      cnic: "4210188888888",
      phone_number: "03211234567",
      role: ROLE.admin,
      companyName: "Any Co",
      ntn: "1",
      address: "Lahore",
    });
    expect(edited.statusCode).toBe(200);
    expect(events("user.role_changed")).toEqual([
      expect.objectContaining({ userId: clerk.id, from: ROLE.employee, to: ROLE.admin, by: adminId }),
    ]);

    expect((await api("POST", `/api/user_cargo/update_user_status/${clerk.id}`, { userStatusId: 4 })).statusCode).toBe(
      200,
    );
    expect(events("user.status_changed")).toEqual([
      expect.objectContaining({ userId: clerk.id, from: 2, to: 4, by: adminId }),
    ]);
  });

  it("logs sign_in.locked once, on the wrong password that locks the account", async () => {
    const user = await createUser(t.db);
    const login = () =>
      app.inject({ method: "POST", url: "/api/users/login", payload: { userName: user.userName, password: "wrong" } });
    for (let failures = 1; failures <= 3; failures += 1) expect((await login()).statusCode).toBe(401);
    expect(events("sign_in.locked")).toEqual([]);
    // The third wrong password set a 5 s wait; it ends now, as if its time had passed.
    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    expect((await login()).statusCode).toBe(429);
    expect((await login()).statusCode).toBe(429);
    expect(events("sign_in.locked")).toEqual([
      expect.objectContaining({ userId: user.id, failures: 4, lockedUntil: expect.any(String) }),
    ]);
  });
});
