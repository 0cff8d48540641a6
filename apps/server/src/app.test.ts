import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the application", () => {
  it("GET /api/health answers ok with the database kind", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      database: t.database.kind,
      time_zone: "Asia/Karachi",
      fiscal_year_start: "07-01",
    });
  });

  it("sends security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-frame-options"]).toBeDefined();
  });

  it("documents every route in OpenAPI at /api/docs", async () => {
    const spec = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(["/api/users/login", "/api/user_cargo/cargo_login", "/api/health", "/api/users/me"]),
    );
    expect(spec.paths["/api/user_cargo/cargo_login"].post.requestBody).toBeDefined();
    expect(spec.info.description).toContain("| `VOUCHER_ALREADY_DECIDED` | `CONFLICT` (409) |");
    const ui = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
  });

  it("answers unknown API paths and malformed JSON with the error shape", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("NOT_FOUND");
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
  });
});

describe("serving the web app", () => {
  it("serves files as they are now, the page for app routes, and 404 for a missing file", async () => {
    const { mkdtemp, mkdir, writeFile, rm } = await import("node:fs/promises");
    const os = await import("node:os");
    const path = await import("node:path");
    const { buildApp } = await import("./app");
    const dist = await mkdtemp(path.join(os.tmpdir(), "cargodesk-dist-"));
    await mkdir(path.join(dist, "assets"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>CargoDesk</title>");
    await writeFile(path.join(dist, "assets", "a.js"), "console.log(1)");
    const web = await buildApp({ config: t.config, database: t.database, tokens: t.tokens, webDist: dist });
    try {
      expect(
        (await web.inject({ method: "GET", url: "/cargo/dashboard/dashboard" })).headers["content-type"],
      ).toContain("text/html");
      expect((await web.inject({ method: "GET", url: "/assets/a.js" })).headers["content-type"]).toContain(
        "javascript",
      );
      expect((await web.inject({ method: "GET", url: "/assets/gone-1234.js" })).statusCode).toBe(404);
      await writeFile(path.join(dist, "assets", "rebuilt-5678.js"), "console.log(2)");
      expect((await web.inject({ method: "GET", url: "/assets/rebuilt-5678.js" })).statusCode).toBe(200);
      expect((await web.inject({ method: "GET", url: "/api/nothing" })).json().code).toBe("NOT_FOUND");
    } finally {
      await web.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
