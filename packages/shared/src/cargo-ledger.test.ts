import { describe, expect, it } from "vitest";
import {
  CARGO_LEDGER_MESSAGES,
  CREDIT_LIMIT_MESSAGE,
  cargoLedgerRequestSchema,
  creditLimitSchema,
  dashboardRequestSchema,
  isIsoDate,
  levelFiveLabel,
} from "./cargo-ledger";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("cargo ledger requests", () => {
  it("knows real calendar dates", () => {
    expect(["2024-02-29", "2025-12-31"].every(isIsoDate)).toBe(true);
    expect(["2025-02-29", "2025-13-01", "2025-1-01", "31/12/2025", ""].some(isIsoDate)).toBe(false);
  });

  it("takes empty dates and an empty account as not given", () => {
    expect(cargoLedgerRequestSchema.parse({ startedDate: "", endDate: "", levelFiveId: "", name: "X" })).toEqual({
      startedDate: undefined,
      endDate: undefined,
      levelFiveId: undefined,
      name: "X",
    });
    expect(cargoLedgerRequestSchema.parse({ levelFiveId: "12" }).levelFiveId).toBe(12);
    expect(messages(cargoLedgerRequestSchema.safeParse({ startedDate: "2025-08-01", endDate: "2025-07-01" }))).toEqual([
      CARGO_LEDGER_MESSAGES.dateOrder,
    ]);
  });

  it("bounds the dashboard range and names the missing date alone", () => {
    const ok = { startedDate: "2024-01-01", endDate: "2024-12-31" };
    expect(dashboardRequestSchema.safeParse(ok).success).toBe(true);
    expect(messages(dashboardRequestSchema.safeParse({ ...ok, endDate: "2025-01-01" }))).toEqual([
      CARGO_LEDGER_MESSAGES.rangeTooLong,
    ]);
    expect(messages(dashboardRequestSchema.safeParse({ startedDate: "2025-07-01", endDate: "" }))).toEqual([
      CARGO_LEDGER_MESSAGES.endRequired,
    ]);
    expect(dashboardRequestSchema.parse({ ...ok, user_id: null }).user_id).toBeUndefined();
  });

  it("labels an account by its path, a slash and its name", () => {
    expect(levelFiveLabel({ path: "ASSETS / CURRENT ASSETS / TRADE RECEIVABLES", levelFiveName: "ACME" })).toBe(
      "ASSETS / CURRENT ASSETS / TRADE RECEIVABLES / ACME",
    );
    expect(levelFiveLabel({ path: "", levelFiveName: "ACME" })).toBe("ACME");
  });

  it("keeps a credit limit to whole paisa and never below zero", () => {
    expect(creditLimitSchema.parse({ credit_limit: "25000.50" }).credit_limit).toBe(25000.5);
    expect(creditLimitSchema.parse({ credit_limit: "" }).credit_limit).toBeUndefined();
    for (const bad of [-1, 0.001, "abc"])
      expect(messages(creditLimitSchema.safeParse({ credit_limit: bad }))).toEqual([CREDIT_LIMIT_MESSAGE]);
  });
});
