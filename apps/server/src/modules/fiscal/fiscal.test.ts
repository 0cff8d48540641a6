import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { FISCAL_MESSAGES, type FiscalStatus, type PosOrder, perm, type Receipt } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fiscalReports, posOrders } from "../../db/schema/index";
import { escposText } from "../../test/escpos-text";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { imagesIn } from "../../test/pdf-images";
import { dish, type PosSetup, posSetup, voidReason } from "../../test/pos-fixtures";
import {
  type Api,
  addLine,
  apiAs,
  newOrder,
  ok,
  payOp,
  supervisorToken,
  uuid,
} from "../pos-orders/pos-orders.test-helpers";
import type { FiscalFile } from "./fiscal.file-adapter";
import { createFiscalSender, fiscalAdapterOf } from "./index";

/** Fiscal reporting through the API (D16, WP5): a paid order and its refund, with FISCAL_ADAPTER=file and none. */
const run = promisify(execFile);

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "fiscal-receipt-"));
  const file = path.join(dir, "receipt.pdf");
  await writeFile(file, pdf);
  const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
  await rm(dir, { recursive: true, force: true });
  return stdout;
}

/** The text a QR code in the PDF holds, read back by zbarimg from the page drawn at 300 dpi. */
async function qrTextIn(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "fiscal-qr-"));
  const file = path.join(dir, "receipt.pdf");
  await writeFile(file, pdf);
  await run("pdftoppm", ["-r", "300", "-png", "-singlefile", file, path.join(dir, "page")]);
  const { stdout } = await run("zbarimg", ["--quiet", "--raw", path.join(dir, "page.png")]);
  await rm(dir, { recursive: true, force: true });
  return stdout.trim();
}

interface Till {
  t: TestApp;
  api: Api;
  pos: PosSetup;
  variantId: number;
  /** The bytes of a file answer (a PDF or ESC/POS receipt) as the admin. */
  file: (url: string) => Promise<Buffer>;
}

async function till(env: Record<string, string>): Promise<Till> {
  const t = await createTestApp(env);
  const token = await adminToken(t.app);
  const pos = await posSetup(t);
  const { variantId } = await dish(t, {
    name: `Biryani ${uuid().slice(0, 6)}`,
    priceMinor: 50_000n,
    taxClassId: pos.foodTaxId,
  });
  const file = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.rawPayload;
  };
  return { t, api: apiAs(t, () => token), pos, variantId, file };
}

/** Two plates of 500.00 at 16%, paid 1,160.00 in cash. */
const sale = ({ api, pos, variantId }: Till) =>
  ok(newOrder(api, pos.counterId, [addLine(variantId, 2), payOp([{ methodId: pos.cashId, amount: 1160 }])]));

