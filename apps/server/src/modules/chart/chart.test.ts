import { CHART_MESSAGES, perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, vouchers } from "../../db/schema/index";
import {
  accountId,
  adminToken,
  bearer,
  createTestApp,
  createUser,
  loginCargo,
  multipart,
  type TestApp,
} from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });
const countAccounts = () => t.db.$count(accounts);

describe("chart of accounts: reading", () => {
  it("lists the five classes and the default courier chart beneath them", async () => {
    const one = (await api("GET", "/api/levelOne/get_all_levelone")).json();
    expect(one.map((row: { name: string }) => row.name)).toEqual([
      "ASSETS",
      "LIABILITIES",
      "EQUITY",
      "REVENUE",
      "EXPENSES",
    ]);
    const two = (await api("GET", `/api/levelTwo/get_by_levelOne/${one[0]._id}`)).json();
    expect(two[0]).toMatchObject({
      levelTwoName: "CURRENT ASSETS",
      levelTwoKey: "01",
      allKey: "1-01",
      level_one: { name: "ASSETS", key: "1" },
    });
    const three = (await api("GET", `/api/levelThree/get_by_levelTwo/${two[0]._id}`)).json();
    expect(three[0]).toMatchObject({
      levelThreeName: "CASH IN HAND",
      levelThreeKey: "001",
      allLvlKey: "1-01-001",
      allLevlKey: "1-01-001",
    });
    const four = (await api("GET", "/api/levelFour/get_levelFour")).json();
    expect(four.find((row: { levelFourName: string }) => row.levelFourName === "CASH IN HAND")).toMatchObject({
      allLevelKey: "1-01-001-0001",
      levelBalance: 0,
      levelThree: { levelThreeName: "CASH IN HAND" },
    });
    expect((await api("GET", "/api/levelFour/credit_debit")).json()).toEqual([
      { _id: 1, account_type_name: "Credit" },
      { _id: 2, account_type_name: "Debit" },
    ]);
  });

  it("limits the cash and bank pickers to the Accounts Integration groups", async () => {
    const cash = (await api("GET", "/api/levelFour/get_levelFour?book=cash")).json();
    const bank = (await api("GET", "/api/levelFour/get_levelFour?book=bank")).json();
    expect(cash.map((row: { levelFourName: string }) => row.levelFourName)).toEqual([
      "CASH IN HAND",
      "PETTY CASH",
      "SAFE CASH",
      "A01 CASH",
    ]);
    expect(bank.every((row: { allLevelKey: string }) => row.allLevelKey.startsWith("1-01-002-"))).toBe(true);
  });
});

