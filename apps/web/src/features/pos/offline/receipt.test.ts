import { describe, expect, it } from "vitest";
import { INIT, includesBytes, textReceiptBytes } from "../printing/escpos";
import { invoiceNumber, sequenceOf } from "./numbers";
import { receiptHtml, receiptLines } from "./receipt";
import type { OfflineReceipt } from "./store";

const receipt: OfflineReceipt = {
  invoiceNo: "A01-2026-000124",
  counterCode: "A01",
  cashier: "",
  outletName: "Main Outlet",
  openedAt: "2026-11-24T09:05:00.000Z",
  orderType: "take_away",
  lines: [
    { name: "Zinger (L)", qty: 1, amountMinor: "65000" },
    { name: "Cola <large> & ice", qty: 2, amountMinor: "30000" },
  ],
  figures: [
    { label: "Subtotal", minor: "95000" },
    { label: "Tax", minor: "15200" },
  ],
  totalMinor: "110200",
  tenders: [{ method: "Cash", amountMinor: "200000" }],
  changeMinor: "89800",
  opensDrawer: true,
};

describe("offline invoice numbers", () => {
  it("follow the counter's sequence for the year, six digits at least", () => {
    expect(invoiceNumber("A01", 2026, 124)).toBe("A01-2026-000124");
    expect(invoiceNumber("A01", 2026, 1_234_567)).toBe("A01-2026-1234567");
    expect(sequenceOf("A01-2026-000124", "A01", 2026)).toBe(124);
    expect(sequenceOf("A01-2025-000124", "A01", 2026)).toBeNull();
    expect(sequenceOf("B02-2026-000124", "A01", 2026)).toBeNull();
  });
});

describe("the offline receipt", () => {
  it("prints 48-column lines with the amounts at the right edge", () => {
    const lines = receiptLines(receipt, "24 Nov 2026, 14:05");
    expect(lines.every((line) => line.length <= 48)).toBe(true);
    expect(lines).toContain(`1 x Zinger (L)${" ".repeat(48 - 14 - 6)}650.00`);
    expect(lines.find((line) => line.startsWith("TOTAL"))).toMatch(/ 1,102\.00$/);
    expect(lines.find((line) => line.startsWith("Change"))).toMatch(/ 898\.00$/);
    expect(lines.join("\n")).toContain("OFFLINE SALE");
  });

  it("as ESC/POS starts with ESC @ and ends with the drawer kick only for cash", () => {
    const lines = receiptLines(receipt, "24 Nov 2026, 14:05");
    const cash = textReceiptBytes(lines, { kick: true });
    expect([...cash.slice(0, 2)]).toEqual(INIT);
    expect(includesBytes(cash, [0x1b, 0x70])).toBe(true);
    expect(includesBytes(textReceiptBytes(lines, { kick: false }), [0x1b, 0x70])).toBe(false);
  });

  it("as the browser's page escapes what the menu calls its items", () => {
    const html = receiptHtml(receipt, "24 Nov 2026, 14:05");
    expect(html).toContain("Cola &#60;large&#62; &#38; ice");
    expect(html).not.toContain("<large>");
    expect(html).toContain("Invoice A01-2026-000124");
  });
});
