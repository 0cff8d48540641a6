import { execFileSync } from "node:child_process";
import { perm, VOUCHER_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, ledgerEntries, voucherLines, vouchers } from "../../db/schema/index";
import { todayIn } from "../../lib/dates";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
let today: string;
let ids: Record<"cash" | "bank" | "salaries" | "rent" | "sundryIncome" | "carrier", number>;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  today = todayIn(t.config.APP_TZ);
  ids = {
    cash: (await t.db.select().from(accounts).where(eq(accounts.allLevelKey, "1-01-001-0001")))[0]?.id ?? 0,
    bank: await accountId(t.db, "BANK CURRENT ACCOUNT"),
    salaries: await accountId(t.db, "SALARIES AND WAGES"),
    rent: await accountId(t.db, "RENT"),
    sundryIncome: await accountId(t.db, "SUNDRY INCOME"),
    carrier: await accountId(t.db, "CARRIER PAYABLES"),
  };
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

const line = (levelFourId: number, amount: number, accountType: 1 | 2, extra: object = {}) => ({
  levelFourId,
  voucherAmount: amount,
  accountType,
  voucherDate: today,
  voucherDescription: "",
  billNumber: "",
  accountTittle: "",
  ...extra,
});

const balanceOf = async (id: number) => {
  const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, id));
  return Number(rows.reduce((sum, row) => sum + row.debitMinor - row.creditMinor, 0n));
};
const counts = async () => [
  await t.db.$count(vouchers),
  await t.db.$count(voucherLines),
  await t.db.$count(ledgerEntries),
];

