import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  companyProfile,
  outlets,
  posCounters,
  posOrderDiscounts,
  posOrderLines,
  posOrders,
  posPayments,
  printers,
} from "../../db/schema/index";
import { qrPng } from "../../lib/documents/shipment-parts";
import { putFile } from "../../lib/stored-files";
import { bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { imagesIn } from "../../test/pdf-images";
import { type PosSetup, posSetup } from "../../test/pos-fixtures";
import { buildReceipt } from "./index";

let t: TestApp;
let pos: PosSetup;
let token: string;
let orderId: number;

/**
 * The mixed tender of acceptance check 10: 1,000.00 of food, 580.00 cash covering a base of 500.00 at
 * 16% and 525.00 by card covering 500.00 at 5%. Inserted as the order engine leaves a paid order.
 */
async function paidOrder(number: string, clientUuid: string): Promise<number> {
  const [order] = await t.db
    .insert(posOrders)
    .values({
      clientUuid,
      outletId: 1,
      businessDayId: pos.dayId,
      sessionId: pos.sessionId,
      counterId: pos.counterId,
      number,
      token: 7,
      orderType: "take_away",
      status: "paid",
      subtotalMinor: 100_000n,
      taxMinor: 10_500n,
      totalMinor: 110_500n,
      paidMinor: 110_500n,
      changeMinor: 2_000n,
      openedAt: new Date("2026-11-24T12:50:00Z"),
      paidAt: new Date("2026-11-24T13:05:00Z"),
    })
    .returning({ id: posOrders.id });
  if (!order) throw new Error("order not inserted");
  const line = { orderId: order.id, taxClassId: pos.foodTaxId, taxRateBp: 1600 };
  await t.db.insert(posOrderLines).values([
    {
      ...line,
      lineUuid: "l1",
      nameSnapshot: "Zinger Burger",
      sizeName: "L",
      flavourName: "Spicy",
      qtyMicro: 1_000_000n,
      unitPriceMinor: 60_000n,
      grossMinor: 60_000n,
      netMinor: 60_000n,
      status: "fired",
    },
    {
      ...line,
      lineUuid: "l2",
      nameSnapshot: "Masala Fries",
      qtyMicro: 2_000_000n,
      unitPriceMinor: 20_000n,
      grossMinor: 40_000n,
      netMinor: 40_000n,
      note: "no salt",
    },
    {
      ...line,
      lineUuid: "l3",
      nameSnapshot: "Cola",
      qtyMicro: 1_000_000n,
      voidedQtyMicro: 1_000_000n,
      unitPriceMinor: 15_000n,
      status: "voided",
    },
  ]);
  const payment = { orderId: order.id, sessionId: pos.sessionId };
  await t.db.insert(posPayments).values([
    {
      ...payment,
      methodId: pos.cashId,
      amountMinor: 58_000n,
      tenderedMinor: 60_000n,
      changeMinor: 2_000n,
      baseMinor: 50_000n,
      taxMinor: 8_000n,
      clientUuid: `${clientUuid}-cash`,
    },
    {
      ...payment,
      methodId: pos.cardId,
      amountMinor: 52_500n,
      tenderedMinor: 52_500n,
      baseMinor: 50_000n,
      taxMinor: 2_500n,
      reference: "4242",
      clientUuid: `${clientUuid}-card`,
    },
  ]);
  return order.id;
}

/** The text rows of ESC/POS bytes, without the commands the encoder writes (ESC @, ESC x n, GS x n, FS .). */
function printableRows(bytes: Buffer): string[] {
  const text: number[] = [];
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (byte === 0x1b) index += bytes[index + 1] === 0x40 ? 1 : 2;
    else if (byte === 0x1d) index += 2;
    else if (byte === 0x1c) index += 1;
    else if (byte !== undefined && byte !== 0x0d) text.push(byte);
  }
  return Buffer.from(text).toString("latin1").split("\n");
}

const receipt = (id: number, query = "") =>
  t.app.inject({ method: "GET", url: `/api/pos/order/${id}/receipt${query}`, headers: bearer(token) });

let listener: Server;
let port: number;
const received: Buffer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  pos = await posSetup(t);
  await t.db.update(outlets).set({ receiptHeader: "Gulberg III, Lahore", receiptFooter: "Thank you! Come again" });
  const cashier = await createUser(t.db, { permissions: [perm("Order View")] });
  token = await loginCargo(t.app, cashier.email, cashier.password);
  orderId = await paidOrder("A01-2026-000777", "receipt-order-1");
  listener = createServer((socket) => socket.on("data", (chunk) => received.push(chunk)));
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  port = (listener.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await t.close();
});

