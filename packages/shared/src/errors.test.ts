import { describe, expect, it } from "vitest";
import {
  DOMAIN_ERRORS,
  ERROR_STATUS,
  errorBody,
  errorBodySchema,
  errorKindOf,
  errorStatusOf,
  isErrorCode,
} from "./errors";

describe("error catalogue", () => {
  it("maps a domain code to its kind's status, and a bare kind to its own", () => {
    expect(errorKindOf("VOUCHER_UNBALANCED")).toBe("VALIDATION");
    expect(errorStatusOf("VOUCHER_UNBALANCED")).toBe(400);
    expect(errorStatusOf("VOUCHER_ALREADY_DECIDED")).toBe(409);
    expect(errorStatusOf("SIGN_IN_LOCKED")).toBe(429);
    expect(errorStatusOf("STOCK_SHORT")).toBe(409);
    expect(errorStatusOf("NOT_FOUND")).toBe(404);
    expect(errorKindOf("CONFLICT")).toBe("CONFLICT");
  });

  it("keeps domain codes apart from kinds, written in capitals with underscores", () => {
    for (const [code, entry] of Object.entries(DOMAIN_ERRORS)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(Object.hasOwn(ERROR_STATUS, code), code).toBe(false);
      expect(Object.hasOwn(ERROR_STATUS, entry.kind), code).toBe(true);
      expect(entry.when.length, code).toBeGreaterThan(10);
    }
  });

  it("knows its codes and nothing else", () => {
    expect(isErrorCode("SHIPMENT_POSTED")).toBe(true);
    expect(isErrorCode("VALIDATION")).toBe(true);
    expect(isErrorCode("HTTP_ERROR")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it("builds the body the web parses: code, kind, and details only when there are some", () => {
    const body = errorBody("VOUCHER_UNBALANCED", "Total debit must equal total credit", { debit: 10, credit: 9 });
    expect(body).toEqual({
      message: "Total debit must equal total credit",
      code: "VOUCHER_UNBALANCED",
      kind: "VALIDATION",
      details: { debit: 10, credit: 9 },
    });
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(Object.keys(errorBody("NOT_FOUND", "No such voucher"))).toEqual(["message", "code", "kind"]);
  });
});
