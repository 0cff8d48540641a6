import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts } from "../db/schema/index";
import { uploadSheet } from "../modules/rates/rates.test-helpers";
import { adminToken, bearer, createTestApp, multipart, type TestApp } from "../test/harness";
import { hugeReferenceXlsx, xlsxOf } from "../test/sheet-files";
import { todayIn } from "./dates";
import { LIMIT_MESSAGES, SHEET_LIMITS } from "./sheet-grid";
import { workerPool } from "./worker-pool";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const uploadGroups = (name: string, content: Buffer) => {
  const body = multipart({ levelOneId: "1" }, { field: "file", name, content });
  return t.app.inject({
    method: "POST",
    url: "/api/levelTwo/upload-lvlTwo",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(admin) },
  });
};

/** The most rows a sheet may have, every name the same (so the chart upload refuses it after reading). */
const largestSheet = () =>
  xlsxOf({
    sheetData: `<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>${Array.from(
      { length: SHEET_LIMITS.rows },
      (_, index) =>
        `<row r="${index + 2}"><c r="A${index + 2}" t="inlineStr"><is><t>${"SAME NAME ".repeat(4)}</t></is></c></row>`,
    ).join("")}`,
  });

describe("uploaded spreadsheets", () => {
  it("answer the hostile 1.5 KB XLSX with a 400 naming the limit, on the chart and the rate upload", async () => {
    const before = await t.db.$count(accounts);
    const chart = await uploadGroups("hostile.xlsx", hugeReferenceXlsx());
    expect(chart.statusCode).toBe(400);
    expect(chart.json()).toMatchObject({ message: `file: ${LIMIT_MESSAGES.columns}` });
    const rates = await uploadSheet(
      t,
      admin,
      { date: todayIn(t.config.APP_TZ), service_type_id: 1, shipment_type: "Pack" },
      { name: "hostile.xlsx", content: hugeReferenceXlsx() },
    );
    expect(rates.statusCode).toBe(400);
    expect(rates.json()).toMatchObject({ message: `file: ${LIMIT_MESSAGES.columns}` });
    expect(await t.db.$count(accounts)).toBe(before);
  });

  it("answer a zip bomb with a 400, by its ratio or by its unzipped size", async () => {
    const bomb = (megabytes: number) =>
      xlsxOf({ sheetData: `<row r="1"><c><v>1</v></c></row>${" ".repeat(megabytes * 1024 * 1024)}` });
    const byRatio = await uploadGroups("bomb.xlsx", bomb(40));
    expect(byRatio.statusCode).toBe(400);
    expect(byRatio.json()).toMatchObject({ message: `file: ${LIMIT_MESSAGES.bomb}` });
    const bySize = await uploadGroups("bomb.xlsx", bomb(60));
    expect(bySize.statusCode).toBe(400);
    expect(bySize.json()).toMatchObject({ message: `file: ${LIMIT_MESSAGES.unzipped}` });
  });

  it("are read in a worker: the health check answers while the largest allowed sheet is being read", async () => {
    const upload = uploadGroups("largest.xlsx", largestSheet());
    await vi.waitFor(() => expect(workerPool.busy()).toBe(1), { timeout: 30_000, interval: 1 });
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    // still reading: the request thread answered in the middle of the parse
    expect(workerPool.busy()).toBe(1);
    const answer = await upload;
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(`The file has ${SHEET_LIMITS.rows - 1} error(s)`);
  });
});