describe("the receipt model", () => {
  it("gives a paid mixed-tender order's numbers, with one tax line per rate and the tenders", async () => {
    const model = await buildReceipt(t.db, orderId, { timeZone: "Asia/Karachi" });
    expect(model).toMatchObject({
      title: "Sales Receipt",
      copy: false,
      refundOf: null,
      header: "Gulberg III, Lahore",
      footer: "Thank you! Come again",
      counter: { code: "A01" },
      number: "A01-2026-000777",
      token: 7,
      orderType: "take_away",
      orderTypeLabel: "Take-away",
      date: "2026-11-24",
      time: "18:05",
      subtotal: 1000,
      discountTotal: 0,
      taxTotal: 105,
      total: 1105,
      paid: 1105,
      change: 20,
    });
    expect(model.lines).toEqual([
      expect.objectContaining({ qty: 1, name: "Zinger Burger", variant: "L Spicy", unitPrice: 600, amount: 600 }),
      expect.objectContaining({
        qty: 2,
        name: "Masala Fries",
        variant: "",
        unitPrice: 200,
        amount: 400,
        note: "no salt",
      }),
    ]);
    expect(model.taxes).toEqual([
      { label: "Tax 16% (Cash)", rateBp: 1600, base: 500, amount: 80 },
      { label: "Tax 5% (Card)", rateBp: 500, base: 500, amount: 25 },
    ]);
    expect(model.tenders).toEqual([
      { method: "Cash", amount: 580, tendered: 600, change: 20, reference: "" },
      { method: "Card", amount: 525, tendered: 525, change: 0, reference: "4242" },
    ]);
    expect(model.cashier).toEqual(expect.any(String));
  });

  it("prints a bill before payment with each line's own discount, the order's discounts and tax at the standard rate", async () => {
    const [bill] = await t.db
      .insert(posOrders)
      .values({
        clientUuid: "receipt-bill-1",
        outletId: 1,
        businessDayId: pos.dayId,
        sessionId: pos.sessionId,
        counterId: pos.counterId,
        token: 9,
        orderType: "dine_in",
        guests: 4,
        status: "billed",
        subtotalMinor: 50_000n,
        discountMinor: 9_500n,
        taxMinor: 6_480n,
        totalMinor: 46_980n,
      })
      .returning({ id: posOrders.id });
    const billId = bill?.id ?? 0;
    const [line] = await t.db
      .insert(posOrderLines)
      .values({
        orderId: billId,
        lineUuid: "b1",
        nameSnapshot: "Karahi",
        qtyMicro: 1_000_000n,
        unitPriceMinor: 50_000n,
        grossMinor: 50_000n,
        discountMinor: 9_500n,
        netMinor: 40_500n,
        taxClassId: pos.foodTaxId,
        taxRateBp: 1600,
        taxMinor: 6_480n,
      })
      .returning({ id: posOrderLines.id });
    await t.db.insert(posOrderDiscounts).values([
      { orderId: billId, lineId: line?.id, source: "manual", pctBp: 1000, allocatedMinor: 5_000n },
      { orderId: billId, lineId: null, source: "manual", pctBp: 1000, allocatedMinor: 4_500n, reason: "regular" },
    ]);
    const model = await buildReceipt(t.db, billId, { timeZone: "Asia/Karachi" });
    expect(model).toMatchObject({
      title: "BILL (not paid)",
      number: null,
      orderTypeLabel: "Dine-in",
      guests: 4,
      subtotal: 500,
      discounts: [{ label: "Discount 10% (regular)", amount: 45 }],
      discountTotal: 95,
      taxes: [{ label: "Tax 16%", rateBp: 1600, base: 405, amount: 64.8 }],
      total: 469.8,
      tenders: [],
    });
    expect(model.lines).toEqual([expect.objectContaining({ name: "Karahi", amount: 500, discount: 50 })]);
  });

  it("answers the model as JSON for Order View, marks a reprint as a copy, and names a refund's original", async () => {
    const json = await receipt(orderId, "?reprint=1");
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ copy: true, number: "A01-2026-000777", total: 1105 });

    const [refund] = await t.db
      .insert(posOrders)
      .values({
        clientUuid: "receipt-refund-1",
        outletId: 1,
        businessDayId: pos.dayId,
        sessionId: pos.sessionId,
        counterId: pos.counterId,
        number: "A01-2026-000790",
        token: 8,
        orderType: "take_away",
        status: "refund",
        refundOfId: orderId,
        totalMinor: -69_600n,
      })
      .returning({ id: posOrders.id });
    const refunded = await receipt(refund?.id ?? 0);
    expect(refunded.json()).toMatchObject({
      title: "REFUND of A01-2026-000777",
      refundOf: "A01-2026-000777",
      total: -696,
    });

    expect((await receipt(999_999)).statusCode).toBe(404);
    expect((await receipt(orderId, "?format=xml")).statusCode).toBe(400);
    const stranger = await createUser(t.db, { permissions: [perm("Kitchen Display System")] });
    const strangerToken = await loginCargo(t.app, stranger.email, stranger.password);
    const forbidden = await t.app.inject({
      method: "GET",
      url: `/api/pos/order/${orderId}/receipt`,
      headers: bearer(strangerToken),
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("one payment's receipt (split evenly, design 6.2 step 8)", () => {
  it("shows the check's lines and totals with only that payment, headed Payment 2 of 2; a payment the order lacks is a 400", async () => {
    const second = await receipt(orderId, "?part=2");
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      part: { index: 2, of: 2 },
      total: 1105,
      tenders: [{ method: "Card", amount: 525, tendered: 525, change: 0, reference: "4242" }],
      paid: 525,
      change: 0,
    });
    const first = await buildReceipt(t.db, orderId, { timeZone: "Asia/Karachi", part: 1 });
    expect(first).toMatchObject({ part: { index: 1, of: 2 }, paid: 580, change: 20 });
    expect(first.tenders.map((tender) => tender.method)).toEqual(["Cash"]);
    expect((await buildReceipt(t.db, orderId, { timeZone: "Asia/Karachi" })).part).toBeNull();

    const rows = printableRows((await receipt(orderId, "?format=escpos&part=1")).rawPayload);
    expect(rows.some((row) => row.trim() === "Payment 1 of 2")).toBe(true);
    expect(rows.some((row) => row.startsWith("Card"))).toBe(false);
    expect(rows.find((row) => row.startsWith("Change"))).toMatch(/20\.00$/);

    for (const [query, status] of [
      ["?part=3", 400],
      ["?part=0", 400],
      ["?part=one", 400],
    ] as const) {
      const refused = await receipt(orderId, query);
      expect(refused.statusCode, query).toBe(status);
      expect(refused.json().details?.[0]?.field, query).toBe("part");
    }
  });
});

describe("the renderers", () => {
  it("encodes ESC/POS at the printer's width with the invoice number, the total and a cut", async () => {
    const [narrow] = await t.db
      .insert(printers)
      .values({ name: "58 mm", kind: "network_escpos", host: "127.0.0.1", port, widthChars: 32, codepage: "cp858" })
      .returning({ id: printers.id });
    const response = await receipt(orderId, `?format=escpos&printerId=${narrow?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/octet-stream");
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    // ESC t 19: codepage 858 on an Epson-style printer.
    expect(bytes.includes(Buffer.from([0x1b, 0x74, 19]))).toBe(true);
    const text = bytes.toString("latin1");
    expect(text).toContain("A01-2026-000777");
    expect(text).toContain("1,105.00");
    expect(text).toContain("Tax 16% (Cash)");
    expect(text).toContain("Tax 5% (Card)");
    expect(bytes.includes(Buffer.from([0x1d, 0x56, 0x01]))).toBe(true);
    // Printable text never runs past 32 characters a line.
    for (const row of printableRows(bytes)) expect(row.length, row).toBeLessThanOrEqual(32);

    // The default is the counter's receipt printer, else 48 columns.
    const wide = printableRows((await receipt(orderId, "?format=escpos")).rawPayload);
    expect(wide.find((row) => row.startsWith("TOTAL"))).toHaveLength(48);
  });

  it("ends the ESC/POS with the drawer kick on kick=1 only when the order took cash", async () => {
    const kick = Buffer.from([0x1b, 0x70, 0, 50, 250]);
    const withKick = (await receipt(orderId, "?format=escpos&kick=1")).rawPayload;
    expect([...withKick.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...withKick.subarray(-kick.length)]).toEqual([...kick]);
    expect((await receipt(orderId, "?format=escpos")).rawPayload.includes(kick)).toBe(false);

    const [cardOnly] = await t.db
      .insert(posOrders)
      .values({
        clientUuid: "receipt-card-only",
        outletId: 1,
        businessDayId: pos.dayId,
        sessionId: pos.sessionId,
        counterId: pos.counterId,
        number: "A01-2026-000801",
        token: 8,
        orderType: "take_away",
        status: "paid",
        subtotalMinor: 10_000n,
        totalMinor: 10_000n,
        paidMinor: 10_000n,
        openedAt: new Date("2026-11-24T13:10:00Z"),
        paidAt: new Date("2026-11-24T13:11:00Z"),
      })
      .returning({ id: posOrders.id });
    if (!cardOnly) throw new Error("order not inserted");
    await t.db.insert(posPayments).values({
      orderId: cardOnly.id,
      sessionId: pos.sessionId,
      methodId: pos.cardId,
      amountMinor: 10_000n,
      tenderedMinor: 10_000n,
      clientUuid: "receipt-card-only-card",
    });
    const card = await receipt(cardOnly.id, "?format=escpos&kick=1");
    expect(card.statusCode).toBe(200);
    expect(card.rawPayload.includes(Buffer.from([0x1b, 0x70]))).toBe(false);

    const refused = await receipt(orderId, "?format=escpos&kick=yes");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details?.[0]?.field).toBe("kick");
  });

  it("renders an 80 mm PDF in the worker pool whose text shows the lines, taxes and total", async () => {
    const response = await receipt(orderId, "?format=pdf");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/pdf");
    const dir = await mkdtemp(path.join(os.tmpdir(), "receipt-"));
    const file = path.join(dir, "receipt.pdf");
    await writeFile(file, response.rawPayload);
    const { stdout } = await promisify(execFile)("pdftotext", ["-layout", file, "-"]);
    const { stdout: info } = await promisify(execFile)("pdfinfo", [file]);
    await rm(dir, { recursive: true, force: true });
    expect(stdout).toContain("A01-2026-000777");
    expect(stdout).toMatch(/1 x Zinger Burger\s+600\.00/);
    expect(stdout).toMatch(/2 x Masala Fries\s+400\.00/);
    expect(stdout).toMatch(/Tax 16% \(Cash\)\s+80\.00/);
    expect(stdout).toMatch(/Tax 5% \(Card\)\s+25\.00/);
    expect(stdout).toMatch(/TOTAL\s+1,105\.00/);
    expect(stdout).toContain("Thank you! Come again");
    // 80 mm wide: 226.77 points.
    expect(info).toMatch(/Page size:\s+226\.77\d* x/);
  });

  it("heads the PDF with the company's logo, read from the database for the worker", async () => {
    const images = async () => imagesIn((await receipt(orderId, "?format=pdf")).rawPayload);
    expect(await images()).toBe(0);
    const logo = await putFile(
      t.db,
      { key: "uploads/company/logo-receipt-test.png", kind: "logo", mime: "image/png" },
      await qrPng("logo"),
    );
    await t.db.update(companyProfile).set({ logoPath: logo.key });
    try {
      expect(await images()).toBe(1);
    } finally {
      await t.db.update(companyProfile).set({ logoPath: null });
    }
  });
});

describe("printing through the queue", () => {
  it("queues a receipt for the counter's network printer and the sender delivers it byte-exact", async () => {
    const [printer] = await t.db
      .insert(printers)
      .values({ name: "Counter A01", kind: "network_escpos", host: "127.0.0.1", port })
      .returning({ id: printers.id });
    await t.db.update(posCounters).set({ receiptPrinterId: printer?.id }).where(eq(posCounters.id, pos.counterId));
    const admin = await createUser(t.db, { permissions: [perm("POS")] });
    const posToken = await loginCargo(t.app, admin.email, admin.password);
    const queued = await t.app.inject({
      method: "POST",
      url: `/api/pos/order/${orderId}/receipt/print`,
      headers: bearer(posToken),
      payload: {},
    });
    expect(queued.statusCode).toBe(200);
    expect(queued.json()).toMatchObject({ printerId: printer?.id });
    const expected = (await receipt(orderId, "?format=escpos&reprint=1")).rawPayload;
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/pos/order/999999/receipt/print",
      headers: bearer(posToken),
      payload: {},
    });
    expect(missing.statusCode).toBe(404);

    const { createPrintSender } = await import("../../lib/print-jobs");
    received.length = 0;
    expect(await createPrintSender(t.db).runOnce()).toBe(1);
    await expect.poll(() => Buffer.concat(received).length).toBe(expected.length);
    expect(Buffer.concat(received).equals(expected)).toBe(true);

    const status = await t.app.inject({ method: "GET", url: "/api/pos/print_job", headers: bearer(posToken) });
    expect(status.statusCode).toBe(200);
    expect(status.json().rows[0]).toMatchObject({
      id: queued.json().jobId,
      status: "sent",
      attempts: 1,
      kind: "receipt",
    });
    expect(status.json().printers).toContainEqual(expect.objectContaining({ id: printer?.id, state: "ok", queued: 0 }));
  });
});
