import { describe, expect, it } from "vitest";
import { EMPTY_WEDGE, readWedgeKey, WEDGE_GAP_MS, type WedgeState } from "./barcode";

/** Feeds keys `gap` ms apart and answers the barcodes they completed. */
function feed(keys: string[], gap: number, start: WedgeState = EMPTY_WEDGE, t0 = 10_000): string[] {
  let state = start;
  const codes: string[] = [];
  keys.forEach((key, index) => {
    const result = readWedgeKey(state, key, t0 + index * gap);
    state = result.state;
    if (result.barcode) codes.push(result.barcode);
  });
  return codes;
}

describe("keyboard-wedge barcodes", () => {
  it("a fast burst of digits and Enter is a barcode", () => {
    expect(feed([..."2000000000015", "Enter"], 5)).toEqual(["2000000000015"]);
  });

  it("digits typed at a person's pace are not", () => {
    expect(feed([..."2000000000015", "Enter"], WEDGE_GAP_MS + 40)).toEqual([]);
  });

  it("a short burst (a quantity typed fast) is not", () => {
    expect(feed([..."12", "Enter"], 5)).toEqual([]);
  });

  it("a slow first key starts a fresh burst: the scan after it still reads whole", () => {
    let state = readWedgeKey(EMPTY_WEDGE, "9", 0).state;
    state = readWedgeKey(state, "1", 5_000).state;
    const codes = feed([..."234567", "Enter"], 5, state, 5_005);
    expect(codes).toEqual(["1234567"]);
  });

  it("a letter in the burst drops it", () => {
    expect(feed([..."1234", "a", ..."56", "Enter"], 5)).toEqual([]);
  });
});
