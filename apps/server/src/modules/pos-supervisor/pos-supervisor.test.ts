import { perm, ROLE, SUPERVISOR_MESSAGES } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supervisorApprovals, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { appWithLogCapture } from "../../test/log-capture";
import { consumeSupervisorApproval } from "./index";

let t: TestApp;
let cashierToken: string;
let cashierId: number;
let manager: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  const cashier = await createUser(t.db, { permissions: [perm("POS")] });
  cashierId = cashier.id;
  cashierToken = await loginCargo(t.app, cashier.email, cashier.password);
  manager = await createUser(t.db, { permissions: [perm("Setting", "Day Close")] });
});
afterAll(() => t.close());

const approve = (body: Record<string, unknown>, token = cashierToken) =>
  t.app.inject({ method: "POST", url: "/api/pos/supervisor", headers: bearer(token), payload: body });

async function approval(action: string) {
  const response = await approve({ userName: manager.userName, password: manager.password, action });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; expiresAt: string; supervisor: { id: number; name: string } }>();
}

/** Spends a token in its own transaction, as the order engine does inside its operation. */
const consume = (token: string, action: Parameters<typeof consumeSupervisorApproval>[2]) =>
  t.db.transaction((tx) => consumeSupervisorApproval(tx, token, action));

describe("POST /api/pos/supervisor", () => {
  it("gives a one-time token for 60 s that the operation spends, answering the supervisor's id", async () => {
    const before = Date.now();
    const answer = await approval("discount");
    expect(answer.supervisor).toEqual({ id: manager.id, name: expect.stringContaining("USER") });
    expect(answer.token.length).toBeGreaterThanOrEqual(40);
    const life = Date.parse(answer.expiresAt) - before;
    expect(life).toBeGreaterThan(55_000);
    expect(life).toBeLessThanOrEqual(61_000);
    // Only the hash is kept.
    const [row] = await t.db.select().from(supervisorApprovals).where(eq(supervisorApprovals.supervisorId, manager.id));
    expect(row?.tokenHash).not.toContain(answer.token);
    expect(row?.requestedBy).toBe(cashierId);
    expect(await consume(answer.token, "discount")).toBe(manager.id);
  });

  it("refuses a token used twice, expired, for another action, or unknown with 403", async () => {
    const reused = await approval("void_after_fire");
    expect(await consume(reused.token, "void_after_fire")).toBe(manager.id);
    await expect(consume(reused.token, "void_after_fire")).rejects.toMatchObject({
      code: "SUPERVISOR_APPROVAL_INVALID",
      status: 403,
      message: SUPERVISOR_MESSAGES.invalid,
    });

    const other = await approval("refund");
    await expect(consume(other.token, "void_order")).rejects.toBeInstanceOf(AppError);
    // The refusal did not spend it: the right action still can.
    expect(await consume(other.token, "refund")).toBe(manager.id);

    const expired = await approval("price_override");
    await t.db.execute(
      sql`UPDATE supervisor_approvals SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
    );
    await expect(consume(expired.token, "price_override")).rejects.toMatchObject({
      code: "SUPERVISOR_APPROVAL_INVALID",
    });

    await expect(consume("no-such-token", "discount")).rejects.toMatchObject({ status: 403 });
    await expect(t.db.transaction((tx) => consumeSupervisorApproval(tx, null, "discount"))).rejects.toMatchObject({
      status: 403,
    });
  });

  it("refuses a wrong password with 403, logs it, and counts it toward the sign-in lock", async () => {
    const logged = await appWithLogCapture(t);
    const response = await logged.app.inject({
      method: "POST",
      url: "/api/pos/supervisor",
      headers: bearer(cashierToken),
      payload: { userName: manager.userName, password: "not-the-password", action: "discount" },
    });
    await logged.app.close();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "SUPERVISOR_REFUSED", message: SUPERVISOR_MESSAGES.wrong });
    expect(logged.events("supervisor.refused")).toEqual([
      expect.objectContaining({ supervisorId: manager.id, action: "discount", by: cashierId }),
    ]);
    const [counted] = await t.db
      .select({ failedSignIns: users.failedSignIns })
      .from(users)
      .where(eq(users.id, manager.id));
    expect(counted?.failedSignIns).toBe(1);
    // An unknown name gets the same answer, and no token is made either way.
    const unknown = await approve({ userName: "nobody-here", password: "x", action: "discount" });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe(SUPERVISOR_MESSAGES.wrong);
    // The right password clears the count.
    await approval("discount");
    const [cleared] = await t.db
      .select({ failedSignIns: users.failedSignIns })
      .from(users)
      .where(eq(users.id, manager.id));
    expect(cleared?.failedSignIns).toBe(0);
  });

  it("refuses a user without Setting > Day Close even with the right password; an admin may approve", async () => {
    const waiter = await createUser(t.db, { permissions: [perm("POS"), perm("Setting", "Day Open")] });
    const response = await approve({ userName: waiter.userName, password: waiter.password, action: "void_order" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "SUPERVISOR_REFUSED", message: SUPERVISOR_MESSAGES.notSupervisor });
    const count = await t.db.$count(supervisorApprovals, eq(supervisorApprovals.supervisorId, waiter.id));
    expect(count).toBe(0);

    const admin = await createUser(t.db, { roleId: ROLE.admin });
    const ok = await approve({
      userName: admin.userName.toUpperCase(),
      password: admin.password,
      action: "void_order",
    });
    expect(ok.statusCode).toBe(200);
  });

  it("needs POS or Table Order (a waiter voids a fired line with a supervisor too) and a valid action, naming the field", async () => {
    const waiter = await createUser(t.db, { permissions: [perm("Table Order")] });
    const waiterToken = await loginCargo(t.app, waiter.email, waiter.password);
    const granted = await approve(
      { userName: manager.userName, password: manager.password, action: "void_after_fire" },
      waiterToken,
    );
    expect(granted.statusCode).toBe(200);

    const other = await createUser(t.db, { permissions: [perm("Order View")] });
    const otherToken = await loginCargo(t.app, other.email, other.password);
    const forbidden = await approve(
      { userName: manager.userName, password: manager.password, action: "discount" },
      otherToken,
    );
    expect(forbidden.statusCode).toBe(403);

    const bad = await approve({ userName: manager.userName, password: manager.password, action: "free_lunch" });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain(SUPERVISOR_MESSAGES.action);
  });
});
