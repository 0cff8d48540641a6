import { createHash } from "node:crypto";
import { AUTH_MESSAGES, perm, ROLE, USER_STATUS } from "@cargodesk/shared";
import { and, eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, passwordResets, users } from "../../db/schema/index";
import {
  adminToken,
  bearer,
  createTestApp,
  createUser,
  loginCargo,
  TEST_SECRET,
  type TestApp,
} from "../../test/harness";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: "GET", url: "/api/users/me", headers: bearer(token) });
const call = (method: "POST" | "PUT", url: string, as: string, payload: object = {}) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

/** A user signed in twice, as from two browsers. */
async function twoSessions(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, options);
  return {
    ...user,
    first: await loginCargo(t.app, user.email, user.password),
    second: await loginCargo(t.app, user.email, user.password),
  };
}

async function expectEnded(token: string) {
  const answer = await me(token);
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toMatchObject({
    code: "SESSION_ENDED",
    kind: "UNAUTHENTICATED",
    message: AUTH_MESSAGES.sessionEnded,
  });
}

describe("sessions end", () => {
  it("on a password reset", async () => {
    const user = await twoSessions();
    await t.db.insert(passwordResets).values({
      userId: user.id,
      codeHash: createHash("sha256").update("123456").digest("hex"),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/user_cargo/reset_password/123456",
      payload: { email: user.email, password: "Brand@New1", confirmPassword: "Brand@New1" },
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(user.first);
    await expectEnded(user.second);
    expect((await me(await loginCargo(t.app, user.email, "Brand@New1"))).statusCode).toBe(200);
  });

  it("on a block, and unblocking does not bring the old session back", async () => {
    const user = await twoSessions();
    const set = (userStatusId: number) =>
      call("POST", `/api/user_cargo/update_user_status/${user.id}`, admin, { userStatusId });
    expect((await set(USER_STATUS.blocked)).statusCode).toBe(200);
    expect((await set(USER_STATUS.approved)).statusCode).toBe(200);
    await expectEnded(user.first);
    expect((await me(await loginCargo(t.app, user.email, user.password))).statusCode).toBe(200);
  });

  it("on a role change, but not on an edit of the name", async () => {
    const user = await twoSessions();
    const edit = (changes: object) =>
      call("PUT", `/api/user_cargo/${user.id}`, admin, {
        firstName: "SESSION",
        lastName: "",
        email: user.email,
        cnic: `71101${String(user.id).padStart(8, "0")}`,
        phone_number: "03001234567",
        role: ROLE.employee,
        ...changes,
      });
    expect((await edit({ firstName: "RENAMED" })).statusCode).toBe(200);
    expect((await me(user.first)).statusCode).toBe(200);
    expect((await edit({ role: ROLE.admin })).statusCode).toBe(200);
    await expectEnded(user.first);
    await expectEnded(user.second);
  });

  it("when an Admin signs the user out everywhere; audited", async () => {
    const user = await twoSessions();
    const answer = await call("POST", `/api/users/${user.id}/sign_out_everywhere`, admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(AUTH_MESSAGES.signedOutEverywhere);
    await expectEnded(user.first);
    await expectEnded(user.second);
    expect((await me(admin)).statusCode).toBe(200);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, user.id), eq(auditLog.action, "sign out everywhere")));
    expect(audited).toHaveLength(1);
  });

  it("when the user signs out their other sessions: this one goes on with a fresh token", async () => {
    const user = await twoSessions();
    const answer = await call("POST", "/api/users/me/sign_out_everywhere", user.first);
    expect(answer.statusCode).toBe(200);
    const { token, message } = answer.json<{ token: string; message: string }>();
    expect(message).toBe(AUTH_MESSAGES.signedOutOthers);
    await expectEnded(user.first);
    await expectEnded(user.second);
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe("sign out everywhere for someone else", () => {
  it("needs User Edit Status, and only an Admin signs out an Admin", async () => {
    const clerk = await twoSessions({ permissions: [perm("User", "User Edit Status")] });
    const viewer = await twoSessions({ permissions: [perm("User", "User View")] });
    const target = await twoSessions();
    expect((await call("POST", `/api/users/${target.id}/sign_out_everywhere`, viewer.first)).statusCode).toBe(403);
    expect((await me(target.first)).statusCode).toBe(200);

    const adminUser = await twoSessions({ roleId: ROLE.admin });
    const refused = await call("POST", `/api/users/${adminUser.id}/sign_out_everywhere`, clerk.first);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only an Admin signs an Admin out everywhere");
    expect((await me(adminUser.first)).statusCode).toBe(200);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, clerk.id), eq(auditLog.action, "refused:admin sign out")));
    expect(audited?.targetUserId).toBe(adminUser.id);

    expect((await call("POST", `/api/users/${target.id}/sign_out_everywhere`, clerk.first)).statusCode).toBe(200);
    await expectEnded(target.first);
  });

  it("answers 404 for an unknown user", async () => {
    expect((await call("POST", "/api/users/999999/sign_out_everywhere", admin)).statusCode).toBe(404);
  });
});

describe("tokens", () => {
  it("a token from before versions existed stands for version 0 until the version is raised", async () => {
    const user = await createUser(t.db);
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuer("cargodesk")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await me(legacy)).statusCode).toBe(200);
    await t.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, user.id));
    await expectEnded(legacy);
  });
});
