import { PL_HEADINGS, type PlHeadingKey } from "./integration";

/** The computed figures of the statement, named as the answer of POST /api/reports/profit_loss names them. */
export const PL_FIGURES = [
  "opening_stock",
  "closing_stock",
  "cogs",
  "gross_profit",
  "profit_before_tax",
  "net_profit",
] as const;
export type PlFigureKey = (typeof PL_FIGURES)[number];

/** One line of the statement: a heading's movement, or a figure (stock as entered, or computed). */
export type PlLine =
  | { readonly kind: "heading"; readonly key: PlHeadingKey; readonly label: string; readonly strong: false }
  | { readonly kind: "figure"; readonly key: PlFigureKey; readonly label: string; readonly strong: boolean };

const heading = (key: PlHeadingKey): PlLine => ({
  kind: "heading",
  key,
  label: PL_HEADINGS.find((candidate) => candidate.key === key)?.label ?? key,
  strong: false,
});
const figure = (key: PlFigureKey, label: string, strong = false): PlLine => ({ kind: "figure", key, label, strong });

/**
 * The profit and loss statement, line by line, as the screen, the PDF and the XLSX all print it
 * (spec accounting.md section 9; DESIGN section 6): COGS = opening stock + purchase + direct
 * expense - closing stock, then gross profit, profit before tax and net profit in bold.
 */
export const PL_LAYOUT: readonly PlLine[] = [
  heading("local_sale"),
  heading("export_sale"),
  figure("opening_stock", "Opening Stock"),
  heading("purchase"),
  heading("direct_expense"),
  figure("closing_stock", "Less: Closing Stock"),
  figure("cogs", "Cost of Goods Sold", true),
  figure("gross_profit", "Gross Profit", true),
  heading("other_income"),
  heading("rebate"),
  heading("admin"),
  heading("selling"),
  heading("financial_cost"),
  heading("other_expense"),
  figure("profit_before_tax", "Profit Before Tax", true),
  heading("tax"),
  figure("net_profit", "Net Profit", true),
];
