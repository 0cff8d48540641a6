/**
 * Helpers of the dashboard and cargo ledger browser tests (dashboard.spec.ts, cargo-ledger.spec.ts):
 * the story both check, set up once through the API as the admin, and the screens' routes.
 *
 * ledgercustomer1: two C/Ns of 1,500.00 posted today and a 1,000.00 cash payment: 2,000.00 DR.
 * ledgercustomer2: one C/N of 1,500.00 posted today: 1,500.00 DR.
 */
import type { Page } from "@playwright/test";
import { USERS } from "./fixtures";
import { expect, snap } from "./helpers";
import { api, bookShipment, companyDay, customerId } from "./shipments-helpers";

export const LEDGER = {
  dashboard: "/cargo/dashboard/dashboard",
  search: "/cargo/ledger/ledger_report",
  table: "/cargo/ledger/ledger_table",
  reporting: "/cargo/reportings/reporting",
  report: "/cargo/reporting/ledger-report",
} as const;

export const PAYMENT = { amount: 1000, description: "E2E-LEDGER PAYMENT" } as const;
export const TRADE_RECEIVABLES = "ASSETS / CURRENT ASSETS / TRADE RECEIVABLES";

export interface LedgerCustomer {
  id: number;
  email: string;
  password: string;
  /** Their receivable account (levelFiveId). */
  account: number;
  /** The account's name, e.g. "LEDGERCUSTOMER1 (ledgercustomer1)". */
  accountName: string;
  trackingIds: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export const snapLedger = (page: Page, name: string): Promise<void> => snap(page, `ledger-${name}`);

async function receivable(page: Page, email: string): Promise<number> {
  const { body } = await api(page, "GET", "/user_cargo");
  const row = Array.isArray(body) ? body.find((user) => isRecord(user) && user.email === email) : null;
  if (!isRecord(row) || typeof row.receivableAccountId !== "number")
    throw new Error(`${email} has no receivable account`);
  return row.receivableAccountId;
}

async function accountByKey(page: Page, allLevelKey: string): Promise<{ id: number; name: string }> {
  const { body } = await api(page, "GET", "/cargo_accounts/get_levelFive");
  const row = Array.isArray(body)
    ? body.find((account) => isRecord(account) && account.allLevelKey === allLevelKey)
    : null;
  if (!isRecord(row) || typeof row.levelFiveId !== "number" || typeof row.levelFiveName !== "string")
    throw new Error(`no account ${allLevelKey}`);
  return { id: row.levelFiveId, name: row.levelFiveName };
}

/** The charges already on an account (a retry finds the story posted). */
async function ledgerOf(page: Page, account: number): Promise<{ name: string; trackingIds: string[]; rows: number }> {
  const { status, body } = await api(page, "POST", "/cargo_accounts/get_ledger", {
    startedDate: "",
    endDate: "",
    levelFiveId: account,
  });
  expect(status, "ledger read").toBe(200);
  const data = isRecord(body) && Array.isArray(body.data) ? body.data : [];
  const trackingIds = data.flatMap((row) =>
    isRecord(row) && typeof row.trackingNo === "string" ? [row.trackingNo] : [],
  );
  return { name: isRecord(body) && typeof body.name === "string" ? body.name : "", trackingIds, rows: data.length };
}

async function bookAndPost(page: Page, customer: number, receiver: string): Promise<void> {
  const booked = await bookShipment(page, { customer, receiver });
  const posted = await api(page, "GET", `/shipment/shipment_post_voucher/${booked.shipment_id}`);
  expect(posted.status, "charge posted").toBe(200);
}

async function cashPayment(page: Page, account: number): Promise<void> {
  const cash = await accountByKey(page, "1-01-001-0001");
  const added = await api(page, "POST", "/voucher/add_voucher", {
    voucherTypeId: 2,
    levelFourId: cash.id,
    voucherData: [
      {
        levelFourId: account,
        voucherAmount: PAYMENT.amount,
        accountType: 1,
        voucherDate: companyDay(),
        voucherDescription: PAYMENT.description,
      },
    ],
  });
  expect(added.status, "payment voucher added").toBe(200);
  const id = isRecord(added.body) ? added.body._id : null;
  const approved = await api(page, "PUT", `/voucher/approve_voucher/${String(id)}`, { status: "Approve" });
  expect(approved.status, "payment approved").toBe(200);
}

/** Approves both customers and posts their story once; `page` is signed in as the admin. */
export async function setUpLedgerStory(page: Page): Promise<{ one: LedgerCustomer; two: LedgerCustomer }> {
  const people = [USERS.ledgerCustomer1, USERS.ledgerCustomer2] as const;
  const result: LedgerCustomer[] = [];
  for (const [index, person] of people.entries()) {
    const id = await customerId(page, person.email, true);
    const account = await receivable(page, person.email);
    if ((await ledgerOf(page, account)).rows === 0) {
      const shipments = index === 0 ? 2 : 1;
      for (let count = 0; count < shipments; count++) await bookAndPost(page, id, `LEDGER RECEIVER ${index + 1}`);
      if (index === 0) await cashPayment(page, account);
    }
    const ledger = await ledgerOf(page, account);
    result.push({
      id,
      email: person.email,
      password: person.password,
      account,
      accountName: ledger.name,
      trackingIds: ledger.trackingIds,
    });
  }
  const [one, two] = result;
  if (!one || !two) throw new Error("the ledger story is incomplete");
  expect(one.trackingIds).toHaveLength(2);
  expect(two.trackingIds).toHaveLength(1);
  return { one, two };
}
