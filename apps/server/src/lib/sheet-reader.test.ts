import { randomBytes } from "node:crypto";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { hugeReferenceXlsx, namesCsv, xlsxOf, zipOf } from "../test/sheet-files";
import { AppError } from "./app-error";
import { LIMIT_MESSAGES, packGrid, SHEET_LIMITS, unpackGrid } from "./sheet-grid";
import { readGrid } from "./sheet-reader";
import { openZip, ZipError } from "./zip-reader";

/** The 400 a file gets, with its message (or a failure if it was read). */
function refusal(file: Buffer): { status: number; message: string; details: unknown } {
  try {
    readGrid(file);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message, details: error.details };
    throw error;
  }
  throw new Error("the file was read");
}

/** Milliseconds `work` takes. */
function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

describe("reading XLSX", () => {
  it("reads what exceljs writes: shared strings, numbers, dates, booleans, rich text, formulas, blank rows", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Rates");
    sheet.addRow(["Name", "Amount", "When", "Flag"]);
    sheet.addRow(["  Cash, Bank  ", 12.5, new Date(Date.UTC(2026, 1, 28)), true]);
    sheet.addRow([]);
    sheet.addRow([
      { richText: [{ text: "Ri" }, { text: "ch & co" }] },
      0.1,
      new Date(Date.UTC(2026, 0, 5, 13, 30)),
      false,
    ]);
    sheet.addRow(["Formula", { formula: "B2*2", result: 25 }, 1234567890123, null]);
    sheet.getCell("C4").numFmt = "dd/mm/yyyy hh:mm";
    workbook.addWorksheet("Second").addRow(["not read"]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    expect(readGrid(file)).toEqual([
      { row: 1, values: ["Name", "Amount", "When", "Flag"] },
      { row: 2, values: ["Cash, Bank", "12.5", "2026-02-28", "true"] },
      { row: 4, values: ["Rich & co", "0.1", "2026-01-05 13:30:00", "false"] },
      { row: 5, values: ["Formula", "25", "1234567890123"] },
    ]);
  });

  it("reads inline strings, cells without references, phonetic runs, entities and 1904 dates", () => {
    const file = xlsxOf({
      sharedStrings:
        "<si><t>name</t></si><si><r><t>To</t></r><r><t>kyo</t></r><rPh sb='0' eb='1'><t>トウキョウ</t></rPh></si>",
      cellXfs: '<xf numFmtId="0"/><xf numFmtId="164"/>',
      numFmts: '<numFmt numFmtId="164" formatCode="[$-409]d\\-mmm\\-yy"/>',
      date1904: true,
      sheetData:
        '<row r="1"><c t="s"><v>0</v></c><c t="inlineStr"><is><t>when</t></is></c></row>' +
        '<row><c t="s"><v>1</v></c><c s="1"><v>0</v></c><c t="inlineStr"><is><t>A &amp; B &lt;C&gt;</t></is></c></row>' +
        '<row r="7"><c r="C7"><v>1.50</v></c></row>',
    });
    expect(readGrid(file)).toEqual([
      { row: 1, values: ["name", "when"] },
      { row: 2, values: ["Tokyo", "1904-01-01", "A & B <C>"] },
      { row: 7, values: ["", "", "1.5"] },
    ]);
  });

  it("reads a sheet that claims the whole grid but holds little, without walking the gap", () => {
    const file = xlsxOf({
      beforeSheetData: '<dimension ref="A1:XFD1048576"/>',
      sheetData:
        '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="XFD1" s="0"/></row>' +
        '<row r="1048576" spans="1:16384"><c r="XFD1048576" s="0"/></row>',
    });
    let grid: unknown;
    expect(timed(() => (grid = readGrid(file)))).toBeLessThan(5000);
    expect(grid).toEqual([{ row: 1, values: ["name"] }]);
  });

  it("refuses the hostile 1.5 KB file (a value in cell XFD1048576) at once with a 400 naming the limit", () => {
    const file = hugeReferenceXlsx();
    expect(file.length).toBeLessThan(2000);
    let answer: ReturnType<typeof refusal> | undefined;
    expect(timed(() => (answer = refusal(file)))).toBeLessThan(5000);
    expect(answer).toEqual({
      status: 400,
      message: `file: ${LIMIT_MESSAGES.columns}`,
      details: [{ field: "file", message: LIMIT_MESSAGES.columns }],
    });
  });

  it("refuses a value past the last allowed row", () => {
    const file = xlsxOf({
      sheetData: `<row r="1"><c t="inlineStr"><is><t>name</t></is></c></row><row r="${SHEET_LIMITS.rows + 2}"><c><v>1</v></c></row>`,
    });
    expect(refusal(file).message).toBe(`file: ${LIMIT_MESSAGES.rows}`);
    const last = xlsxOf({
      sheetData: `<row r="1"><c t="inlineStr"><is><t>name</t></is></c></row><row r="${SHEET_LIMITS.rows + 1}"><c><v>1</v></c></row>`,
    });
    expect(readGrid(last).at(-1)?.row).toBe(SHEET_LIMITS.rows + 1);
  });

  it("refuses a zip bomb by its compression ratio, quickly", () => {
    const bomb = xlsxOf({ sheetData: `<row r="1"><c><v>1</v></c></row>${" ".repeat(40 * 1024 * 1024)}` });
    expect(bomb.length).toBeLessThan(100_000);
    let answer: ReturnType<typeof refusal> | undefined;
    expect(timed(() => (answer = refusal(bomb)))).toBeLessThan(5000);
    expect(answer?.message).toBe(`file: ${LIMIT_MESSAGES.bomb}`);
  });

  it("refuses parts that are not a workbook, or not a zip at all", () => {
    expect(refusal(zipOf({ "hello.txt": "hi" })).message).toBe("file: The file is not a readable XLSX workbook");
    const cut = hugeReferenceXlsx().subarray(0, 200);
    expect(refusal(cut).message).toBe("file: The file is not a readable XLSX workbook");
    expect(refusal(xlsxOf({ sheetData: "<row><c><v>1</c></row>" })).message).toBe(
      "file: The file is not a readable XLSX workbook",
    );
  });
});

