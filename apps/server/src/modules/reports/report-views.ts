import { formatMinor, PL_LAYOUT, type PlFigureKey, voucherTypeById } from "@cargodesk/shared";
import { absMajor, major, signOf } from "../../lib/books/amounts";
import { addDays } from "../../lib/dates";
import type { Aging } from "./aging";
import type { Ledger, LedgerLine } from "./ledger";
import type { ProfitLoss } from "./profit-loss";
import { periodLabel, type TableReport } from "./render";
import type { SummaryRow } from "./transaction-summary";
import { creditPart, debitPart, type TrialBalance, type TrialRow } from "./trial-balance";

const drcr = (minor: bigint) => (minor < 0n ? "CR" : "DR");
const abs = (minor: bigint) => (minor < 0n ? -minor : minor);

/** Each report's rows as a printable table; PDF and XLSX render exactly these. */
export function ledgerTable(ledger: Ledger, title = "LEDGER ACCOUNT"): TableReport<LedgerLine | "opening"> {
  return {
    title,
    fileName: `${title === "CASH BOOK" ? "cash-book" : "ledger"}-${ledger.account.allLevelKey}`,
    landscape: true,
    subtitle: [
      `${ledger.account.allLevelKey} ${ledger.account.name}`,
      periodLabel(ledger.from, ledger.to),
      `Opening ${formatMinor(abs(ledger.opening))} ${drcr(ledger.opening)}   Total Debit ${formatMinor(ledger.debit)}   Total Credit ${formatMinor(ledger.credit)}   Closing ${formatMinor(abs(ledger.closing))} ${drcr(ledger.closing)}`,
    ],
    rows: ["opening", ...ledger.lines],
    columns: [
      {
        header: "Date",
        width: 0.09,
        xlsxWidth: 12,
        value: (row) => (row === "opening" ? (ledger.from ?? "") : row.date),
      },
      { header: "Voucher#", width: 0.12, xlsxWidth: 16, value: (row) => (row === "opening" ? "" : row.voucherNumber) },
      {
        header: "Description",
        width: ledger.counter ? 0.22 : 0.37,
        xlsxWidth: ledger.counter ? 36 : 48,
        value: (row) => (row === "opening" ? "OPENING BALANCE" : row.description),
      },
      ...(ledger.counter
        ? [
            {
              header: "Counter Account",
              width: 0.15,
              xlsxWidth: 28,
              value: (row: LedgerLine | "opening") => (row === "opening" ? "" : (row.counterAccount ?? "")),
            },
          ]
        : []),
      { header: "Bill #", width: 0.08, xlsxWidth: 12, value: (row) => (row === "opening" ? "" : row.billNumber) },
      {
        header: "Debit",
        width: 0.1,
        xlsxWidth: 14,
        money: true,
        value: (row) => (row === "opening" ? null : row.debit),
      },
      {
        header: "Credit",
        width: 0.1,
        xlsxWidth: 14,
        money: true,
        value: (row) => (row === "opening" ? null : row.credit),
      },
      {
        header: "Balance",
        width: 0.1,
        xlsxWidth: 16,
        money: true,
        value: (row) => abs(row === "opening" ? ledger.opening : row.balance),
      },
      {
        header: "DR/CR",
        width: 0.05,
        xlsxWidth: 7,
        value: (row) => drcr(row === "opening" ? ledger.opening : row.balance),
      },
    ],
  };
}

