import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const PRODUCTION = { NODE_ENV: "production", JWT_SECRET: "x".repeat(32), PUBLIC_URL: "https://cargo.example.com" };

describe("configuration", () => {
  it("refuses to start in production without JWT_SECRET", () => {
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: undefined })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ ...PRODUCTION, JWT_SECRET: "short" })).toThrow(/at least 32/);
    expect(loadConfig(PRODUCTION).JWT_SECRET).toHaveLength(32);
  });

  it("refuses to start in production without PUBLIC_URL, and takes only an http(s) address", () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL is required/);
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: "" })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: "cargo.example.com" })).toThrow(/PUBLIC_URL must be an http/);
    expect(() => loadConfig({ PUBLIC_URL: "ftp://cargo.example.com" })).toThrow(/PUBLIC_URL must be an http/);
    expect(loadConfig(PRODUCTION).PUBLIC_URL).toBe("https://cargo.example.com");
  });

  it("has documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      ADMIN_USERNAME: "admin",
      ADMIN_EMAIL: "admin@cargodesk.local",
      APP_TZ: "Asia/Karachi",
      FISCAL_YEAR_START: "07-01",
      PUBLIC_URL: "http://localhost:3000",
      SHUTDOWN_TIMEOUT_MS: 10_000,
      DOCUMENT_QUEUE_LIMIT: 16,
    });
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it("turns the metrics on only with a token of 16 characters or more", () => {
    expect(loadConfig({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(loadConfig({ METRICS_TOKEN: "m".repeat(16) }).METRICS_TOKEN).toBe("m".repeat(16));
  });

  it("names a bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: "0" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ DOCUMENT_QUEUE_LIMIT: "-1" })).toThrow(/DOCUMENT_QUEUE_LIMIT/);
  });
});
