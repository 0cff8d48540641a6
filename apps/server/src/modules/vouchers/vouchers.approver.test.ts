import { perm, VOUCHER_APPROVAL_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, ledgerEntries } from "../../db/schema/index";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let admin: string;
let clerk: string;
let checker: string;
const id: Record<string, number> = {};
const SETTING = "/api/setting/voucher_approval";

const setRule = (on: boolean, token = admin) =>
  t.app.inject({ method: "PUT", url: SETTING, payload: { enteredByCannotApprove: on }, headers: bearer(token) });

async function enter(token: string): Promise<number> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/voucher/add_voucher",
    headers: bearer(token),
    payload: {
      voucherTypeId: 1,
      levelFourId: id.cash,
      voucherData: [{ levelFourId: id.rent, voucherAmount: 10, accountType: 2, voucherDate: "2025-07-01" }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id;
}

const decide = (voucherId: number, status: "Approve" | "Disapprove", token: string) =>
  t.app.inject({
    method: "PUT",
    url: `/api/voucher/approve_voucher/${voucherId}`,
    payload: { status },
    headers: bearer(token),
  });

const statusOf = async (voucherId: number) =>
  (await t.app.inject({ method: "GET", url: `/api/voucher/${voucherId}`, headers: bearer(admin) })).json();

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  const [cash] = await t.db.select().from(accounts).where(eq(accounts.allLevelKey, "1-01-001-0001"));
  id.cash = cash?.id ?? 0;
  id.rent = await accountId(t.db, "RENT");
  const both = [perm("Accounts", "Voucher", "CPV"), perm("Accounts", "Voucher Verification")];
  const clerkUser = await createUser(t.db, { permissions: both });
  clerk = await loginCargo(t.app, clerkUser.email, clerkUser.password);
  id.clerk = clerkUser.id;
  const checkerUser = await createUser(t.db, { permissions: both });
  checker = await loginCargo(t.app, checkerUser.email, checkerUser.password);
});

afterAll(async () => {
  await t?.close();
});

describe("separate approver for vouchers", () => {
  it("is off by default: whoever entered a voucher may approve it", async () => {
    const read = await t.app.inject({ method: "GET", url: SETTING, headers: bearer(clerk) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ enteredByCannotApprove: false });
    const voucherId = await enter(clerk);
    expect((await decide(voucherId, "Approve", clerk)).statusCode).toBe(200);
  });

  it("when on, refuses the person who entered the voucher with a 403 and the reason; another person approves it", async () => {
    const saved = await setRule(true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      message: VOUCHER_APPROVAL_MESSAGES.saved,
      data: { enteredByCannotApprove: true },
    });

    const voucherId = await enter(clerk);
    const refused = await decide(voucherId, "Approve", clerk);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "VOUCHER_OWN_APPROVAL",
      kind: "FORBIDDEN",
      message: VOUCHER_APPROVAL_MESSAGES.ownVoucher,
      details: { rule: "enteredByCannotApprove" },
    });
    expect(await statusOf(voucherId)).toMatchObject({ status: "Pending", createdById: id.clerk });
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.voucherId, voucherId))).toEqual([]);

    const approved = await decide(voucherId, "Approve", checker);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOf(voucherId)).toMatchObject({ status: "Approve" });
    expect((await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.voucherId, voucherId))).length).toBe(2);
  });

  it("applies to an Admin too, and still lets the person disapprove their own voucher", async () => {
    const own = await enter(admin);
    expect((await decide(own, "Approve", admin)).statusCode).toBe(403);
    const withdrawn = await decide(own, "Disapprove", admin);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await statusOf(own)).toMatchObject({ status: "Disapprove" });
  });

  it("when turned off again, the person who entered it may approve it", async () => {
    expect((await setRule(false)).json()).toEqual({
      message: VOUCHER_APPROVAL_MESSAGES.savedOff,
      data: { enteredByCannotApprove: false },
    });
    const voucherId = await enter(clerk);
    expect((await decide(voucherId, "Approve", clerk)).statusCode).toBe(200);
  });

  it("survives saving the other Accounts Integration settings", async () => {
    await setRule(true);
    const settings = (
      await t.app.inject({ method: "GET", url: "/api/setting/account_integration", headers: bearer(admin) })
    ).json();
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/setting/account_integration",
      headers: bearer(admin),
      payload: {
        cashGroupId: settings.cashGroupId,
        defaultCashAccountId: settings.defaultCashAccountId,
        bankGroupId: settings.bankGroupId,
        receivablesGroupId: settings.receivablesGroupId,
        freightRevenueAccountId: settings.freightRevenueAccountId,
        openingEquityAccountId: settings.openingEquityAccountId,
        plHeadings: {},
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: SETTING, headers: bearer(admin) })).json()).toEqual({
      enteredByCannotApprove: true,
    });
    await setRule(false);
  });

  it("is read by any accounts user, changed only with Add Accounts Integration; bad input is a 400 naming the field", async () => {
    expect((await t.app.inject({ method: "GET", url: SETTING })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "PUT", url: SETTING, payload: { enteredByCannotApprove: true } })).statusCode,
    ).toBe(401);
    const refused = await setRule(true, clerk);
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: "PUT",
      url: SETTING,
      payload: { enteredByCannotApprove: "yes" },
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: "enteredByCannotApprove", message: "enteredByCannotApprove must be true or false" },
    ]);
    const settingsUser = await createUser(t.db, {
      permissions: [perm("Setting", "Accounts Integration", "Add Accounts Integration")],
    });
    const settingsToken = await loginCargo(t.app, settingsUser.email, settingsUser.password);
    expect((await setRule(false, settingsToken)).statusCode).toBe(200);
  });
});