export function trialTable(trial: TrialBalance): TableReport<TrialRow | "total"> {
  const t = trial.totals;
  const pick = (row: TrialRow | "total", own: (r: TrialRow) => bigint, total: bigint) =>
    row === "total" ? total : own(row);
  return {
    title: "TRIAL BALANCE",
    fileName: "trial-balance",
    landscape: true,
    subtitle: [periodLabel(trial.from, trial.to)],
    rows: [...trial.rows, "total"],
    columns: [
      { header: "Code", width: 0.1, xlsxWidth: 16, value: (row) => (row === "total" ? "" : row.allLevelKey) },
      { header: "Name", width: 0.24, xlsxWidth: 36, value: (row) => (row === "total" ? "TOTAL" : row.levelFourName) },
      {
        header: "Opening Debit",
        width: 0.11,
        xlsxWidth: 16,
        money: true,
        value: (row) => pick(row, (r) => debitPart(r.opening), t.openingDebit),
      },
      {
        header: "Opening Credit",
        width: 0.11,
        xlsxWidth: 16,
        money: true,
        value: (row) => pick(row, (r) => creditPart(r.opening), t.openingCredit),
      },
      {
        header: "During Debit",
        width: 0.11,
        xlsxWidth: 16,
        money: true,
        value: (row) => pick(row, (r) => r.debit, t.debit),
      },
      {
        header: "During Credit",
        width: 0.11,
        xlsxWidth: 16,
        money: true,
        value: (row) => pick(row, (r) => r.credit, t.credit),
      },
      {
        header: "Closing Debit",
        width: 0.11,
        xlsxWidth: 16,
        money: true,
        value: (row) => pick(row, (r) => debitPart(r.closing), t.closingDebit),
      },
      {
        header: "Closing Credit",
        width: 0.11,
        xlsxWidth: 16,
        money: true,
        value: (row) => pick(row, (r) => creditPart(r.closing), t.closingCredit),
      },
    ],
  };
}

export function summaryTable(
  rows: SummaryRow[],
  typeId: number,
  from: string | null,
  to: string,
): TableReport<SummaryRow> {
  const type = voucherTypeById(typeId);
  return {
    title: `TRANSACTION SUMMARY (${type?.abbreviation ?? ""})`,
    fileName: `transaction-summary-${type?.abbreviation ?? typeId}`,
    landscape: true,
    subtitle: [periodLabel(from, to)],
    rows,
    columns: [
      { header: "Date", width: 0.09, xlsxWidth: 12, value: (row) => row.date },
      { header: "Voucher#", width: 0.12, xlsxWidth: 16, value: (row) => row.voucherNumber },
      { header: "Account", width: 0.25, xlsxWidth: 36, value: (row) => `${row.accountCode} ${row.accountName}` },
      { header: "Description", width: 0.34, xlsxWidth: 48, value: (row) => row.description },
      { header: "Debit", width: 0.1, xlsxWidth: 14, money: true, value: (row) => row.debit },
      { header: "Credit", width: 0.1, xlsxWidth: 14, money: true, value: (row) => row.credit },
    ],
  };
}

type PlLine = { label: string; amount: bigint | null; strong?: boolean };

const PL_FIGURE_OF: Record<PlFigureKey, (pl: ProfitLoss) => bigint> = {
  opening_stock: (pl) => pl.openingStock,
  closing_stock: (pl) => pl.closingStock,
  cogs: (pl) => pl.cogs,
  gross_profit: (pl) => pl.grossProfit,
  profit_before_tax: (pl) => pl.profitBeforeTax,
  net_profit: (pl) => pl.netProfit,
};

/** The statement in the shared layout the screen shows too (PL_LAYOUT). */
export function profitLossLines(pl: ProfitLoss): PlLine[] {
  return PL_LAYOUT.map((line) => ({
    label: line.label,
    amount: line.kind === "heading" ? pl.headings[line.key] : PL_FIGURE_OF[line.key](pl),
    strong: line.strong,
  }));
}

export function profitLossTable(pl: ProfitLoss): TableReport<PlLine> {
  return {
    title: "PROFIT AND LOSS",
    fileName: "profit-loss",
    subtitle: [periodLabel(pl.from, pl.to)],
    rows: profitLossLines(pl),
    columns: [
      {
        header: "Heading",
        width: 0.7,
        xlsxWidth: 36,
        value: (row) => (row.strong ? row.label.toUpperCase() : row.label),
      },
      { header: "Amount", width: 0.3, xlsxWidth: 18, money: true, value: (row) => row.amount },
    ],
  };
}

