import type { ReceivablesAging } from "@cargodesk/shared";
import { major } from "../../lib/books/amounts";
import type { ReceivablesAgingLine, ReceivablesAgingReport } from "./receivables-aging";
import type { TableReport } from "./render";

type Amounts = Omit<ReceivablesAgingLine, "accountId" | "allLevelKey" | "name">;

const amountsJson = (line: Amounts) => ({
  ledger_history: line.buckets.map(major),
  older: major(line.older),
  unappliedCredit: major(line.unappliedCredit),
  total: major(line.balance),
});

export function receivablesAgingJson(report: ReceivablesAgingReport): ReceivablesAging {
  return {
    asOfDate: report.asOf,
    group: report.group
      ? { _id: report.group.id, name: report.group.name, allLevelKey: report.group.allLevelKey }
      : null,
    duration: report.periods.map((period) => ({ startedDate: period.from, endDate: period.to })),
    data: report.lines.map((line) => ({
      levelFourId: line.accountId,
      allLevelKey: line.allLevelKey,
      levelFourName: line.name,
      ...amountsJson(line),
    })),
    totals: amountsJson(report.totals),
  };
}

type Row = Amounts & { code: string; name: string };

/** One row per customer and a TOTAL row; the 8 buckets, over 120 days, advances and the balance. */
export function receivablesAgingTable(report: ReceivablesAgingReport): TableReport<Row> {
  const rows: Row[] = [
    ...report.lines.map((line) => ({ ...line, code: line.allLevelKey })),
    { ...report.totals, code: "", name: "TOTAL" },
  ];
  const bucketColumns = report.periods.map((_, k) => ({
    header: `${15 * k + 1}-${15 * k + 15}`,
    width: 0.062,
    xlsxWidth: 13,
    money: true,
    value: (row: Row) => row.buckets[k] ?? 0n,
  }));
  return {
    title: "RECEIVABLES AGING",
    fileName: `receivables-aging-${report.asOf}`,
    landscape: true,
    subtitle: [
      report.group ? `${report.group.allLevelKey} ${report.group.name}` : "No customers' receivables group",
      `As of ${report.asOf}; ages in days`,
    ],
    rows,
    columns: [
      { header: "Code", width: 0.09, xlsxWidth: 16, value: (row) => row.code },
      { header: "Customer", width: 0.17, xlsxWidth: 30, value: (row) => row.name },
      ...bucketColumns,
      { header: "Over 120", width: 0.062, xlsxWidth: 13, money: true, value: (row) => row.older },
      { header: "Advance", width: 0.062, xlsxWidth: 13, money: true, value: (row) => row.unappliedCredit },
      { header: "Balance", width: 0.07, xlsxWidth: 15, money: true, value: (row) => row.balance },
    ],
  };
}
