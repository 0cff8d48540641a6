import { describe, expect, it } from "vitest";
import { ISSUANCE_MESSAGES, issuanceCreateSchema } from "./issuance";
import { STOCK_COUNT_MESSAGES, stockCountUpdateSchema } from "./stock-counts";

const issuance = (productIds: number[]) => ({
  fromLocationId: 1,
  toLocationId: 2,
  businessDate: "2026-01-15",
  lines: productIds.map((storeProductId) => ({ storeProductId, qty: 1, uomId: 1 })),
});
const count = (productIds: number[]) => ({
  lines: productIds.map((storeProductId) => ({ storeProductId, countedQty: 2, uomId: 1 })),
});

describe("a product repeated on a Store document", () => {
  it("is refused on the issuance at the repeated line's product, with the issuance's message", () => {
    expect(issuanceCreateSchema.safeParse(issuance([7, 8])).success).toBe(true);
    const parsed = issuanceCreateSchema.safeParse(issuance([7, 8, 7]));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["lines.2.storeProductId", ISSUANCE_MESSAGES.duplicate],
    ]);
  });

  it("is refused on the count with the count's message, once per repeat", () => {
    expect(stockCountUpdateSchema.safeParse(count([3, 4])).success).toBe(true);
    const parsed = stockCountUpdateSchema.safeParse(count([3, 3, 4, 3]));
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["lines.1.storeProductId", STOCK_COUNT_MESSAGES.duplicate],
      ["lines.3.storeProductId", STOCK_COUNT_MESSAGES.duplicate],
    ]);
  });
});