describe("chart of accounts: adding", () => {
  it("adds a level 2 group with the next key, upper-casing the name", async () => {
    const response = await api("POST", "/api/levelTwo/add-levelTwo", {
      levelOneId: 1,
      levelTwoName: "  long term investments ",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "Added successfully...", allLevelKey: "1-03" });
    const again = await api("POST", "/api/levelTwo/add-levelTwo", {
      levelOneId: 1,
      levelTwoName: "Long Term Investments",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(CHART_MESSAGES.duplicateName);
  });

  it("names the missing or wrong field and saves nothing", async () => {
    const before = await countAccounts();
    const empty = await api("POST", "/api/levelTwo/add-levelTwo", { levelOneId: 1, levelTwoName: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: "levelTwoName", message: CHART_MESSAGES.nameRequired }]);
    const wrongChain = await api("POST", "/api/levelThree/add-levelThree", {
      levelOneId: 2,
      levelTwoId: (await api("GET", "/api/levelTwo/get_by_levelOne/1")).json()[0]._id,
      levelThreeName: "X",
    });
    expect(wrongChain.statusCode).toBe(400);
    expect(wrongChain.json().message).toContain("levelTwoId");
    const unknown = await api("POST", "/api/levelTwo/add-levelTwo", { levelOneId: 999, levelTwoName: "X" });
    expect(unknown.statusCode).toBe(400);
    expect(await countAccounts()).toBe(before);
  });

  it("turns an opening amount into an approved entry against Opening Balance Equity", async () => {
    const groupId = await accountId(t.db, "ADVANCES AND DEPOSITS");
    const currentAssets = await accountId(t.db, "CURRENT ASSETS");
    const response = await api("POST", "/api/levelFour/add_levelFour", {
      levelOneId: 1,
      levelTwoId: currentAssets,
      levelThreeId: groupId,
      levelFourName: "rent deposit",
      debitCreditId: 2,
      levelBalance: 1500.5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().allLevelKey).toBe("1-01-004-0003");
    const four = (await api("GET", "/api/levelFour/get_levelFour?search=RENT DEPOSIT")).json();
    expect(four).toHaveLength(1);
    expect(four[0]).toMatchObject({ levelFourName: "RENT DEPOSIT", levelBalance: 1500.5, debitCreditId: 2 });
    const equity = (await api("GET", "/api/levelFour/get_levelFour?search=OPENING BALANCE EQUITY")).json();
    expect(equity[0]).toMatchObject({ levelBalance: 1500.5, debitCreditId: 1 });
    const [opening] = await t.db.select().from(vouchers).where(eq(vouchers.source, "opening"));
    expect(opening).toMatchObject({ status: "Approve", totalMinor: 150050n });
  });

  it("wants an amount type with an opening amount", async () => {
    const response = await api("POST", "/api/levelFour/add_levelFour", {
      levelOneId: 1,
      levelTwoId: await accountId(t.db, "CURRENT ASSETS"),
      levelThreeId: await accountId(t.db, "ADVANCES AND DEPOSITS"),
      levelFourName: "NO SIDE",
      debitCreditId: 0,
      levelBalance: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "debitCreditId", message: CHART_MESSAGES.amountTypeRequired }]);
  });
});

describe("chart of accounts: changing and deleting", () => {
  it("renames an account, refusing a name its siblings have", async () => {
    const id = await accountId(t.db, "PETTY CASH");
    const renamed = await api("PUT", `/api/levelFive/update_level_five/${id}`, { levelFourName: "petty cash box" });
    expect(renamed.json()).toMatchObject({ levelFourName: "PETTY CASH BOX" });
    const clash = await api("PUT", `/api/levelFive/update_level_five/${id}`, { levelFourName: "Cash in hand" });
    expect(clash.statusCode).toBe(409);
  });

  it("refuses to delete a group with children, an account with entries or an integration account", async () => {
    expect((await api("DELETE", `/api/levelThree/delete/${await accountId(t.db, "CASH AT BANK")}`)).statusCode).toBe(
      409,
    );
    const withEntries = await api("DELETE", `/api/levelFive/delete-data/${await accountId(t.db, "RENT DEPOSIT")}`);
    expect(withEntries.statusCode).toBe(409);
    expect(withEntries.json()).toMatchObject({ code: "ACCOUNT_HAS_ENTRIES", message: CHART_MESSAGES.hasEntries });
    const system = await api(
      "DELETE",
      `/api/levelFive/delete-data/${await accountId(t.db, "INTERNATIONAL FREIGHT REVENUE")}`,
    );
    expect(system.statusCode).toBe(409);
    const level = await api("DELETE", `/api/levelTwo/delete/${await accountId(t.db, "RENT DEPOSIT")}`);
    expect(level.statusCode).toBe(404);
  });

  it("deletes an account without entries", async () => {
    const id = await accountId(t.db, "ADVANCES TO STAFF");
    expect((await api("DELETE", `/api/levelFive/delete-data/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(accounts).where(eq(accounts.id, id))).toEqual([]);
  });
});

describe("chart of accounts: upload", () => {
  const upload = (url: string, fields: Record<string, number>, name: string, content: Buffer | string) => {
    const body = multipart(fields, { field: "file", name, content });
    return t.app.inject({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  };

  it("adds level 2 groups from CSV, and the same file again changes nothing", async () => {
    const csv = 'name\nDeferred Tax Assets\n"Investments, Long"\n';
    const first = await upload("/api/levelTwo/upload-lvlTwo/", { levelOneId: 1 }, "l2.csv", csv);
    expect(first.json()).toEqual({ message: "Added successfully...", created: 2, unchanged: 0 });
    const before = await countAccounts();
    const second = await upload("/api/levelTwo/upload-lvlTwo", { levelOneId: 1 }, "l2.csv", csv);
    expect(second.json()).toEqual({ message: "Added successfully...", created: 0, unchanged: 2 });
    expect(await countAccounts()).toBe(before);
  });

  it("refuses a file with errors as a whole, naming row and column", async () => {
    const before = await countAccounts();
    const csv =
      "name,amount_type,amount\nGOOD ONE,debit,10\n,credit,5\nBAD AMOUNT,debit,1.234\nGOOD ONE,,\nNO SIDE,,7\n";
    const response = await upload(
      "/api/levelFour/upload_levelFour",
      {
        levelOneId: 1,
        levelTwoId: await accountId(t.db, "CURRENT ASSETS"),
        levelThreeId: await accountId(t.db, "ADVANCES AND DEPOSITS"),
      },
      "l4.csv",
      csv,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { row: 3, column: "name", message: CHART_MESSAGES.nameRequired },
      { row: 4, column: "amount", message: CHART_MESSAGES.amountRequired },
      { row: 5, column: "name", message: "Repeats row 2" },
      { row: 6, column: "amount_type", message: CHART_MESSAGES.amountTypeRequired },
    ]);
    expect(await countAccounts()).toBe(before);
  });

  it("names an unknown amount type once, and caps the list of errors", async () => {
    const chain = {
      levelOneId: 1,
      levelTwoId: await accountId(t.db, "CURRENT ASSETS"),
      levelThreeId: await accountId(t.db, "ADVANCES AND DEPOSITS"),
    };
    const unknownSide = await upload(
      "/api/levelFour/upload_levelFour",
      chain,
      "s.csv",
      "name,amount_type,amount\nX,sideways,5\n",
    );
    expect(unknownSide.json().details).toEqual([
      { row: 2, column: "amount_type", message: "Must be Debit, Credit or empty" },
    ]);
    const many = `name\n${Array.from({ length: 500 }, () => "SAME").join("\n")}\n`;
    const response = await upload("/api/levelTwo/upload-lvlTwo", { levelOneId: 1 }, "m.csv", many);
    expect(response.json().details).toHaveLength(200);
    expect(response.json().message).toContain("499 error(s)");
  });

  it("reads XLSX files too, with opening amounts", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Accounts");
    sheet.addRows([
      ["Name", "Amount_Type", "Amount"],
      ["Fuel Card Deposit", "Debit", 250],
      ["Customs Deposit", "", ""],
    ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(
      "/api/levelFour/upload_levelFour",
      {
        levelOneId: 1,
        levelTwoId: await accountId(t.db, "CURRENT ASSETS"),
        levelThreeId: await accountId(t.db, "ADVANCES AND DEPOSITS"),
      },
      "l4.xlsx",
      file,
    );
    expect(response.json()).toMatchObject({ created: 2, unchanged: 0 });
    const fuel = (await api("GET", "/api/levelFour/get_levelFour?search=FUEL CARD")).json();
    expect(fuel[0]).toMatchObject({ levelBalance: 250, debitCreditId: 2 });
  });

  it("accepts the documented sample files", async () => {
    const { readFile } = await import("node:fs/promises");
    const chain = {
      levelOneId: 1,
      levelTwoId: await accountId(t.db, "CURRENT ASSETS"),
      levelThreeId: await accountId(t.db, "CASH AT BANK"),
    };
    const csv = await upload(
      "/api/levelFour/upload_levelFour",
      chain,
      "a.csv",
      await readFile("docs/samples/level4-accounts.csv"),
    );
    expect(csv.json()).toMatchObject({ created: 3, unchanged: 0 });
    const xlsx = await upload(
      "/api/levelFour/upload_levelFour",
      chain,
      "a.xlsx",
      await readFile("docs/samples/level4-accounts.xlsx"),
    );
    expect(xlsx.json()).toMatchObject({ created: 0, unchanged: 3 });
    const groups = await upload(
      "/api/levelThree/upload-lvlThree",
      { levelOneId: 1, levelTwoId: chain.levelTwoId },
      "g.csv",
      await readFile("docs/samples/level3-groups.csv"),
    );
    expect(groups.json()).toMatchObject({ created: 2 });
  });

  it("wants a file and a level", async () => {
    const missingFile = multipart({ levelOneId: 1 });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/levelTwo/upload-lvlTwo",
      payload: missingFile.payload,
      headers: { ...missingFile.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("file");
    const noLevel = await upload("/api/levelTwo/upload-lvlTwo", {}, "l2.csv", "name\nA\n");
    expect(noLevel.statusCode).toBe(400);
    expect(noLevel.json().message).toContain("levelOneId");
  });
});

describe("chart of accounts: permissions", () => {
  it("an employee with Level Three > Add adds level 3 groups only", async () => {
    const user = await createUser(t.db, { permissions: [perm("Accounts", "Level Three", "Add")] });
    const employee = await loginCargo(t.app, user.email, user.password);
    const levelTwoId = await accountId(t.db, "CURRENT ASSETS");
    const three = await api(
      "POST",
      "/api/levelThree/add_levelThree",
      { levelOneId: 1, levelTwoId, levelThreeName: "ACCRUED INCOME" },
      employee,
    );
    expect(three.statusCode).toBe(200);
    expect(
      (await api("POST", "/api/levelTwo/add-levelTwo", { levelOneId: 1, levelTwoName: "NOPE" }, employee)).statusCode,
    ).toBe(403);
    expect((await api("GET", "/api/levelOne/get_all_levelone", undefined, employee)).statusCode).toBe(200);
    const customer = await createUser(t.db, { roleId: 2 });
    const customerToken = await loginCargo(t.app, customer.email, customer.password);
    expect((await api("GET", "/api/levelFour/get_levelFour", undefined, customerToken)).statusCode).toBe(403);
  });
});
