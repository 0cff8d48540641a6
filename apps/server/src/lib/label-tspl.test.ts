import { describe, expect, it } from "vitest";
import { tsplLabels } from "./label-tspl";

const burger = { name: 'Zinger "Big" Burger', variant: "L Spicy", price: "1,250.50", code: "2000000000015", copies: 3 };

describe("tsplLabels", () => {
  it("sets the roll's size and gap once, then draws each label's lines and bars and prints its copies", () => {
    const text = tsplLabels("50x30", ["name", "variant", "price", "code"], [burger]).toString("latin1");
    const lines = text.split("\r\n");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(lines.slice(0, 5)).toEqual([
      "SIZE 50 mm,30 mm",
      "GAP 2 mm,0 mm",
      "DIRECTION 1",
      "REFERENCE 0,0",
      "CODEPAGE 1252",
    ]);
    expect(lines[5]).toBe("CLS");
    // The quote inside the name is TSPL's \["] escape; the name uses font 3, the variant font 2.
    expect(lines[6]).toBe('TEXT 16,16,"3",0,1,1,"Zinger \\["]Big\\["] Burger"');
    expect(lines[7]).toBe('TEXT 16,44,"2",0,1,1,"L Spicy"');
    expect(lines[8]).toBe('TEXT 16,68,"3",0,1,1,"1,250.50"');
    // EAN-13 (95 modules) at 3 dots a module on 368 dots, centred on the 400-dot label, down to the bottom pad.
    expect(lines[9]).toBe('BARCODE 57,96,"EAN13",106,1,0,3,3,"2000000000015"');
    expect(lines[10]).toBe("PRINT 1,3");
  });

  it("uses Code 128 for a code that is not an EAN-13, narrows the bars to fit 38 mm, and cuts long names", () => {
    const long = {
      name: "A very long store product name that cannot fit",
      variant: "",
      price: null,
      code: "BAG-G5-01",
    };
    const text = tsplLabels("38x25", ["name", "price", "code"], [{ ...long, copies: 1 }]).toString("latin1");
    const lines = text.split("\r\n");
    // 280 dots inside the pads, 12 dots a character of font 2: 23 characters.
    expect(lines[6]).toBe('TEXT 12,12,"2",0,1,1,"A very long store produ"');
    // 9 characters: 11 x 9 + 35 = 134 modules, 2 dots each on 280 dots.
    expect(lines[7]).toBe('BARCODE 18,36,"128",130,1,0,2,2,"BAG-G5-01"');
    expect(lines[8]).toBe("PRINT 1,1");
  });

  it("prints several items one after another, and leaves out what was not chosen", () => {
    const text = tsplLabels(
      "38x25",
      ["name"],
      [burger, { name: "Cola", variant: "", price: null, code: null, copies: 2 }],
    ).toString("latin1");
    expect(text.match(/^CLS$/gm)).toHaveLength(2);
    expect(text).not.toContain("BARCODE");
    expect(text).not.toContain("1,250.50");
    expect(text).toMatch(/"Cola"\r\nPRINT 1,2\r\n$/);
  });

  it("writes Latin-1 bytes and replaces what the codepage cannot print", () => {
    const bytes = tsplLabels("38x25", ["name"], [{ ...burger, name: "Crème brûlée 🍮", copies: 1 }]);
    const text = bytes.toString("latin1");
    expect(text).toContain('"Crème brûlée ?"');
    expect(bytes.includes(Buffer.from([0xe8]))).toBe(true);
  });
});