const receiptOf = async (api: Api, id: number) => {
  const response = await api("GET", `/api/pos/order/${id}/receipt?format=json`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Receipt>();
};

const reportOf = async (t: TestApp, orderId: number) =>
  (await t.db.select().from(fiscalReports).where(eq(fiscalReports.orderId, orderId)))[0];

describe("FISCAL_ADAPTER=file", () => {
  let f: Till;
  let outbox: string;
  const sender = () => {
    const adapter = fiscalAdapterOf(f.t.config);
    if (!adapter) throw new Error("no fiscal adapter");
    return createFiscalSender(f.t.db, adapter, { timeZone: f.t.config.APP_TZ, backoffMs: [0] });
  };

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(os.tmpdir(), "fiscal-outbox-"));
    f = await till({ FISCAL_ADAPTER: "file", FISCAL_OUTBOX_DIR: outbox });
  });
  afterAll(async () => {
    await f.t.close();
    await rm(outbox, { recursive: true, force: true });
  });

  let paid: PosOrder;

  it("queues the paid order in its payment; the receipt says the fiscal number is pending", async () => {
    paid = await sale(f);
    expect(paid).toMatchObject({ status: "paid", total: 1160 });
    expect(await reportOf(f.t, paid.id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect((await receiptOf(f.api, paid.id)).fiscal).toEqual({ status: "pending", number: null, qr: null });
    const pdf = await f.file(`/api/pos/order/${paid.id}/receipt?format=pdf`);
    expect(await pdfText(pdf)).toContain(FISCAL_MESSAGES.pending);
  });

  it("the sender reports it: the outbox file, the order's fiscal number, and the receipt's number and QR code", async () => {
    expect(await sender().runOnce()).toBe(1);
    const number = paid.number ?? "";
    const fiscalNumber = `FILE-${number}`;
    expect(await reportOf(f.t, paid.id)).toMatchObject({ status: "reported", attempts: 1, lastError: null });
    const [order] = await f.t.db.select().from(posOrders).where(eq(posOrders.id, paid.id));
    expect(order?.fiscalNumber).toBe(fiscalNumber);

    const file = JSON.parse(await readFile(path.join(outbox, `${number}.json`), "utf8")) as FiscalFile;
    expect(file).toMatchObject({
      format: "cargodesk-fiscal-file/1",
      fiscalNumber,
      invoice: {
        kind: "sale",
        orderId: paid.id,
        number,
        counter: { code: "A01" },
        buyer: null,
        lines: [{ qty: 2, unitPrice: 500, gross: 1000, net: 1000, taxRateBp: 1600, tax: 160 }],
        totals: { subtotal: 1000, tax: 160, total: 1160 },
        tenders: [{ kind: "cash", amount: 1160, base: 1000, tax: 160 }],
        original: null,
      },
    });
    expect(file.qrText).toBe(order?.fiscalQr);
    expect(file.qrText.startsWith(`${fiscalNumber}|${number}|`)).toBe(true);

    expect((await receiptOf(f.api, paid.id)).fiscal).toEqual({
      status: "reported",
      number: fiscalNumber,
      qr: file.qrText,
    });
    const pdf = await f.file(`/api/pos/order/${paid.id}/receipt?format=pdf`);
    const text = await pdfText(pdf);
    expect(text).toMatch(new RegExp(`${FISCAL_MESSAGES.label}\\s+${fiscalNumber}`));
    expect(text).not.toContain(FISCAL_MESSAGES.pending);
    expect(imagesIn(pdf)).toBe(1);
    expect(await qrTextIn(pdf)).toBe(file.qrText);

    const bytes = await f.file(`/api/pos/order/${paid.id}/receipt?format=escpos`);
    expect(escposText(bytes)).toContain(fiscalNumber);
    // The QR code's data is stored in the printer (GS ( k) with the text after it.
    const store = bytes.indexOf(Buffer.from([0x1d, 0x28, 0x6b]));
    expect(store).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from(file.qrText, "latin1"))).toBe(true);
    // Reported once: nothing is due any more.
    expect(await sender().runOnce()).toBe(0);
  });

  it("reports a refund as a credit note naming the sale and its fiscal number", async () => {
    const manager = await createUser(f.t.db, { permissions: [perm("Setting", "Day Close")] });
    const reasonId = await voidReason(f.t.db, false);
    const refund = await ok(
      f.api("POST", `/api/pos/order/${paid.id}/refund`, {
        clientUuid: uuid(),
        lines: [{ lineId: paid.lines[0]?.id ?? 0, qty: 1, backToStock: false }],
        methodId: f.pos.cashId,
        reasonId,
        supervisorToken: await supervisorToken(f.api, manager, "refund"),
      }),
    );
    expect(refund).toMatchObject({ status: "refund", total: -580 });
    expect(await reportOf(f.t, refund.id)).toMatchObject({ status: "pending" });
    expect(await sender().runOnce()).toBe(1);
    const file = JSON.parse(await readFile(path.join(outbox, `${refund.number}.json`), "utf8")) as FiscalFile;
    expect(file.invoice).toMatchObject({
      kind: "credit_note",
      number: refund.number,
      lines: [{ qty: -1, net: -500, tax: -80 }],
      totals: { total: -580, tax: -80 },
      original: { orderId: paid.id, number: paid.number, fiscalNumber: `FILE-${paid.number}` },
    });
    expect((await receiptOf(f.api, refund.id)).fiscal).toMatchObject({
      status: "reported",
      number: `FILE-${refund.number}`,
    });
  });

  it("GET /api/pos/fiscal/status counts the queue for whoever may read the outlet's settings", async () => {
    const bill = await ok(newOrder(f.api, f.pos.counterId, [addLine(f.variantId, 1)]));
    expect(await reportOf(f.t, bill.id)).toBeUndefined();
    expect((await receiptOf(f.api, bill.id)).fiscal).toBeNull();
    await sale(f);
    const status = await f.api("GET", "/api/pos/fiscal/status");
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json<FiscalStatus>()).toMatchObject({
      adapter: "file",
      pending: 1,
      reported: 2,
      failed: 0,
      lastError: null,
    });
    expect(status.json<FiscalStatus>().oldestPendingAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const reader = await createUser(f.t.db, { permissions: [perm("Setting", "Restaurant", "List Restaurant")] });
    const cashier = await createUser(f.t.db, { permissions: [perm("POS")] });
    const statusAs = async (who: { email: string; password: string }) => {
      const token = await loginCargo(f.t.app, who.email, who.password);
      return (await apiAs(f.t, () => token)("GET", "/api/pos/fiscal/status")).statusCode;
    };
    expect(await statusAs(reader)).toBe(200);
    expect(await statusAs(cashier)).toBe(403);
    expect((await f.t.app.inject({ method: "GET", url: "/api/pos/fiscal/status" })).statusCode).toBe(401);
  });
});

describe("FISCAL_ADAPTER=none (the default)", () => {
  let f: Till;
  beforeAll(async () => {
    f = await till({});
  });
  afterAll(() => f.t.close());

  it("queues nothing: the receipt has no fiscal part and the status shows an empty queue", async () => {
    expect(f.t.config.FISCAL_ADAPTER).toBe("none");
    expect(fiscalAdapterOf(f.t.config)).toBeNull();
    const paid = await sale(f);
    expect(await f.t.db.select().from(fiscalReports)).toEqual([]);
    const receipt = await receiptOf(f.api, paid.id);
    expect(receipt.fiscal).toBeNull();
    expect(await pdfText(await f.file(`/api/pos/order/${paid.id}/receipt?format=pdf`))).not.toMatch(/Fiscal/);
    const status = await f.api("GET", "/api/pos/fiscal/status");
    expect(status.json<FiscalStatus>()).toEqual({
      adapter: "none",
      pending: 0,
      reported: 0,
      failed: 0,
      oldestPendingAt: null,
      lastError: null,
    });
  });
});
