import { describe, expect, it } from "vitest";
import { PL_HEADINGS } from "./integration";
import { PL_FIGURES, PL_LAYOUT } from "./profit-loss-layout";

describe("the profit and loss layout", () => {
  it("prints every heading and every figure exactly once", () => {
    const keys = PL_LAYOUT.map((line) => line.key);
    expect([...keys].sort()).toEqual([...PL_HEADINGS.map((heading) => heading.key), ...PL_FIGURES].sort());
  });

  it("puts each figure after the lines that make it up, computed figures in bold", () => {
    const at = (key: string) => PL_LAYOUT.findIndex((line) => line.key === key);
    expect(at("cogs")).toBeGreaterThan(
      Math.max(at("opening_stock"), at("purchase"), at("direct_expense"), at("closing_stock")),
    );
    expect(at("gross_profit")).toBeGreaterThan(Math.max(at("cogs"), at("local_sale"), at("export_sale")));
    expect(at("profit_before_tax")).toBeGreaterThan(Math.max(at("gross_profit"), at("other_expense"), at("rebate")));
    expect(at("net_profit")).toBe(PL_LAYOUT.length - 1);
    const bold = PL_LAYOUT.filter((line) => line.strong).map((line) => line.key);
    expect(bold).toEqual(["cogs", "gross_profit", "profit_before_tax", "net_profit"]);
  });
});