describe("POST /api/voucher/add_voucher", () => {
  it("posts a cash payment with the balancing cash line built on the server, pending", async () => {
    const response = await api("POST", "/api/voucher/add_voucher", {
      voucherTypeId: 1,
      voucherType: "CPV",
      levelFourId: ids.cash,
      cashAccTittle: "CASH IN HAND",
      voucherData: [
        line(ids.salaries, 1000.5, 2, { voucherDescription: "JUNE SALARY", billNumber: "B-1" }),
        line(ids.rent, 250, 2, { voucherDescription: "OFFICE RENT", billNumber: "B-2" }),
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.vocId).toMatch(new RegExp(`^CPV-${today.slice(0, 4)}-\\d{5}$`));
    expect(body.message).toBe(VOUCHER_MESSAGES.added);
    const voucher = (await api("GET", `/api/voucher/${body._id}`)).json();
    expect(voucher).toMatchObject({
      status: "Pending",
      totalAmount: 1250.5,
      voucherType: "CPV",
      cashAccTittle: "CASH IN HAND",
    });
    expect(voucher.voucherData.at(-1)).toMatchObject({
      levelFourId: ids.cash,
      credit: 1250.5,
      debit: 0,
      accountType: 1,
      voucherDescription: "[JUNE SALARY, OFFICE RENT]",
      billNumber: "[B-1, B-2]",
      accountTittle: "[SALARIES AND WAGES, RENT]",
    });
    expect(await balanceOf(ids.salaries)).toBe(0);
  });

  it("builds receipts the other way round: lines credit, cash debit", async () => {
    const response = await api("POST", "/api/voucher/add_voucher", {
      voucherTypeId: 2,
      levelFourId: ids.cash,
      voucherData: [line(ids.sundryIncome, 75, 1)],
    });
    const voucher = (await api("GET", `/api/voucher/${response.json()._id}`)).json();
    expect(voucher.voucherData.map((l: { debit: number; credit: number }) => [l.debit, l.credit])).toEqual([
      [0, 75],
      [75, 0],
    ]);
  });

  it("refuses bad vouchers with a message naming the field, and saves nothing", async () => {
    const before = await counts();
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
    const cases: [object, string, string][] = [
      [
        { voucherTypeId: 1, levelFourId: ids.cash, voucherData: [line(ids.rent, 10, 1)] },
        "voucherData.0.accountType",
        VOUCHER_MESSAGES.wrongSide,
      ],
      [{ voucherTypeId: 1, voucherData: [line(ids.rent, 10, 2)] }, "levelFourId", VOUCHER_MESSAGES.cashAccountRequired],
      [
        { voucherTypeId: 3, levelFourId: ids.cash, voucherData: [line(ids.rent, 10, 2)] },
        "levelFourId",
        VOUCHER_MESSAGES.notInBankGroup,
      ],
      [
        { voucherTypeId: 1, levelFourId: ids.bank, voucherData: [line(ids.rent, 10, 2)] },
        "levelFourId",
        VOUCHER_MESSAGES.notInCashGroup,
      ],
      [
        { voucherTypeId: 1, levelFourId: ids.cash, voucherData: [line(ids.rent, 0, 2)] },
        "voucherData.0.voucherAmount",
        VOUCHER_MESSAGES.amount,
      ],
      [
        { voucherTypeId: 1, levelFourId: ids.cash, voucherData: [line(ids.rent, -5, 2)] },
        "voucherData.0.voucherAmount",
        VOUCHER_MESSAGES.amount,
      ],
      [
        { voucherTypeId: 1, levelFourId: ids.cash, voucherData: [line(ids.rent, 1.005, 2)] },
        "voucherData.0.voucherAmount",
        VOUCHER_MESSAGES.amount,
      ],
      [
        { voucherTypeId: 1, levelFourId: ids.cash, voucherData: [line(ids.rent, 5, 2, { voucherDate: tomorrow })] },
        "voucherData.0.voucherDate",
        VOUCHER_MESSAGES.futureDate,
      ],
      [
        {
          voucherTypeId: 1,
          levelFourId: ids.cash,
          voucherData: [line(await accountId(t.db, "ADMINISTRATIVE EXPENSES"), 5, 2)],
        },
        "voucherData.0.levelFourId",
        VOUCHER_MESSAGES.notPostable,
      ],
      [
        { voucherTypeId: 1, levelFourId: ids.cash, voucherData: [line(ids.cash, 5, 2)] },
        "voucherData.0.levelFourId",
        VOUCHER_MESSAGES.sameAccount,
      ],
      [
        { voucherTypeId: 5, voucherData: [line(ids.rent, 10, 2), line(ids.carrier, 9.99, 1)] },
        "voucherData",
        VOUCHER_MESSAGES.unbalanced,
      ],
      [
        { voucherTypeId: 5, voucherData: [line(ids.rent, 10, 2), line(ids.carrier, 10, 2)] },
        "voucherData",
        VOUCHER_MESSAGES.unbalanced,
      ],
      [{ voucherTypeId: 5, voucherData: [] }, "voucherData", "Add at least one line"],
    ];
    for (const [payload, field, message] of cases) {
      const response = await api("POST", "/api/voucher/add_voucher", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details, JSON.stringify(payload)).toContainEqual({ field, message });
    }
    expect(await counts()).toEqual(before);
  });

  it("numbers per type and per year of the voucher date, without gaps", async () => {
    const year = today.slice(0, 4);
    const post = async (voucherDate: string) =>
      (
        await api("POST", "/api/voucher/add_voucher", {
          voucherTypeId: 5,
          voucherData: [line(ids.rent, 1, 2, { voucherDate }), line(ids.carrier, 1, 1, { voucherDate })],
        })
      ).json().vocId;
    expect(await post(today)).toBe(`JV-${year}-00001`);
    expect(await post(today)).toBe(`JV-${year}-00002`);
    expect(await post(`${Number(year) - 1}-12-31`)).toBe(`JV-${Number(year) - 1}-00001`);
    await api("POST", "/api/voucher/add_voucher", { voucherTypeId: 5, voucherData: [line(ids.rent, 1, 2)] });
    expect(await post(today)).toBe(`JV-${year}-00003`);
  });
});

describe("verification and reversal", () => {
  const postJv = async (amount: number) =>
    (
      await api("POST", "/api/voucher/add_voucher", {
        voucherTypeId: 5,
        voucherData: [line(ids.rent, amount, 2), line(ids.carrier, amount, 1)],
      })
    ).json()._id as number;

  it("approval posts to the ledger once; a decided voucher cannot be decided again", async () => {
    const before = await balanceOf(ids.carrier);
    const id = await postJv(40);
    const approved = await api("PUT", `/api/voucher/approve_voucher/${id}`, { status: "Approve" });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: "Approve", decidedBy: "admin" });
    expect(await balanceOf(ids.carrier)).toBe(before - 4000);
    for (const status of ["Approve", "Disapprove"]) {
      const again = await api("PUT", `/api/voucher/approve_voucher/${id}`, { status });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: "VOUCHER_ALREADY_DECIDED", message: VOUCHER_MESSAGES.onlyPending });
    }
    expect(await balanceOf(ids.carrier)).toBe(before - 4000);
  });

  it("a disapproved voucher is kept and never reaches the ledger", async () => {
    const before = await balanceOf(ids.carrier);
    const id = await postJv(12);
    await api("PUT", `/api/voucher/approve_voucher/${id}`, { status: "Disapprove" });
    expect((await api("GET", `/api/voucher/${id}`)).json().status).toBe("Disapprove");
    expect(await balanceOf(ids.carrier)).toBe(before);
    expect((await api("PUT", `/api/voucher/approve_voucher/${id}`, { status: "Maybe" })).statusCode).toBe(400);
  });

  it("reverses an approved voucher once, by a linked approved mirror", async () => {
    const before = await balanceOf(ids.rent);
    const id = await postJv(99.99);
    expect((await api("POST", `/api/voucher/reverse_voucher/${id}`)).statusCode).toBe(409);
    await api("PUT", `/api/voucher/approve_voucher/${id}`, { status: "Approve" });
    expect(await balanceOf(ids.rent)).toBe(before + 9999);
    const reversed = await api("POST", `/api/voucher/reverse_voucher/${id}`);
    expect(reversed.statusCode).toBe(200);
    expect(await balanceOf(ids.rent)).toBe(before);
    const original = (await api("GET", `/api/voucher/${id}`)).json();
    expect(original.reversedBy.voucherManualId).toBe(reversed.json().vocId);
    expect((await api("POST", `/api/voucher/reverse_voucher/${id}`)).json()).toMatchObject({
      code: "VOUCHER_ALREADY_REVERSED",
      message: VOUCHER_MESSAGES.alreadyReversed,
    });
    expect((await api("POST", `/api/voucher/reverse_voucher/${reversed.json()._id}`)).statusCode).toBe(409);
  });
});

