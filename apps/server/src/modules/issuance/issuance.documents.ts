import type { IssuanceDetail, IssuanceReport } from "@cargodesk/shared";
import { documentTable, printMoney as money, numberColumn, type RecordDocument } from "../../lib/record-document";

const STATUS = { draft: "Draft", posted: "Posted", reversed: "Reversed" } as const;

/** The issue slip: header, lines at the source's average, total, signatures. */
export function issueSlip(issuance: IssuanceDetail): RecordDocument {
  const name = issuance.number ?? `draft-${issuance.id}`;
  return {
    title: "ISSUE SLIP",
    fileName: `issuance-${name}`,
    fields: [
      ["Issuance", issuance.number ?? `Draft #${issuance.id}`],
      ["Date", issuance.businessDate],
      ["From", issuance.fromLocation],
      ["To", issuance.toLocation],
      ["Issued to", issuance.issuedTo],
      ["Status", STATUS[issuance.status]],
      ["Voucher", issuance.voucherNo ?? ""],
      ...(issuance.reversalVoucherNo ? [["Reversal voucher", issuance.reversalVoucherNo] as [string, string]] : []),
      ["Notes", issuance.notes],
    ],
    tables: [
      documentTable<IssuanceDetail["lines"][number]>({
        columns: [
          { header: "#", width: 4, value: (line) => String(line.lineNo) },
          { header: "Code", width: 12, value: (line) => line.code },
          { header: "Product", width: 30, value: (line) => line.name },
          numberColumn("Qty", 10, (line) => line.qty, "qty"),
          { header: "UOM", width: 8, value: (line) => line.uom },
          numberColumn("Rate", 12, (line) => line.rate, "amount"),
          numberColumn("Value", 14, (line) => line.value, "amount"),
        ],
        rows: issuance.lines,
        footer: ["", "", "Total", "", "", "", money(issuance.value)],
      }),
    ],
    signatures: ["Issued by", "Received by", "Approved by"],
  };
}

/** The report with dates: per product, then per issuance, with the total value. */
export function issuanceReportDocument(report: IssuanceReport, locationName: string): RecordDocument {
  return {
    title: "ISSUANCE REPORT",
    fileName: `issuance-report-${report.startDate}-${report.endDate}`,
    fields: [
      ["Period", `${report.startDate} to ${report.endDate}`],
      ["Location", locationName],
      ["Total value", money(report.totalValue)],
    ],
    tables: [
      documentTable<IssuanceReport["products"][number]>({
        heading: "Per product",
        columns: [
          { header: "Code", width: 12, value: (row) => row.code },
          { header: "Product", width: 30, value: (row) => row.name },
          numberColumn("Qty", 12, (row) => row.qty, "qty"),
          { header: "UOM", width: 8, value: (row) => row.uom },
          numberColumn("Average rate", 14, (row) => row.averageRate, "amount"),
          numberColumn("Value", 14, (row) => row.value, "amount"),
        ],
        rows: report.products,
        footer: ["", "Total", "", "", "", money(report.totalValue)],
      }),
      documentTable<IssuanceReport["issuances"][number]>({
        heading: "Per issuance",
        columns: [
          { header: "Number", width: 16, value: (row) => row.number },
          { header: "Date", width: 11, value: (row) => row.businessDate },
          { header: "From", width: 12, value: (row) => row.fromLocation },
          { header: "To", width: 12, value: (row) => row.toLocation },
          { header: "Issued to", width: 14, value: (row) => row.issuedTo },
          numberColumn("Lines", 6, (row) => row.lineCount),
          { header: "Voucher", width: 14, value: (row) => row.voucherNo ?? "" },
          numberColumn("Value", 14, (row) => row.value, "amount"),
        ],
        rows: report.issuances,
        footer: ["Total", "", "", "", "", "", "", money(report.totalValue)],
      }),
    ],
  };
}
