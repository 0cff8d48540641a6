import { describe, expect, it } from "vitest";
import { bpOfText, percentOf, textOfBp } from "./labels";

describe("percent fields over basis points", () => {
  it("reads a typed percent as basis points, rounding past two places", () => {
    expect(bpOfText("16")).toBe(1600);
    expect(bpOfText(" 7.5 ")).toBe(750);
    expect(bpOfText(".25")).toBe(25);
    expect(bpOfText("0.125")).toBe(13);
    expect(bpOfText("100")).toBe(10_000);
  });

  it("keeps empty as null and anything else as text, for the schema to name the field", () => {
    expect(bpOfText("")).toBeNull();
    expect(bpOfText("   ")).toBeNull();
    expect(bpOfText("7,5")).toBe("7,5");
    expect(bpOfText("-5")).toBe("-5");
  });

  it("shows basis points back as the percent typed", () => {
    expect(textOfBp(750)).toBe("7.5");
    expect(textOfBp(1600)).toBe("16");
    expect(textOfBp(null)).toBe("");
    expect(textOfBp("abc")).toBe("");
    expect(percentOf(500)).toBe("5%");
    for (const bp of [0, 1, 99, 750, 1234, 10_000]) expect(bpOfText(textOfBp(bp))).toBe(bp);
  });
});
