import { type CargoLedgerRow, LEDGER_SIGN } from "@cargodesk/shared";
import { money } from "../../lib/format";

/** Locale number formatting with 2 decimals; blank when missing (spec: Ledger table). */
export const moneyCell = (amount: number | null): string => (amount === null ? "" : money(amount));

/** Debit and credit leave the other side blank. */
const sideCell = (amount: number): string => (amount === 0 ? "" : moneyCell(amount));

/** Debit for sign 2, Credit for sign 1, otherwise blank. */
export const signText = (sign: number | null | undefined): string =>
  sign === LEDGER_SIGN.debit ? "Debit" : sign === LEDGER_SIGN.credit ? "Credit" : "";

export interface LedgerColumn {
  key: string;
  header: string;
  /** The cell's text, also what the column filter and the export match. */
  text: (row: CargoLedgerRow) => string;
  align?: "right";
  /** Date, voucher#, description, bill# and the money columns have no filter. */
  filter: boolean;
  nowrap?: boolean;
}

const plain = (value: string | number | null): string => (value === null ? "" : String(value));

/** The ledger table's columns in the spec's order. */
export const LEDGER_COLUMNS: readonly LedgerColumn[] = [
  { key: "date", header: "Date", text: (row) => row.voucher_date, filter: false, nowrap: true },
  { key: "voucher", header: "Voucher#", text: (row) => row.voc_manual_number, filter: false, nowrap: true },
  { key: "description", header: "Description", text: (row) => row.voucher_description, filter: false },
  { key: "tracking", header: "Tracking No", text: (row) => plain(row.trackingNo), filter: true, nowrap: true },
  { key: "destination", header: "Destination", text: (row) => plain(row.destination), filter: true },
  { key: "packages", header: "Packages", text: (row) => plain(row.packages), filter: true, align: "right" },
  { key: "weight", header: "Weight", text: (row) => plain(row.weight), filter: true, align: "right" },
  {
    key: "weightCharges",
    header: "Weight Charges",
    text: (row) => moneyCell(row.weightCharges),
    filter: false,
    align: "right",
  },
  {
    key: "rateFirstKg",
    header: "Rate First Kg",
    text: (row) => moneyCell(row.rateFirstKg),
    filter: false,
    align: "right",
  },
  { key: "rateAddKg", header: "Rate Add Kg", text: (row) => moneyCell(row.rateAddKg), filter: false, align: "right" },
  { key: "rateFlat", header: "Rate Flat", text: (row) => moneyCell(row.rateFlat), filter: false, align: "right" },
  { key: "service", header: "Service", text: (row) => plain(row.service), filter: true },
  { key: "bill", header: "Bill #", text: (row) => row.voucher_bill_no, filter: false, nowrap: true },
  { key: "debit", header: "Debit", text: (row) => sideCell(row.debit), filter: false, align: "right" },
  { key: "credit", header: "Credit", text: (row) => sideCell(row.credit), filter: false, align: "right" },
  { key: "balance", header: "Balance", text: (row) => moneyCell(row.accBalance), filter: false, align: "right" },
  { key: "drcr", header: "DR/CR", text: (row) => signText(row.accBalance_sign), filter: true },
];

export type ColumnFilters = Readonly<Record<string, string>>;

/** Rows whose every filtered column contains its filter text (case-insensitive). */
export function filterRows(rows: readonly CargoLedgerRow[], filters: ColumnFilters): readonly CargoLedgerRow[] {
  const active = LEDGER_COLUMNS.filter((column) => column.filter && (filters[column.key] ?? "").trim() !== "");
  if (active.length === 0) return rows;
  return rows.filter((row) =>
    active.every((column) =>
      column
        .text(row)
        .toLowerCase()
        .includes((filters[column.key] ?? "").trim().toLowerCase()),
    ),
  );
}