describe("search", () => {
  it("lists by type and dates, pages with a search, and lists pending vouchers", async () => {
    const types = (await api("GET", "/api/voucher/get_voucherTypes")).json();
    expect(types.map((type: { voucherType: string }) => type.voucherType)).toEqual(["CPV", "CRV", "BPV", "BRV", "JV"]);
    const cpv = (
      await api("POST", "/api/voucher/get_voucher_by_voucherTypeId?page=0&limit=1000", {
        voucherTypeId: 1,
        startedDate: today,
        endDate: today,
      })
    ).json();
    expect(cpv.length).toBeGreaterThan(0);
    expect(cpv.every((v: { voucherType: string }) => v.voucherType === "CPV")).toBe(true);
    const none = (
      await api("POST", "/api/voucher/get_voucher_by_voucherTypeId", {
        voucherTypeId: 1,
        startedDate: "2000-01-01",
        endDate: "2000-01-02",
      })
    ).json();
    expect(none).toEqual([]);
    expect((await api("POST", "/api/voucher/get_voucher_by_voucherTypeId", { startedDate: today })).statusCode).toBe(
      400,
    );
    const page = (await api("GET", "/api/voucher/get_all_voucher_user?size=2&page=1&search=june salary")).json();
    expect(page).toMatchObject({ page: 1, total_results: 1 });
    expect(page.data[0].voucherType).toBe("CPV");
    const pending = (await api("GET", "/api/voucher/get_all_voucher?status=Pending")).json();
    expect(pending.every((v: { status: string }) => v.status === "Pending")).toBe(true);
  });

  it("prints a voucher as a PDF", async () => {
    const [voucher] = (await api("GET", "/api/voucher/get_all_voucher_user?search=june salary")).json().data;
    const response = await api("GET", `/api/voucher/${voucher._id}/voucher.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: response.rawPayload }).toString();
    expect(text).toContain(voucher.voucherManualId);
    expect(text).toContain("CASH PAYMENT VOUCHER");
    expect(text).toContain("1,250.50");
  });
});

describe("permissions", () => {
  it("a CPV clerk posts CPV only, and cannot approve", async () => {
    const user = await createUser(t.db, { permissions: [perm("Accounts", "Voucher", "CPV")] });
    const clerk = await loginCargo(t.app, user.email, user.password);
    const cpv = await api(
      "POST",
      "/api/voucher/add_voucher",
      { voucherTypeId: 1, levelFourId: ids.cash, voucherData: [line(ids.rent, 5, 2)] },
      clerk,
    );
    expect(cpv.statusCode).toBe(200);
    const jv = await api(
      "POST",
      "/api/voucher/add_voucher",
      { voucherTypeId: 5, voucherData: [line(ids.rent, 5, 2), line(ids.carrier, 5, 1)] },
      clerk,
    );
    expect(jv.statusCode).toBe(403);
    expect(
      (await api("PUT", `/api/voucher/approve_voucher/${cpv.json()._id}`, { status: "Approve" }, clerk)).statusCode,
    ).toBe(403);
    const verifier = await createUser(t.db, { permissions: [perm("Accounts", "Voucher Verification")] });
    const verifierToken = await loginCargo(t.app, verifier.email, verifier.password);
    expect(
      (await api("PUT", `/api/voucher/approve_voucher/${cpv.json()._id}`, { status: "Approve" }, verifierToken))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await api(
          "POST",
          "/api/voucher/add_voucher",
          { voucherTypeId: 1, levelFourId: ids.cash, voucherData: [line(ids.rent, 5, 2)] },
          verifierToken,
        )
      ).statusCode,
    ).toBe(403);
  });
});
