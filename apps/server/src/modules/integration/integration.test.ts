import { execFileSync } from "node:child_process";
import { INTEGRATION_MESSAGES, POS_INTEGRATION_FIELDS, perm } from "@cargodesk/shared";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "PUT", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

describe("Accounts Integration settings", () => {
  it("are seeded with the default courier chart", async () => {
    const settings = (await api("GET", "/api/setting/account_integration")).json();
    expect(settings.accounts.cashGroupId).toMatchObject({ name: "CASH IN HAND", level: 3, allLevelKey: "1-01-001" });
    expect(settings.accounts.defaultCashAccountId).toMatchObject({ allLevelKey: "1-01-001-0001" });
    expect(settings.accounts.bankGroupId.name).toBe("CASH AT BANK");
    expect(settings.accounts.receivablesGroupId.name).toBe("TRADE RECEIVABLES");
    expect(settings.accounts.freightRevenueAccountId.name).toBe("INTERNATIONAL FREIGHT REVENUE");
    expect(settings.accounts.openingEquityAccountId.name).toBe("OPENING BALANCE EQUITY");
    expect(settings.plHeadings).toHaveLength(11);
    expect(settings.plHeadings.find((h: { heading: string }) => h.heading === "admin").groups[0].name).toBe(
      "ADMINISTRATIVE EXPENSES",
    );
  });

  it("refuses accounts of the wrong kind, naming each field, and changes nothing", async () => {
    const before = (await api("GET", "/api/setting/account_integration")).json();
    const rent = await accountId(t.db, "RENT");
    const response = await api("PUT", "/api/setting/account_integration", {
      cashGroupId: rent,
      defaultCashAccountId: await accountId(t.db, "PETTY CASH"),
      bankGroupId: await accountId(t.db, "CASH AT BANK"),
      receivablesGroupId: await accountId(t.db, "TRADE RECEIVABLES"),
      freightRevenueAccountId: rent,
      openingEquityAccountId: rent,
      plHeadings: { admin: [1] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { field: "cashGroupId", message: INTEGRATION_MESSAGES.mustBeGroup },
        { field: "freightRevenueAccountId", message: INTEGRATION_MESSAGES.revenueClass },
        { field: "openingEquityAccountId", message: INTEGRATION_MESSAGES.equityClass },
        { field: "plHeadings.admin.0", message: INTEGRATION_MESSAGES.headingAccount },
      ]),
    );
    expect((await api("GET", "/api/setting/account_integration")).json()).toEqual(before);
  });

  it("refuses a POS and Inventory account of the wrong class or kind, naming the field, and changes nothing", async () => {
    const before = (await api("GET", "/api/setting/account_integration")).json();
    const { accounts: _named, plHeadings: _headings, ...settings } = before;
    const response = await api("PUT", "/api/setting/account_integration", {
      ...settings,
      plHeadings: {},
      storeInventoryAccountId: await accountId(t.db, "RENT"),
      wastageAccountId: await accountId(t.db, "STORE INVENTORY"),
      vendorsGroupId: await accountId(t.db, "PETTY CASH"),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "storeInventoryAccountId", message: INTEGRATION_MESSAGES.classOf["1"] },
      { field: "wastageAccountId", message: INTEGRATION_MESSAGES.classOf["5"] },
      { field: "vendorsGroupId", message: INTEGRATION_MESSAGES.mustBeGroup },
    ]);
    expect((await api("GET", "/api/setting/account_integration")).json()).toEqual(before);
    expect(before.accounts.vendorsGroupId).toMatchObject({ name: "VENDORS", level: 3 });
  });

  it("names the seeded POS accounts Day Close posts to", async () => {
    const { accounts: named } = (await api("GET", "/api/setting/account_integration")).json();
    expect(
      Object.fromEntries(POS_INTEGRATION_FIELDS.map((field) => [field.key, named[field.key]?.name ?? null])),
    ).toEqual({
      posSalesAccountId: "SALES - FOOD",
      salesDiscountAccountId: "SALES DISCOUNTS",
      serviceChargeAccountId: "SERVICE CHARGE",
      salesTaxPayableAccountId: "SALES TAX PAYABLE",
      roundingAccountId: "ROUNDING",
      cashOverShortAccountId: "CASH OVER/SHORT",
      cardClearingAccountId: "CARD CLEARING",
      safeCashAccountId: "SAFE CASH",
    });
  });

  it("refuses a POS account outside its class or group, naming the field, and changes nothing", async () => {
    const before = (await api("GET", "/api/setting/account_integration")).json();
    const { accounts: _named, plHeadings: _headings, ...settings } = before;
    const rent = await accountId(t.db, "RENT");
    const response = await api("PUT", "/api/setting/account_integration", {
      ...settings,
      plHeadings: {},
      posSalesAccountId: rent,
      salesDiscountAccountId: await accountId(t.db, "SALES TAX PAYABLE"),
      salesTaxPayableAccountId: await accountId(t.db, "SALES - FOOD"),
      cashOverShortAccountId: await accountId(t.db, "CASH DIFFERENCES"),
      cardClearingAccountId: await accountId(t.db, "PETTY CASH"),
      safeCashAccountId: await accountId(t.db, "BANK CURRENT ACCOUNT"),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "posSalesAccountId", message: "Must be under REVENUE" },
      { field: "salesDiscountAccountId", message: "Must be under REVENUE or EXPENSES" },
      { field: "salesTaxPayableAccountId", message: "Must be under LIABILITIES" },
      { field: "cashOverShortAccountId", message: INTEGRATION_MESSAGES.mustBeAccount },
      { field: "cardClearingAccountId", message: "Must be an account under the bank group" },
      { field: "safeCashAccountId", message: "Must be an account under the cash group" },
    ]);
    expect((await api("GET", "/api/setting/account_integration")).json()).toEqual(before);
  });

  it("keeps a POS account a save leaves out, and clears one sent as null", async () => {
    const before = (await api("GET", "/api/setting/account_integration")).json();
    const { accounts: _named, plHeadings: _headings, roundingAccountId: _kept, ...settings } = before;
    const saved = await api("PUT", "/api/setting/account_integration", {
      ...settings,
      plHeadings: {},
      serviceChargeAccountId: null,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      roundingAccountId: before.roundingAccountId,
      serviceChargeAccountId: null,
    });
    const restored = await api("PUT", "/api/setting/account_integration", {
      ...settings,
      plHeadings: Object.fromEntries(
        before.plHeadings.map((entry: { heading: string; groups: { _id: number }[] }) => [
          entry.heading,
          entry.groups.map((group) => group._id),
        ]),
      ),
    });
    expect(restored.json().data.serviceChargeAccountId).toBe(before.serviceChargeAccountId);
  });

  it("saves new settings, which the cash picker follows at once", async () => {
    const settings = (await api("GET", "/api/setting/account_integration")).json();
    const bankGroup = await accountId(t.db, "CASH AT BANK");
    const response = await api("PUT", "/api/setting/account_integration", {
      cashGroupId: bankGroup,
      defaultCashAccountId: await accountId(t.db, "BANK CURRENT ACCOUNT"),
      bankGroupId: settings.bankGroupId,
      receivablesGroupId: settings.receivablesGroupId,
      freightRevenueAccountId: settings.freightRevenueAccountId,
      openingEquityAccountId: settings.openingEquityAccountId,
      plHeadings: { admin: [await accountId(t.db, "ADMINISTRATIVE EXPENSES")] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.plHeadings.find((h: { heading: string }) => h.heading === "tax").groups).toEqual([]);
    const cash = (await api("GET", "/api/levelFour/get_levelFour?book=cash")).json();
    expect(cash.map((row: { levelFourName: string }) => row.levelFourName)).toEqual([
      "BANK CURRENT ACCOUNT",
      "BANK SAVINGS ACCOUNT",
      "CARD CLEARING",
    ]);
  });

  it("needs the Accounts Integration permission to save", async () => {
    const user = await createUser(t.db, {
      permissions: [perm("Setting", "Accounts Integration", "List Accounts Integration")],
    });
    const reader = await loginCargo(t.app, user.email, user.password);
    expect((await api("GET", "/api/setting/account_integration", undefined, reader)).statusCode).toBe(200);
    expect((await api("PUT", "/api/setting/account_integration", {}, reader)).statusCode).toBe(403);
  });
});

describe("chart reports", () => {
  it("prints Level3.pdf grouped by level 1 and 2, and Level4 as Excel with balances", async () => {
    const pdf = await api("GET", "/api/levelThree/report?format=pdf");
    expect(pdf.headers["content-disposition"]).toContain("Level3.pdf");
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toContain("LEVEL THREE REPORT");
    expect(text).toMatch(/1 ASSETS\s+01 CURRENT ASSETS\s+1-01-001\s+CASH IN HAND/);

    const xlsx = await api("GET", "/api/levelFour/report?format=xlsx");
    expect(xlsx.headers["content-disposition"]).toContain("Level4.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(xlsx.rawPayload).buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      "Level One",
      "Level Two",
      "Level Three",
      "Code",
      "Name",
      "Balance",
      "DR/CR",
    ]);
    expect(sheet?.getRow(3).getCell(4).value).toBe("1-01-001-0001");
  });
});