type AgingRow = { label: string; from: string; to: string; amount: bigint };

export function agingTable(aging: Aging): TableReport<AgingRow> {
  const rows: AgingRow[] = [
    ...aging.buckets.map((bucket, k) => ({
      label: `${15 * k + 1}-${15 * k + 15} days`,
      from: bucket.from,
      to: bucket.to,
      amount: bucket.amount,
    })),
    {
      label: "Over 120 days",
      from: "",
      to: addDays(aging.buckets.at(-1)?.from ?? aging.asOf, -1),
      amount: aging.older,
    },
    ...(aging.unappliedCredit > 0n
      ? [{ label: "Unapplied credit", from: "", to: "", amount: -aging.unappliedCredit }]
      : []),
    { label: "TOTAL (ledger balance)", from: "", to: aging.asOf, amount: aging.balance },
  ];
  return {
    title: "AGING REPORT",
    fileName: `aging-${aging.accountId}`,
    subtitle: [
      aging.accountName,
      `As of ${aging.asOf}`,
      aging.lastDebitDate ? `Last debit ${formatMinor(aging.lastDebit)} on ${aging.lastDebitDate}` : "No debits",
    ],
    rows,
    columns: [
      { header: "Age", width: 0.3, xlsxWidth: 24, value: (row) => row.label },
      { header: "From", width: 0.2, xlsxWidth: 12, value: (row) => row.from },
      { header: "To", width: 0.2, xlsxWidth: 12, value: (row) => row.to },
      { header: "Amount", width: 0.3, xlsxWidth: 16, money: true, value: (row) => row.amount },
    ],
  };
}

/** The spec's ledger rows (account ledger and cash book). */
export function ledgerJson(ledger: Ledger) {
  return ledger.lines.map((line) => {
    const before = line.balance - line.debit + line.credit;
    return {
      voucherId: line.voucherId,
      voucherDate: line.date,
      vocManualNumber: line.voucherNumber,
      voucherType: voucherTypeById(line.voucherTypeId)?.abbreviation ?? "",
      voucherDescription: line.description,
      billNumber: line.billNumber,
      openingBalance: absMajor(before),
      openingBalanceSign: signOf(before),
      debit: major(line.debit),
      credit: major(line.credit),
      closingBalance: absMajor(line.balance),
      accType: signOf(line.balance),
      ...(line.counterAccount !== undefined ? { counterAccount: line.counterAccount } : {}),
    };
  });
}

export interface ChartLine {
  level: number;
  code: string;
  name: string;
  /** Minor units. */
  opening: bigint;
  debit: bigint;
  credit: bigint;
  closing: bigint;
}

/** Every node of the chart, indented by level, with opening, movement and closing for the dates. */
export function chartTable(lines: ChartLine[], from: string, to: string): TableReport<ChartLine> {
  return {
    title: "CHART OF ACCOUNT",
    fileName: "chart-of-account",
    landscape: true,
    subtitle: [periodLabel(from, to)],
    rows: lines,
    columns: [
      { header: "Code", width: 0.12, xlsxWidth: 16, value: (row) => row.code },
      { header: "Name", width: 0.32, xlsxWidth: 44, value: (row) => `${"   ".repeat(row.level - 1)}${row.name}` },
      { header: "Opening", width: 0.1, xlsxWidth: 16, money: true, value: (row) => abs(row.opening) },
      { header: "DR/CR", width: 0.05, xlsxWidth: 7, value: (row) => (row.opening === 0n ? "" : drcr(row.opening)) },
      { header: "Debit", width: 0.12, xlsxWidth: 16, money: true, value: (row) => row.debit },
      { header: "Credit", width: 0.12, xlsxWidth: 16, money: true, value: (row) => row.credit },
      { header: "Closing", width: 0.11, xlsxWidth: 16, money: true, value: (row) => abs(row.closing) },
      { header: "DR/CR", width: 0.06, xlsxWidth: 7, value: (row) => (row.closing === 0n ? "" : drcr(row.closing)) },
    ],
  };
}
