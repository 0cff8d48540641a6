import { describe, expect, it } from "vitest";
import { posSplitInputSchema, posTableStatusInputSchema, tableStateOf } from "./pos-tables";

describe("tableStateOf (design 4.8)", () => {
  it.each([
    [[], null, "free"],
    [[], "reserved", "reserved"],
    [[], "cleaning", "cleaning"],
    [["open"], null, "occupied"],
    [["open", "billed"], null, "occupied"],
    [["billed"], null, "billed"],
    [["billed", "billed"], "cleaning", "billed"],
    [["open"], "reserved", "occupied"],
  ] as const)("%j with override %s is %s", (statuses, override, state) => {
    expect(tableStateOf(statuses, override)).toBe(state);
  });
});

describe("split and status input", () => {
  it("needs parts with lines and portions of at most 3 decimals", () => {
    expect(posSplitInputSchema.safeParse({ parts: [{ lines: [{ lineId: 1, qty: 1.5 }] }] }).success).toBe(true);
    const empty = posSplitInputSchema.safeParse({ parts: [] });
    expect(empty.error?.issues[0]).toMatchObject({ path: ["parts"], message: "Send from 1 to 20 parts" });
    const noLines = posSplitInputSchema.safeParse({ parts: [{ lines: [] }] });
    expect(noLines.error?.issues[0]).toMatchObject({ path: ["parts", 0, "lines"] });
    const fine = posSplitInputSchema.safeParse({ parts: [{ lines: [{ lineId: 1, qty: 0.0001 }] }] });
    expect(fine.error?.issues[0]?.path).toEqual(["parts", 0, "lines", 0, "qty"]);
  });

  it("takes reserved, cleaning or none", () => {
    expect(posTableStatusInputSchema.safeParse({ override: "none" }).success).toBe(true);
    expect(posTableStatusInputSchema.safeParse({ override: "dirty" }).error?.issues[0]?.message).toBe(
      "Status is reserved, cleaning or none",
    );
  });
});
