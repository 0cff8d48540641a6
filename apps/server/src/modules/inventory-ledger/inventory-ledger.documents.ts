import { formatMinor, type InventoryLedger, type InventoryLedgerRow, parseMinor } from "@cargodesk/shared";
import { documentTable, type RecordDocument } from "../../lib/record-document";

const money = (amount: number | null): string => {
  if (amount === null || amount === 0) return "";
  const minor = parseMinor(amount);
  return minor === null ? String(amount) : formatMinor(minor);
};
const qty = (value: number) => (value === 0 ? "" : value.toLocaleString("en-US", { maximumFractionDigits: 6 }));
const balance = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** The inventory ledger as printed: opening, the rows asked for, closing. */
export function ledgerDocument(ledger: InventoryLedger): RecordDocument {
  return {
    title: "INVENTORY LEDGER",
    fileName: `inventory-ledger-${ledger.code}-${ledger.startDate}-${ledger.endDate}`,
    landscape: true,
    fields: [
      ["Product", `${ledger.code} ${ledger.name} (${ledger.stockUom})`],
      ["Location", ledger.location],
      ["Period", `${ledger.startDate} to ${ledger.endDate}`],
      [
        "Opening",
        `${balance(ledger.openingQty)} ${ledger.stockUom}, ${formatMinor(parseMinor(ledger.openingValue) ?? 0n)}`,
      ],
      [
        "Closing",
        `${balance(ledger.closingQty)} ${ledger.stockUom}, ${formatMinor(parseMinor(ledger.closingValue) ?? 0n)}`,
      ],
    ],
    tables: [
      documentTable<InventoryLedgerRow>({
        columns: [
          { header: "Date", width: 9, text: (row) => row.businessDate },
          { header: "Time", width: 5, text: (row) => row.time },
          { header: "Location", width: 8, text: (row) => row.location },
          { header: "Document", width: 12, text: (row) => row.docNumber ?? row.docType },
          { header: "Description", width: 20, text: (row) => row.description },
          { header: "In", width: 7, align: "right", text: (row) => qty(row.inQty), cell: (row) => row.inQty },
          { header: "Out", width: 7, align: "right", text: (row) => qty(row.outQty), cell: (row) => row.outQty },
          { header: "Rate", width: 8, align: "right", text: (row) => money(row.rate), cell: (row) => row.rate },
          {
            header: "Value in",
            width: 9,
            align: "right",
            text: (row) => money(row.valueIn),
            cell: (row) => row.valueIn,
          },
          {
            header: "Value out",
            width: 9,
            align: "right",
            text: (row) => money(row.valueOut),
            cell: (row) => row.valueOut,
          },
          {
            header: "Balance qty",
            width: 8,
            align: "right",
            text: (row) => balance(row.balanceQty),
            cell: (row) => row.balanceQty,
          },
          {
            header: "Balance value",
            width: 10,
            align: "right",
            text: (row) => money(row.balanceValue),
            cell: (row) => row.balanceValue,
          },
          { header: "Voucher", width: 11, text: (row) => row.voucherNo ?? "" },
        ],
        rows: ledger.rows,
        footer: [
          "",
          "",
          "",
          "",
          "Period totals",
          qty(ledger.inQty),
          qty(ledger.outQty),
          "",
          money(ledger.valueIn),
          money(ledger.valueOut),
          balance(ledger.closingQty),
          money(ledger.closingValue),
          "",
        ],
      }),
    ],
  };
}
