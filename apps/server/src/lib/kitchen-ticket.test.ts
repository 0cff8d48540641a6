import { describe, expect, it } from "vitest";
import { escposLines, escposText } from "../test/escpos-text";
import { escposKitchenTicket, type KitchenTicketPrint, kitchenTicketRows } from "./kitchen-ticket";

const ticket: KitchenTicketPrint = {
  station: "Grill",
  kind: "new",
  number: null,
  token: 12,
  orderTypeLabel: "Dine In",
  table: "T5",
  waiter: "Ali Khan",
  date: "2026-11-24",
  time: "18:05",
  lines: [
    { qty: 2, name: "Zinger Burger", modifiers: "Large Spicy", note: "no onions", course: 1 },
    { qty: 0.5, name: "Mutton Karahi", modifiers: "", note: "", course: 1 },
  ],
};
const printer = { widthChars: 32, codepage: "cp437" };

describe("kitchen ticket layout", () => {
  it("prints the station, the banner, the order, the waiter, the time and each line with its size, flavour and note", () => {
    const lines = escposLines(escposKitchenTicket(ticket, printer));
    expect(lines[0]).toBe("Grill");
    expect(lines[1]).toBe("*** NEW ***");
    expect(lines).toContain(`Token${" ".repeat(32 - 5 - 2)}12`);
    expect(lines.find((line) => line.startsWith("Order"))).toMatch(/Dine In T5$/);
    expect(lines.find((line) => line.startsWith("Waiter"))).toMatch(/Ali Khan$/);
    expect(lines.find((line) => line.startsWith("Time"))).toMatch(/2026-11-24 18:05$/);
    const body = lines.slice(lines.indexOf("2 x Zinger Burger"));
    expect(body.slice(0, 4)).toEqual(["2 x Zinger Burger", "Large Spicy", "Note: no onions", "0.5 x Mutton Karahi"]);
    expect(lines.some((line) => line.includes("Course"))).toBe(false);
    expect(lines.some((line) => line.startsWith("Invoice"))).toBe(false);
  });

  it("says ADDITION or VOID in the banner", () => {
    expect(escposLines(escposKitchenTicket({ ...ticket, kind: "addition" }, printer))[1]).toBe("*** ADDITION ***");
    expect(escposLines(escposKitchenTicket({ ...ticket, kind: "void" }, printer))[1]).toBe("*** VOID ***");
  });

  it("heads each course when the ticket holds more than one, lowest first", () => {
    const lines = escposLines(
      escposKitchenTicket(
        {
          ...ticket,
          lines: [
            { qty: 1, name: "Steak", modifiers: "", note: "", course: 2 },
            { qty: 1, name: "Soup", modifiers: "", note: "", course: 1 },
          ],
        },
        printer,
      ),
    );
    const at = (text: string) => lines.indexOf(text);
    expect(at("-- Course 1 --")).toBeGreaterThan(0);
    expect(at("-- Course 1 --")).toBeLessThan(at("1 x Soup"));
    expect(at("1 x Soup")).toBeLessThan(at("-- Course 2 --"));
    expect(at("-- Course 2 --")).toBeLessThan(at("1 x Steak"));
  });

  it("a take-away paid before firing shows its invoice number and no table or waiter", () => {
    const lines = escposLines(
      escposKitchenTicket(
        { ...ticket, number: "A01-2026-000123", orderTypeLabel: "Take Away", table: null, waiter: null },
        printer,
      ),
    );
    expect(lines.find((line) => line.startsWith("Invoice"))).toMatch(/A01-2026-000123$/);
    expect(lines.find((line) => line.startsWith("Order"))).toMatch(/Take Away$/);
    expect(lines.some((line) => line.startsWith("Waiter"))).toBe(false);
  });

  it("keeps every row within the printer's width, wrapping long names under the quantity", () => {
    const long = {
      ...ticket,
      lines: [
        {
          qty: 3,
          name: "Chicken Tikka Boti Platter With Extra Garlic Naan",
          modifiers: "Family Size Extra Hot",
          note: "cut the naan in four and bring raita on the side please",
          course: 1,
        },
      ],
    };
    for (const width of [48, 42, 32]) {
      const rows = kitchenTicketRows(long, width);
      for (const row of rows) expect(row.text.length).toBeLessThanOrEqual(width);
      const text = escposText(escposKitchenTicket(long, { widthChars: width, codepage: "cp437" }));
      for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(width);
    }
    const lines = escposLines(escposKitchenTicket(long, printer));
    const first = lines.findIndex((line) => line.startsWith("3 x Chicken"));
    expect(`${lines[first]} ${lines[first + 1]}`).toContain("Platter With");
    expect(lines.join(" ")).toContain("bring raita on the side please");
  });
});
