import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "./plugins/error-handler";
import { adminToken, bearer, createTestApp, multipart, type TestApp } from "./test/harness";

/** The bad inputs the security review found answering 500, each now a 400 naming its field. */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

async function refused(method: "GET" | "POST" | "PUT" | "DELETE", url: string, field: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
  const body = response.json<{ code: string; message: string; details: { field: string }[] }>();
  expect(body.code).toBe("VALIDATION");
  expect(body.details.map((issue) => issue.field)).toContain(field);
}

describe("no 500 for bad input", () => {
  it("refuses ids of 2^31 and above in paths, queries and bodies", async () => {
    await refused("GET", "/api/sender/2147483648", "id");
    await refused("GET", "/api/voucher/9007199254740993", "id");
    await refused("DELETE", "/api/levelTwo/delete/2147483648", "id");
    await refused("GET", "/api/audit_log?userId=2147483648", "userId");
    await refused("GET", "/api/levelFour/get_levelFour?levelThreeId=2147483648", "levelThreeId");
    await refused("POST", "/api/levelTwo/add-levelTwo", "levelOneId", {
      levelOneId: 2_147_483_648,
      levelTwoName: "FUZZ",
    });
    // The largest id PostgreSQL holds is still an id: it names no row.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/sender/2147483647", headers: bearer(admin) })).statusCode,
    ).toBe(404);
  });

  it("refuses a NUL byte anywhere, the anonymous sign-in included", async () => {
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { userName: "admin\u0000", password: "x" },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().details).toEqual([{ field: "userName", message: "Must not contain a NUL character" }]);
    await refused("GET", "/api/levelFour/get_levelFour?search=a%00b", "search");
    await refused("POST", "/api/levelTwo/add-levelTwo", "levelTwoName", { levelOneId: 1, levelTwoName: "A\u0000B" });
    await refused("POST", "/api/voucher/add_voucher", "voucherData.0.voucherDescription", {
      voucherTypeId: 5,
      voucherData: [{ voucherDescription: "\u0000", voucherAmount: 1, levelFourId: 1, voucherDate: "2026-01-01" }],
    });
    const form = multipart({ levelOneId: "1\u0000" }, { field: "file", name: "chart.csv", content: "a,b\n" });
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/levelTwo/upload-lvlTwo",
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(400);
    expect(upload.json().details).toEqual([{ field: "levelOneId", message: "Must not contain a NUL character" }]);
  });

  it("refuses impossible calendar dates in reports and vouchers", async () => {
    await refused("POST", "/api/reports/profit_loss", "startedDate", { startedDate: "2026-02-30" });
    await refused("POST", "/api/reports/trail_balance", "endDate", { endDate: "2025-13-01" });
    await refused("POST", "/api/reports/aging_report", "asOfDate", { levelFourId: 1, asOfDate: "2026-04-31" });
    await refused("POST", "/api/voucher/add_voucher", "voucherData.0.voucherDate", {
      voucherTypeId: 5,
      voucherData: [{ voucherAmount: 1, levelFourId: 1, voucherDate: "2026-02-30", accountType: 1 }],
    });
  });

  it("turns a database error that only bad input causes into a 400, even when the query builder wraps it", async () => {
    const bare = Fastify();
    registerErrorHandler(bare);
    bare.get("/range", async () => t.db.execute(sql`select ${"2147483648"}::int`));
    bare.get("/date", async () => t.db.execute(sql`select ${"2026-02-30"}::date`));
    bare.get("/bug", async () => t.db.execute(sql`select * from no_such_table`));
    const range = await bare.inject({ method: "GET", url: "/range" });
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ message: "A number is out of range", code: "VALIDATION", kind: "VALIDATION" });
    expect((await bare.inject({ method: "GET", url: "/date" })).statusCode).toBe(400);
    // A programming error stays a 500: the net catches bad values only.
    expect((await bare.inject({ method: "GET", url: "/bug" })).statusCode).toBe(500);
    await bare.close();
  });
});
