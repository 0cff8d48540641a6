import { formatMinor, type IssuanceDetail, type IssuanceReport, parseMinor } from "@cargodesk/shared";
import { documentTable, type RecordDocument } from "../../lib/record-document";

/** Money of the API (a decimal number) as printed: 2 decimals, thousands separated, never through float math. */
const money = (amount: number | null): string => {
  if (amount === null) return "";
  const minor = parseMinor(amount);
  return minor === null ? String(amount) : formatMinor(minor);
};
const qty = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });
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
          { header: "#", width: 4, text: (line) => String(line.lineNo) },
          { header: "Code", width: 12, text: (line) => line.code },
          { header: "Product", width: 30, text: (line) => line.name },
          { header: "Qty", width: 10, align: "right", text: (line) => qty(line.qty), cell: (line) => line.qty },
          { header: "UOM", width: 8, text: (line) => line.uom },
          { header: "Rate", width: 12, align: "right", text: (line) => money(line.rate), cell: (line) => line.rate },
          { header: "Value", width: 14, align: "right", text: (line) => money(line.value), cell: (line) => line.value },
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
          { header: "Code", width: 12, text: (row) => row.code },
          { header: "Product", width: 30, text: (row) => row.name },
          { header: "Qty", width: 12, align: "right", text: (row) => qty(row.qty), cell: (row) => row.qty },
          { header: "UOM", width: 8, text: (row) => row.uom },
          {
            header: "Average rate",
            width: 14,
            align: "right",
            text: (row) => money(row.averageRate),
            cell: (row) => row.averageRate,
          },
          { header: "Value", width: 14, align: "right", text: (row) => money(row.value), cell: (row) => row.value },
        ],
        rows: report.products,
        footer: ["", "Total", "", "", "", money(report.totalValue)],
      }),
      documentTable<IssuanceReport["issuances"][number]>({
        heading: "Per issuance",
        columns: [
          { header: "Number", width: 16, text: (row) => row.number },
          { header: "Date", width: 11, text: (row) => row.businessDate },
          { header: "From", width: 12, text: (row) => row.fromLocation },
          { header: "To", width: 12, text: (row) => row.toLocation },
          { header: "Issued to", width: 14, text: (row) => row.issuedTo },
          {
            header: "Lines",
            width: 6,
            align: "right",
            text: (row) => String(row.lineCount),
            cell: (row) => row.lineCount,
          },
          { header: "Voucher", width: 14, text: (row) => row.voucherNo ?? "" },
          { header: "Value", width: 14, align: "right", text: (row) => money(row.value), cell: (row) => row.value },
        ],
        rows: report.issuances,
        footer: ["Total", "", "", "", "", "", "", money(report.totalValue)],
      }),
    ],
  };
}
