import { formatMinor, type InventoryLedger, type InventoryLedgerRow, parseMinor } from "@cargodesk/shared";
import { documentTable, numberColumn, printMoney, printQty, type RecordDocument } from "../../lib/record-document";

/** Moves print blank where they are zero; balances always print. */
const money = (amount: number | null) => (amount === 0 ? "" : printMoney(amount));
const qty = (value: number) => (value === 0 ? "" : printQty(value));
const balance = printQty;
const blankZero = { blankZero: true };

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
          { header: "Date", width: 9, value: (row) => row.businessDate },
          { header: "Time", width: 5, value: (row) => row.time },
          { header: "Location", width: 8, value: (row) => row.location },
          { header: "Document", width: 12, value: (row) => row.docNumber ?? row.docType },
          { header: "Description", width: 20, value: (row) => row.description },
          numberColumn("In", 7, (row) => row.inQty, "qty", blankZero),
          numberColumn("Out", 7, (row) => row.outQty, "qty", blankZero),
          numberColumn("Rate", 8, (row) => row.rate, "amount", blankZero),
          numberColumn("Value in", 9, (row) => row.valueIn, "amount", blankZero),
          numberColumn("Value out", 9, (row) => row.valueOut, "amount", blankZero),
          numberColumn("Balance qty", 8, (row) => row.balanceQty, "qty"),
          numberColumn("Balance value", 10, (row) => row.balanceValue, "amount", blankZero),
          { header: "Voucher", width: 11, value: (row) => row.voucherNo ?? "" },
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
