import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/app-error";
import { registerErrorHandler } from "./error-handler";

const app = Fastify({ logger: false });
beforeAll(async () => {
  registerErrorHandler(app);
  app.get("/unbalanced", async () => {
    throw new AppError("VOUCHER_UNBALANCED", "Total debit must equal total credit", { debit: 5, credit: 4 });
  });
  app.get("/locked", async () => {
    throw new AppError("SIGN_IN_LOCKED", "This account is locked", { locked: true, retryAfterSeconds: 90 });
  });
  app.get("/busy", async () => {
    throw new AppError("DOCUMENTS_BUSY", "17 documents are being made or waiting", { retryAfterSeconds: 5 });
  });
  app.get("/missing", async () => {
    throw new AppError("NOT_FOUND", "No such voucher");
  });
  await app.ready();
});
afterAll(() => app.close());

describe("error handler", () => {
  it("answers a domain code with its kind and the kind's status", async () => {
    const response = await app.inject({ method: "GET", url: "/unbalanced" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Total debit must equal total credit",
      code: "VOUCHER_UNBALANCED",
      kind: "VALIDATION",
      details: { debit: 5, credit: 4 },
    });
  });

  it("gives any code of the RATE_LIMITED kind its Retry-After", async () => {
    const response = await app.inject({ method: "GET", url: "/locked" });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("90");
    expect(response.json()).toMatchObject({ code: "SIGN_IN_LOCKED", kind: "RATE_LIMITED" });
  });

  it("gives a full document queue its 503 and Retry-After", async () => {
    const response = await app.inject({ method: "GET", url: "/busy" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toMatchObject({ code: "DOCUMENTS_BUSY", kind: "SERVICE_UNAVAILABLE" });
  });

  it("keeps a bare kind as the code", async () => {
    const response = await app.inject({ method: "GET", url: "/missing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "No such voucher", code: "NOT_FOUND", kind: "NOT_FOUND" });
  });
});
