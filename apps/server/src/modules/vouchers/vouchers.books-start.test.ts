import { VOUCHER_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, vouchers } from "../../db/schema/index";
import { accountId, adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { firstFiscalYearStart } from "./books-start";

let t: TestApp;
let token: string;
let rent: number;
let carrier: number;
beforeAll(async () => {
  // The default rule: no BOOKS_START, so the books open a fiscal year before the database was set up.
  t = await createTestApp({ BOOKS_START: "" });
  token = await adminToken(t.app);
  rent = await accountId(t.db, "RENT");
  carrier = await accountId(t.db, "CARRIER PAYABLES");
});
afterAll(() => t?.close());

const journal = (voucherDate: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/voucher/add_voucher",
    headers: bearer(token),
    payload: {
      voucherTypeId: 5,
      voucherData: [rent, carrier].map((levelFourId, index) => ({
        levelFourId,
        voucherAmount: 10,
        accountType: index === 0 ? 2 : 1,
        voucherDate,
        voucherDescription: "",
        billNumber: "",
        accountTittle: "",
      })),
    },
  });

describe("a voucher dated before the company's first fiscal year", () => {
  it("starts the books at the fiscal year before the one the database was set up in, or at BOOKS_START's", async () => {
    const config = { FISCAL_YEAR_START: "07-01", APP_TZ: "Asia/Karachi" };
    await t.db.update(users).set({ createdAt: new Date("2026-03-10T12:00:00Z") });
    expect(await firstFiscalYearStart(t.db, { ...config, BOOKS_START: undefined })).toBe("2024-07-01");
    await t.db.update(users).set({ createdAt: new Date("2026-06-30T19:30:00Z") });
    // 00:30 on 1 July in Karachi: the new fiscal year.
    expect(await firstFiscalYearStart(t.db, { ...config, BOOKS_START: undefined })).toBe("2025-07-01");
    expect(await firstFiscalYearStart(t.db, { ...config, BOOKS_START: "2019-03-01" })).toBe("2018-07-01");
  });

  it("is refused with a 400 naming the date, and the first day of that year is accepted", async () => {
    await t.db.update(users).set({ createdAt: new Date("2026-03-10T12:00:00Z") });
    const before = await t.db.$count(vouchers);
    for (const date of ["2024-06-30", "2001-01-01"]) {
      const refused = await journal(date);
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json().details).toContainEqual({
        field: "voucherData.0.voucherDate",
        message: VOUCHER_MESSAGES.beforeBooks("2024-07-01"),
      });
    }
    expect(await t.db.$count(vouchers)).toBe(before);
    const accepted = await journal("2024-07-01");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await t.db.$count(vouchers, eq(vouchers.voucherDate, "2024-07-01"))).toBe(before + 1);
  });
});