describe("the zip reader", () => {
  const limits = { maxUnzippedBytes: 3 * 1024 * 1024, maxRatio: 100, maxEntries: 10 };
  const problem = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      if (error instanceof ZipError) return error.problem;
      throw error;
    }
    return "none";
  };

  it("reads deflated and stored entries, and stops at the total unzipped size", () => {
    const noise = () => randomBytes(2 * 1024 * 1024);
    const zip = openZip(zipOf({ a: noise(), b: noise(), c: "small" }, ["c"]), limits);
    expect(zip.read("c")?.toString()).toBe("small");
    expect(zip.read("a")?.length).toBe(2 * 1024 * 1024);
    expect(zip.read("missing")).toBeNull();
    expect(problem(() => zip.read("b"))).toBe("too-large");
  });

  it("does not trust the sizes an entry declares", () => {
    const file = zipOf({ a: " ".repeat(2 * 1024 * 1024) });
    // the central directory says 10 bytes; inflating still stops at the ratio limit
    file.writeUInt32LE(10, file.length - 22 - 47 + 24);
    expect(problem(() => openZip(file, { ...limits, maxRatio: 10 }).read("a"))).toBe("bomb");
  });

  it("refuses more entries than allowed", () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, index) => [`f${index}`, "x"]));
    expect(problem(() => openZip(zipOf(many), limits))).toBe("too-large");
  });
});

describe("reading CSV", () => {
  it("follows RFC 4180: quotes, doubled quotes, commas and newlines in quotes, CRLF, a byte-order mark", () => {
    const file = Buffer.from('\uFEFFname,amount\r\n"Cash, ""main""",1\r\n\r\n"two\nlines", 2 \n,\nlast,');
    expect(readGrid(file)).toEqual([
      { row: 1, values: ["name", "amount"] },
      { row: 2, values: ['Cash, "main"', "1"] },
      { row: 4, values: ["two\nlines", "2"] },
      { row: 6, values: ["last"] },
    ]);
  });

  it("ignores empty columns past the limit but refuses a value there", () => {
    const wide = (last: string) => Buffer.from(`name${",".repeat(SHEET_LIMITS.columns + 10)}${last}\nA`);
    expect(readGrid(wide(""))).toEqual([
      { row: 1, values: ["name"] },
      { row: 2, values: ["A"] },
    ]);
    expect(refusal(wide("x")).message).toBe(`file: ${LIMIT_MESSAGES.columns}`);
  });

  it("takes the largest allowed file, and refuses one row more or too many cells", () => {
    expect(readGrid(namesCsv(SHEET_LIMITS.rows))).toHaveLength(SHEET_LIMITS.rows + 1);
    expect(refusal(namesCsv(SHEET_LIMITS.rows + 1)).message).toBe(`file: ${LIMIT_MESSAGES.rows}`);
    const columns = 20;
    const line = Array.from({ length: columns }, () => "1").join(",");
    const cells = Buffer.from(Array.from({ length: SHEET_LIMITS.cells / columns + 1 }, () => line).join("\n"));
    expect(refusal(cells).message).toBe(`file: ${LIMIT_MESSAGES.cells}`);
  });

  it("walks a file of only separators in linear time, refusing the value past the last row", () => {
    const file = Buffer.from(`name\n${",,,,\n".repeat(1_000_000)}x`);
    let answer: ReturnType<typeof refusal> | undefined;
    expect(timed(() => (answer = refusal(file)))).toBeLessThan(5000);
    expect(answer?.message).toBe(`file: ${LIMIT_MESSAGES.rows}`);
  });
});

describe("the packed grid the worker sends back", () => {
  it("gives back the same rows, empty cells, separators and all", () => {
    const grid = [
      { row: 1, values: ["name", "amount"] },
      { row: 3, values: ["", 'a\u0000b,"c"', "ü€"] },
      { row: 100_001, values: ["last"] },
    ];
    const packed = packGrid(grid);
    expect(packed.text).toBe('nameamounta\u0000b,"c"ü€last');
    expect([...unpackGrid(structuredClone(packed))]).toEqual(grid);
    expect([...unpackGrid(packGrid([]))]).toEqual([]);
  });
});
