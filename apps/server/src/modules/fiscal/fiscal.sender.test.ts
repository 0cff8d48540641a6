import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FiscalStatus } from "@cargodesk/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fiscalReports, posOrders } from "../../db/schema/index";
import { adminToken, createTestApp, type TestApp } from "../../test/harness";
import { dish, type PosSetup, posSetup } from "../../test/pos-fixtures";
import { type Api, addLine, apiAs, newOrder, ok, payOp, uuid } from "../pos-orders/pos-orders.test-helpers";
import type { FiscalAdapter, FiscalInvoice, FiscalResult } from "./fiscal.adapter";
import { createFileFiscalAdapter, type FiscalFile, fileFiscalNumber } from "./fiscal.file-adapter";
import { loadFiscalInvoice } from "./fiscal.invoice";
import { createFiscalSender } from "./index";

/** The file adapter on its own, and the sender's retries, final failures and leases (two senders, one queue). */
let t: TestApp;
let api: Api;
let pos: PosSetup;
let variantId: number;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fiscal-sender-"));
  t = await createTestApp({ FISCAL_ADAPTER: "file", FISCAL_OUTBOX_DIR: path.join(dir, "unused") });
  const token = await adminToken(t.app);
  api = apiAs(t, () => token);
  pos = await posSetup(t);
  ({ variantId } = await dish(t, {
    name: `Karahi ${uuid().slice(0, 6)}`,
    priceMinor: 100_000n,
    taxClassId: pos.foodTaxId,
  }));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A paid order (queued for reporting, as FISCAL_ADAPTER=file makes the payment do). */
const paidOrder = async () =>
  (await ok(newOrder(api, pos.counterId, [addLine(variantId, 1), payOp([{ methodId: pos.cardId, amount: 1050 }])]))).id;

const reportOf = async (orderId: number) =>
  (await t.db.select().from(fiscalReports).where(eq(fiscalReports.orderId, orderId)))[0];

/** Every test's own orders only: the queue is shared, so other tests' reports are settled first. */
async function settleQueue() {
  await t.db.update(fiscalReports).set({ status: "reported" }).where(eq(fiscalReports.status, "pending"));
}

/** An adapter answering from a script of results, then accepting; it counts the calls per order. */
function scripted(results: FiscalResult[], options: { delayMs?: number } = {}) {
  const calls: number[] = [];
  const adapter: FiscalAdapter = {
    name: "scripted",
    async report(invoice: FiscalInvoice) {
      calls.push(invoice.orderId);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      return results.shift() ?? { ok: true, fiscalNumber: `T-${invoice.number}`, qrText: `qr ${invoice.number}` };
    },
  };
  return { adapter, calls };
}

describe("the file adapter", () => {
  it("writes the invoice as JSON under its number and answers the same number for the same invoice", async () => {
    const orderId = await paidOrder();
    const invoice = await loadFiscalInvoice(t.db, orderId, t.config.APP_TZ);
    if (!invoice) throw new Error("no invoice");
    expect(invoice).toMatchObject({
      kind: "sale",
      counter: { code: "A01" },
      tenders: [{ kind: "card", amount: 1050, base: 1000, tax: 50 }],
      totals: { total: 1050 },
    });
    const outbox = path.join(dir, "outbox");
    const adapter = createFileFiscalAdapter(outbox);
    const first = await adapter.report(invoice);
    const again = await adapter.report(invoice);
    expect(first).toEqual({ ok: true, ...fileFiscalNumber(invoice) });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ fiscalNumber: `FILE-${invoice.number}` });
    expect(await readdir(outbox)).toEqual([`${invoice.number}.json`]);
    const file = JSON.parse(await readFile(path.join(outbox, `${invoice.number}.json`), "utf8")) as FiscalFile;
    expect(file).toEqual({ format: "cargodesk-fiscal-file/1", ...fileFiscalNumber(invoice), invoice });
  });

  it("answers a retryable failure when the outbox cannot be written", async () => {
    const orderId = await paidOrder();
    const invoice = await loadFiscalInvoice(t.db, orderId, t.config.APP_TZ);
    if (!invoice) throw new Error("no invoice");
    const blocked = path.join(dir, "not-a-folder");
    await writeFile(blocked, "a file where the outbox should be");
    const result = await createFileFiscalAdapter(path.join(blocked, "outbox")).report(invoice);
    expect(result).toMatchObject({ ok: false, retryable: true });
    expect(result.ok ? "" : result.message).toContain("cannot be written");
  });
});

