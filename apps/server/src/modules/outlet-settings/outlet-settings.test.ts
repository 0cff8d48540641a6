import { createServer, type Server } from "node:net";
import { OUTLET_MESSAGES, perm } from "@cargodesk/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, outlets, posCounters } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, auth = token) =>
  t.app.inject({ method, url, payload, headers: bearer(auth) });

/** A level-4 account by name and level (CASH IN HAND is both the cash group and its first account). */
async function account(name: string, level: number) {
  const [row] = await t.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.name, name), eq(accounts.level, level)));
  if (!row) throw new Error(`no account ${name}`);
  return row;
}

const settings = {
  taxInclusive: true,
  serviceChargeBp: 750,
  serviceChargeTypes: 1 | 4,
  cashRoundingMinor: 500,
  dayCutoff: "05:30",
  kitchenNegativePolicy: "block",
  takeAwayFireOn: "send",
  supervisorRules: {
    maxDiscountBpWithoutApproval: 1000,
    voidAfterFireNeedsSupervisor: true,
    refundNeedsSupervisor: false,
    priceOverrideNeedsSupervisor: true,
  },
  receiptHeader: "Welcome to Karahi House",
  receiptFooter: "Thank you",
};

describe("outlet settings", () => {
  it("saves and reads back every POS setting, the supervisor rules as a typed object", async () => {
    const saved = await api("PUT", "/api/setting/outlet", settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: OUTLET_MESSAGES.saved, data: settings });
    const read = await api("GET", "/api/setting/outlet");
    expect(read.json()).toEqual(settings);
    const [row] = await t.db.select().from(outlets).where(eq(outlets.id, 1));
    expect(row?.supervisorRules).toEqual(settings.supervisorRules);
  });

  it("refuses a rounding that is not 0, 1, 5 or 10 rupees and a bad cut-off, naming the field and keeping the row", async () => {
    await api("PUT", "/api/setting/outlet", settings);
    for (const [field, value] of [
      ["cashRoundingMinor", 250],
      ["dayCutoff", "24:00"],
      ["serviceChargeBp", 10_001],
    ] as const) {
      const response = await api("PUT", "/api/setting/outlet", { ...settings, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().details)).toContain(field);
    }
    expect((await api("GET", "/api/setting/outlet")).json()).toEqual(settings);
  });

  it("lets List Restaurant read but not write, and nobody without a token", async () => {
    const viewer = await createUser(t.db, { permissions: [perm("Setting", "Restaurant", "List Restaurant")] });
    const viewerToken = await loginCargo(t.app, viewer.email, viewer.password);
    expect((await api("GET", "/api/setting/outlet", undefined, viewerToken)).statusCode).toBe(200);
    expect((await api("PUT", "/api/setting/outlet", settings, viewerToken)).statusCode).toBe(403);
    expect((await api("POST", "/api/setting/printer", { name: "X", kind: "browser" }, viewerToken)).statusCode).toBe(
      403,
    );
    const anonymous = await t.app.inject({ method: "GET", url: "/api/setting/outlet" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("counters", () => {
  it("refuses a cash account outside the cash group on the cashAccountId field and stores nothing (WP2 acceptance 4)", async () => {
    const bank = await account("BANK CURRENT ACCOUNT", 4);
    const response = await api("POST", "/api/setting/counter", {
      code: "Z91",
      name: "Outside counter",
      cashAccountId: bank.id,
      receiptPrinterId: null,
      defaultOrderType: "take_away",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "cashAccountId", message: OUTLET_MESSAGES.cashAccountNotInGroup },
    ]);
    expect(await t.db.select().from(posCounters).where(eq(posCounters.code, "Z91"))).toEqual([]);
    // The cash group itself is not a level-4 account either.
    const group = await account("CASH IN HAND", 3);
    const onGroup = await api("POST", "/api/setting/counter", {
      code: "Z91",
      name: "Group counter",
      cashAccountId: group.id,
      receiptPrinterId: null,
      defaultOrderType: "take_away",
    });
    expect(onGroup.statusCode).toBe(400);
  });

  it("adds a counter on a cash account, or creates <CODE> CASH under the cash group, and refuses a repeated code", async () => {
    const petty = await account("PETTY CASH", 4);
    const first = await api("POST", "/api/setting/counter", {
      code: "b07",
      name: "Bar counter",
      cashAccountId: petty.id,
      receiptPrinterId: null,
      defaultOrderType: "dine_in",
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ code: "B07", cashAccountId: petty.id, defaultOrderType: "dine_in" });

    const created = await api("POST", "/api/setting/counter", {
      code: "C08",
      name: "Drive-through",
      cashAccountId: null,
      createCashAccount: true,
      receiptPrinterId: null,
      defaultOrderType: "take_away",
    });
    expect(created.statusCode).toBe(200);
    const cash = await account("C08 CASH", 4);
    const group = await account("CASH IN HAND", 3);
    expect(cash.parentId).toBe(group.id);
    expect(created.json().data).toMatchObject({ cashAccountId: cash.id, cashAccountName: "C08 CASH" });

    const repeat = await api("POST", "/api/setting/counter", {
      code: "B07",
      name: "Another",
      cashAccountId: petty.id,
      receiptPrinterId: null,
      defaultOrderType: "take_away",
    });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().details).toEqual([{ field: "code", message: OUTLET_MESSAGES.counterCodeTaken }]);

    const list = (await api("GET", "/api/setting/counter")).json().data.map((row: { code: string }) => row.code);
    expect(list).toEqual(expect.arrayContaining(["B07", "C08"]));
    const id = first.json().data.id;
    expect((await api("DELETE", `/api/setting/counter/${id}`)).statusCode).toBe(200);
    expect((await api("GET", `/api/setting/counter/${id}`)).statusCode).toBe(404);
  });
});

describe("printers", () => {
  let closedPort: number;
  let listener: Server;
  let received: Buffer[];
  let listeningPort: number;
  beforeAll(async () => {
    // A port that was just free and is closed again: connecting to it is refused at once.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    received = [];
    listener = createServer((socket) => socket.on("data", (chunk) => received.push(chunk)));
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    listeningPort = (listener.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  it("answers 409 quickly with the reason when a network printer cannot be reached", async () => {
    const added = await api("POST", "/api/setting/printer", {
      name: "Unplugged kitchen printer",
      kind: "network_escpos",
      host: "127.0.0.1",
      port: closedPort,
    });
    expect(added.statusCode).toBe(200);
    const started = Date.now();
    const response = await api("POST", `/api/setting/printer/${added.json().data.id}/test`);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain(`127.0.0.1:${closedPort} cannot be reached`);
  });

  it("sends an ESC/POS page (initialise, text, cut) to a listening printer; a browser printer is printed by the browser", async () => {
    const added = await api("POST", "/api/setting/printer", {
      name: "Counter receipt printer",
      kind: "network_escpos",
      host: "127.0.0.1",
      port: listeningPort,
      widthChars: 32,
    });
    const response = await api("POST", `/api/setting/printer/${added.json().data.id}/test`);
    expect(response.json()).toEqual({ message: OUTLET_MESSAGES.printerSent });
    await expect.poll(() => Buffer.concat(received).length).toBeGreaterThan(0);
    const bytes = Buffer.concat(received);
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect(bytes.toString("ascii")).toContain("Printer: Counter receipt printer");
    // A partial cut (GS V 1), at the end of the page.
    expect(bytes.subarray(-8).includes(Buffer.from([0x1d, 0x56, 0x01]))).toBe(true);
    expect(bytes.toString("latin1")).toContain("Width: 32 characters");

    const browser = await api("POST", "/api/setting/printer", { name: "Office browser", kind: "browser" });
    const answer = await api("POST", `/api/setting/printer/${browser.json().data.id}/test`);
    expect(answer.json()).toEqual({ message: OUTLET_MESSAGES.printerBrowser });
  });

  it("needs a host for a network printer and keeps a printer a counter prints on", async () => {
    const noHost = await api("POST", "/api/setting/printer", { name: "Hostless", kind: "network_escpos" });
    expect(noHost.statusCode).toBe(400);
    expect(JSON.stringify(noHost.json().details)).toContain("host");

    const printer = (await api("POST", "/api/setting/printer", { name: "Front receipt", kind: "browser" })).json().data;
    const petty = await account("PETTY CASH", 4);
    const counter = await api("POST", "/api/setting/counter", {
      code: "D09",
      name: "Front",
      cashAccountId: petty.id,
      receiptPrinterId: printer.id,
      defaultOrderType: "take_away",
    });
    expect(counter.statusCode).toBe(200);
    const refused = await api("DELETE", `/api/setting/printer/${printer.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OUTLET_MESSAGES.printerInUse);
  });
});
