import { AUTH_MESSAGES, perm, ROLE, SIGN_IN_LOCK_MESSAGES } from "@cargodesk/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { auditLog, unknownSignIns, users } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { SIGN_IN_FREE_FAILURES, waitAfterFailures } from "./sign-in-lock";

let t: TestApp;
beforeAll(async () => {
  // A lock after 5 wrong passwords keeps the tests short; the rule is the same for 10.
  t = await createTestApp({ SIGN_IN_LOCK_AFTER: "5", SIGN_IN_LOCK_MINUTES: "15" });
});
afterAll(() => t.close());

const accountsLogin = (userName: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/users/login", payload: { userName, password } });
const cargoLogin = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/user_cargo/cargo_login", payload: { email, password } });

/** The wait in force ends now, as if its time had passed. */
async function endWait(userId: number) {
  await t.db
    .update(users)
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .where(eq(users.id, userId));
}

async function lockRow(userId: number) {
  const [row] = await t.db
    .select({ failedSignIns: users.failedSignIns, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

describe("wrong passwords per account", () => {
  it("waits 0, 0, then 5 s, 10 s, 20 s ... and locks at the configured count", () => {
    const policy = { lockAfter: 10, lockMinutes: 15 };
    expect([1, 2, 3, 4, 5, 9, 10, 11].map((n) => waitAfterFailures(n, policy))).toEqual([
      0, 0, 5, 10, 20, 320, 900, 900,
    ]);
    expect(waitAfterFailures(99, { lockAfter: 100, lockMinutes: 15 })).toBe(900);
  });

  it("makes each try wait after a few wrong passwords, with a growing wait, even with the right password", async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i += 1) {
      expect((await accountsLogin(user.userName, "wrong-password")).statusCode).toBe(401);
    }
    const waiting = await accountsLogin(user.userName, user.password);
    expect(waiting.statusCode).toBe(429);
    // The seconds left: 5 from the third wrong try, less whatever time passed since on a busy machine.
    const left = waiting.json().details.retryAfterSeconds;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(5);
    expect(waiting.json().message).toBe(
      `Too many wrong passwords for this account. Please wait ${left} second${left === 1 ? "" : "s"} and try again.`,
    );
    expect(waiting.json().details.locked).toBe(false);
    expect(waiting.headers["retry-after"]).toBe(String(left));

    await endWait(user.id);
    expect((await accountsLogin(user.userName, "wrong-password")).statusCode).toBe(401);
    const longer = await cargoLogin(user.email, user.password);
    expect(longer.statusCode).toBe(429);
    expect(longer.json().details.retryAfterSeconds).toBeGreaterThan(5);
    expect(longer.json().details.retryAfterSeconds).toBeLessThanOrEqual(10);

    await endWait(user.id);
    expect((await cargoLogin(user.email, user.password)).statusCode).toBe(200);
    expect(await lockRow(user.id)).toEqual({ failedSignIns: 0, lockedUntil: null });
  });

  it("locks the account, says until when, refuses the right password, and lists the user as locked", async () => {
    const user = await createUser(t.db);
    for (let failures = 1; failures <= 4; failures += 1) {
      expect((await accountsLogin(user.userName, "wrong-password")).statusCode).toBe(401);
      await endWait(user.id);
    }
    const locking = await accountsLogin(user.userName, "wrong-password");
    expect(locking.statusCode).toBe(429);
    expect(locking.json().message).toMatch(
      /^This account is locked after too many wrong passwords until \d{2}:\d{2}\. Try again then, or ask an administrator to unlock it\.$/,
    );
    expect(locking.json()).toMatchObject({ code: "SIGN_IN_LOCKED", kind: "RATE_LIMITED" });
    expect(locking.json().details.locked).toBe(true);
    expect(locking.json().details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(locking.json().details.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    const row = await lockRow(user.id);
    expect(row?.failedSignIns).toBe(5);
    const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    const refused = await cargoLogin(user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(locking.json().message);

    const token = await adminToken(t.app);
    const list = await t.app.inject({ method: "GET", url: "/api/user_cargo", headers: bearer(token) });
    const listed = list.json().find((entry: { id: number }) => entry.id === user.id);
    expect(listed).toMatchObject({ lockedUntil: row?.lockedUntil?.toISOString(), failedSignIns: 5 });
  });

  it("counts concurrent wrong tries atomically: only the free tries are checked", async () => {
    const user = await createUser(t.db);
    const answers = await Promise.all(Array.from({ length: 12 }, () => accountsLogin(user.userName, "wrong-password")));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - SIGN_IN_FREE_FAILURES);
    expect((await lockRow(user.id))?.failedSignIns).toBe(SIGN_IN_FREE_FAILURES);
  });

  it("answers an unknown name as it answers a real one: the same waits, messages and lock", async () => {
    const user = await createUser(t.db);
    const sequence = async (login: string) => {
      const answers: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await accountsLogin(login, "wrong-password");
        // The seconds left depend on how busy the machine is; the words must not differ.
        answers.push(
          `${response.statusCode} ${response.json().message.replace(/wait \d+ seconds?/, "wait N seconds")}`,
        );
      }
      return answers;
    };
    const known = await sequence(user.userName);
    const unknown = await sequence(`nobody-${user.userName}`);
    expect(unknown).toEqual(known);
    expect(known).toEqual([
      ...Array.from({ length: SIGN_IN_FREE_FAILURES }, () => `401 ${AUTH_MESSAGES.wrongUserName}`),
      "429 Too many wrong passwords for this account. Please wait N seconds and try again.",
    ]);
  });
});

describe("unknown names on several app servers", () => {
  it("counts an unknown name's wrong tries on every server together, as a real account's", async () => {
    const second = await buildApp({ config: t.config, database: t.database, tokens: t.tokens });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= SIGN_IN_FREE_FAILURES; i += 1) {
        const app = i % 2 === 0 ? t.app : second;
        const answer = await app.inject({
          method: "POST",
          url: "/api/users/login",
          payload: { userName: "nobody-on-two-servers", password: "wrong-password" },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([...Array.from({ length: SIGN_IN_FREE_FAILURES }, () => 401), 429]);
      const [row] = await t.db
        .select()
        .from(unknownSignIns)
        .where(eq(unknownSignIns.key, "user_name:nobody-on-two-servers"));
      expect(row?.failures).toBe(SIGN_IN_FREE_FAILURES);
    } finally {
      await second.close();
    }
  });
});

describe("POST /api/users/{id}/unlock", () => {
  async function lockedUser(roleId: number = ROLE.employee) {
    const user = await createUser(t.db, { roleId });
    await t.db
      .update(users)
      .set({ failedSignIns: 5, lockedUntil: new Date(Date.now() + 15 * 60_000) })
      .where(eq(users.id, user.id));
    return user;
  }
  const unlock = (id: number, token: string) =>
    t.app.inject({ method: "POST", url: `/api/users/${id}/unlock`, headers: bearer(token) });

  it("lets an admin lift the lock, audited; the user signs in at once", async () => {
    const user = await lockedUser();
    expect((await cargoLogin(user.email, user.password)).statusCode).toBe(429);
    const admin = await adminToken(t.app);
    const response = await unlock(user.id, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: SIGN_IN_LOCK_MESSAGES.unlocked, wasLocked: true });
    expect(await lockRow(user.id)).toEqual({ failedSignIns: 0, lockedUntil: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, user.id), eq(auditLog.action, "unlock")));
    expect(entry?.details).toMatchObject({ failedSignIns: 5 });
    expect((await cargoLogin(user.email, user.password)).statusCode).toBe(200);
  });

  it("lets an employee holding User Edit Status unlock an employee but not an admin", async () => {
    const clerk = await createUser(t.db, { permissions: [perm("User", "User Edit Status")] });
    const token = await loginCargo(t.app, clerk.email, clerk.password);
    const employee = await lockedUser();
    expect((await unlock(employee.id, token)).statusCode).toBe(200);

    const admin = await lockedUser(ROLE.admin);
    const refused = await unlock(admin.id, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only an administrator can unlock an administrator's account");
    expect((await lockRow(admin.id))?.failedSignIns).toBe(5);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, admin.id), eq(auditLog.action, "unlock refused")));
    expect(audited).toHaveLength(1);
  });

  it("refuses staff without the permission, and answers 404 for no such user", async () => {
    const clerk = await createUser(t.db, { permissions: [perm("User", "User View")] });
    const token = await loginCargo(t.app, clerk.email, clerk.password);
    const user = await lockedUser();
    expect((await unlock(user.id, token)).statusCode).toBe(403);
    expect((await unlock(user.id, "not-a-token")).statusCode).toBe(401);
    expect((await unlock(2_000_000_000, await adminToken(t.app))).statusCode).toBe(404);
  });
});