describe("the fiscal sender", () => {
  it("retries a retryable failure after its wait and reports it then; the order gets the number", async () => {
    await settleQueue();
    const orderId = await paidOrder();
    const { adapter, calls } = scripted([
      { ok: false, retryable: true, message: "authority offline" },
      { ok: false, retryable: true, message: "authority busy" },
    ]);
    const waiting = createFiscalSender(t.db, adapter, { timeZone: t.config.APP_TZ, backoffMs: [60_000] });
    expect(await waiting.runOnce()).toBe(1);
    expect(await reportOf(orderId)).toMatchObject({ status: "pending", attempts: 1, lastError: "authority offline" });
    // Within its wait nothing is due.
    expect(await waiting.runOnce()).toBe(0);
    const status = await api("GET", "/api/pos/fiscal/status");
    expect(status.json<FiscalStatus>()).toMatchObject({
      pending: 1,
      lastError: { orderId, status: "pending", attempts: 1, message: "authority offline" },
    });

    // With no wait, a failure in a round is tried again in the next round, not in the same one.
    const eager = createFiscalSender(t.db, adapter, { timeZone: t.config.APP_TZ, backoffMs: [0] });
    await t.db
      .update(fiscalReports)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(fiscalReports.orderId, orderId));
    expect(await eager.runOnce()).toBe(1);
    expect(await reportOf(orderId)).toMatchObject({ status: "pending", attempts: 2, lastError: "authority busy" });
    expect(await eager.runOnce()).toBe(1);
    expect(await reportOf(orderId)).toMatchObject({ status: "reported", attempts: 3, lastError: null });
    const [order] = await t.db.select().from(posOrders).where(eq(posOrders.id, orderId));
    expect(order?.fiscalNumber).toBe(`T-${order?.number}`);
    expect(order?.fiscalQr).toBe(`qr ${order?.number}`);
    expect(calls).toEqual([orderId, orderId, orderId]);
  });

  it("gives up at once on a final failure; the receipt says the number was not issued", async () => {
    await settleQueue();
    const orderId = await paidOrder();
    const { adapter, calls } = scripted([{ ok: false, retryable: false, message: "NTN not registered" }]);
    const sender = createFiscalSender(t.db, adapter, { timeZone: t.config.APP_TZ, backoffMs: [0] });
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);
    expect(calls).toEqual([orderId]);
    expect(await reportOf(orderId)).toMatchObject({ status: "failed", attempts: 1, lastError: "NTN not registered" });
    const receipt = await api("GET", `/api/pos/order/${orderId}/receipt`);
    expect(receipt.json<{ fiscal: unknown }>().fiscal).toEqual({ status: "failed", number: null, qr: null });
    const status = await api("GET", "/api/pos/fiscal/status");
    expect(status.json<FiscalStatus>().lastError).toMatchObject({
      orderId,
      status: "failed",
      message: "NTN not registered",
    });
  });

  it("counts a thrown error as retryable", async () => {
    await settleQueue();
    const orderId = await paidOrder();
    const adapter: FiscalAdapter = {
      name: "throwing",
      report: () => Promise.reject(new Error("socket hang up")),
    };
    await createFiscalSender(t.db, adapter, { timeZone: t.config.APP_TZ, backoffMs: [0] }).runOnce();
    expect(await reportOf(orderId)).toMatchObject({ status: "pending", attempts: 1, lastError: "socket hang up" });
  });

  it("two senders on one queue report each invoice once", async () => {
    await settleQueue();
    const orders = [];
    for (let index = 0; index < 6; index += 1) orders.push(await paidOrder());
    // A slow authority: each report takes a while, so both senders are busy at the same time.
    const { adapter, calls } = scripted([], { delayMs: 40 });
    const options = { timeZone: t.config.APP_TZ, backoffMs: [0] };
    const [first, second] = await Promise.all([
      createFiscalSender(t.db, adapter, options).runOnce(),
      createFiscalSender(t.db, adapter, options).runOnce(),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(orders.length);
    expect([...calls].sort((a, b) => a - b)).toEqual(orders);
    const rows = await t.db.select().from(fiscalReports).where(inArray(fiscalReports.orderId, orders));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(orders.map(() => ["reported", 1]));
  });

  it("a sender started with the app reports what is queued, and stops cleanly", async () => {
    await settleQueue();
    const orderId = await paidOrder();
    const { adapter } = scripted([]);
    const sender = createFiscalSender(t.db, adapter, { timeZone: t.config.APP_TZ, pollMs: 20 });
    sender.start();
    await expect.poll(async () => (await reportOf(orderId))?.status, { timeout: 5_000 }).toBe("reported");
    await sender.stop();
  });
});
