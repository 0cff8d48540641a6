import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../app-error";
import { POOL_SIZE } from "../worker-pool";
import { type ColumnSpec, printCell, sheetCell, type TableDocument, tableOf } from "./model";
import {
  asDocument,
  DEFAULT_DOCUMENT_QUEUE_LIMIT,
  documentsInFlight,
  renderPdf,
  setDocumentQueueLimit,
  tableXlsx,
} from "./render";

const company = { name: "SWIFTLINE COURIERS", address: "KARACHI", phone: "", email: "", ntn: "", logo: null };

const ledger = (rows: number): TableDocument => ({
  title: "LEDGER ACCOUNT",
  subtitle: ["1-01-001-0001 CASH", "From 01 Jul 2025 to 30 Jun 2026"],
  fileName: "ledger",
  landscape: true,
  table: tableOf(
    [
      {
        header: "Date",
        width: 0.2,
        xlsxWidth: 12,
        value: (n: number) => `2025-07-${String((n % 28) + 1).padStart(2, "0")}`,
      },
      { header: "Description", width: 0.5, xlsxWidth: 40, value: (n) => `LINE ${n}` },
      { header: "Debit", width: 0.3, xlsxWidth: 14, format: "minor", blankZero: true, value: (n) => BigInt(n * 125) },
    ],
    Array.from({ length: rows }, (_, n) => n),
  ),
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("document cells", () => {
  const column = (spec: Partial<ColumnSpec>): ColumnSpec => ({ header: "x", ...spec });

  it("print by their column's format, digit for digit", () => {
    expect(printCell(123456789n, column({ format: "minor" }))).toBe("1,234,567.89");
    expect(printCell(-5, column({ format: "minor" }))).toBe("-0.05");
    expect(printCell(1234.5, column({ format: "amount" }))).toBe("1,234.50");
    expect(printCell(0.1 + 0.2, column({ format: "amount" }))).toBe("0.30000000000000004");
    expect(printCell(1234.5, column({ format: "qty" }))).toBe("1,234.5");
    expect(printCell(2.8504, column({ format: "qty3" }))).toBe("2.85");
    expect(printCell(7, column({}))).toBe("7");
    expect(printCell(null, column({ format: "minor" }))).toBe("");
    expect(printCell(0n, column({ format: "minor", blankZero: true }))).toBe("");
    expect(printCell(0, column({ format: "amount" }))).toBe("0.00");
  });

  it("travel as numbers while exact, as BigInt past 2^53, and print the same either way", () => {
    const minor: ColumnSpec = { header: "Amount", format: "minor" };
    const table = tableOf([{ ...minor, value: (amount: bigint) => amount }], [12_345n, 2n ** 60n]);
    expect(table.rows).toEqual([[12_345], [2n ** 60n]]);
    expect(table.rows.map(([cell]) => printCell(cell ?? null, minor))).toEqual(["123.45", "11,529,215,046,068,469.76"]);
  });

  it("keep numbers as numbers in the spreadsheet, minor units as the amount", () => {
    expect(sheetCell(123456n, column({ format: "minor" }))).toBe(1234.56);
    expect(sheetCell(250, column({ format: "minor" }))).toBe(2.5);
    expect(sheetCell(12.5, column({ format: "amount" }))).toBe(12.5);
    expect(sheetCell("A", column({ format: "amount" }))).toBe("A");
    expect(sheetCell(0, column({ format: "minor", blankZero: true }))).toBe(0);
  });
});

describe("documents in the worker pool", () => {
  // Test files share a fork's modules: the queue goes back to its default whatever a test did.
  afterEach(() => setDocumentQueueLimit(DEFAULT_DOCUMENT_QUEUE_LIMIT));

  it("streams a table XLSX with its title, frozen header, money as amounts and every row", async () => {
    const file = await bytesOf(await tableXlsx(ledger(3000)));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(file).buffer);
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error("the file has no worksheet");
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(sheet.name).toBe("LEDGER ACCOUNT");
    expect(values(1)).toEqual(["LEDGER ACCOUNT — 1-01-001-0001 CASH — From 01 Jul 2025 to 30 Jun 2026"]);
    expect(values(2)).toEqual(["Date", "Description", "Debit"]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 2 });
    expect(values(3)).toEqual(["2025-07-01", "LINE 0", 0]);
    expect(values(3002)).toEqual(["2025-07-04", "LINE 2999", 3748.75]);
    expect(sheet.getRow(3002).getCell(3).numFmt).toBe("#,##0.00");
    expect(sheet.rowCount).toBe(3002);
  });

  it("refuses a document past the queue limit with 503 DOCUMENTS_BUSY, makes the others, then takes more", async () => {
    setDocumentQueueLimit(0);
    // Admission is decided when a document is asked for: POOL_SIZE are made, the next one is refused.
    const asked = Array.from({ length: POOL_SIZE + 1 }, () =>
      renderPdf("tablePdf", { company, document: ledger(50) }).then(
        (pdf) => pdf.subarray(0, 5).toString("latin1"),
        (error: unknown) => error,
      ),
    );
    expect(documentsInFlight()).toBe(POOL_SIZE);
    const answers = await Promise.all(asked);
    expect(answers.slice(0, POOL_SIZE)).toEqual(Array(POOL_SIZE).fill("%PDF-"));
    const refused = answers[POOL_SIZE];
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "DOCUMENTS_BUSY",
      status: 503,
      details: { retryAfterSeconds: 5, inFlight: POOL_SIZE },
    });
    expect(documentsInFlight()).toBe(0);
    const again = await renderPdf("tablePdf", { company, document: ledger(5) });
    expect(again.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("gives documents their turns in order, a turn covering the rendering inside it, and hands a turn on when one ends", async () => {
    setDocumentQueueLimit(1);
    const count = POOL_SIZE + 1;
    const began: (() => void)[] = [];
    const beginnings = Array.from(
      { length: count },
      (_, index) => new Promise<void>((resolve) => (began[index] = resolve)),
    );
    const releases: (() => void)[] = [];
    const held = (index: number) =>
      asDocument(async () => {
        began[index]?.();
        await new Promise<void>((resolve) => releases.push(resolve));
        // Rendering inside a turn takes no second one (on a pool of one it would wait for itself).
        return renderPdf("tablePdf", { company, document: ledger(3) });
      });
    const documents = Array.from({ length: count }, (_, index) => held(index));
    const refused = await asDocument(async () => "made").catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "DOCUMENTS_BUSY" });
    expect(documentsInFlight()).toBe(count);
    await Promise.all(beginnings.slice(0, POOL_SIZE));
    expect(releases).toHaveLength(POOL_SIZE);
    // The first to end hands its turn to the one waiting.
    releases.shift()?.();
    await beginnings[POOL_SIZE];
    expect(releases).toHaveLength(POOL_SIZE);
    for (const release of releases.splice(0)) release();
    const pdfs = await Promise.all(documents);
    expect(pdfs.map((pdf) => pdf.subarray(0, 5).toString("latin1"))).toEqual(Array(count).fill("%PDF-"));
    expect(documentsInFlight()).toBe(0);
  });
});
