import { type CargoLedgerRow, formatMinor, LEDGER_SIGN, toMinor } from "@cargodesk/shared";
import type { Db } from "../../db/client";
import {
  type Column,
  contentWidth,
  createPdf,
  drawCompanyHeader,
  drawTable,
  loadCompany,
  numberPages,
  pdfBuffer,
} from "../../lib/pdf";
import { moneyText, periodLabel } from "../reports";
import type { CargoLedger } from "./cargo-ledger.service";

/** Seventeen columns fit a landscape A4 page at this size without breaking dates or numbers. */
const FONT_SIZE = 6.5;

/** API amounts (major units, at most 2 decimals) back to minor units. */
const minor = (amount: number): number => toMinor(amount) ?? Math.round(amount * 100);
const drcr = (sign: number) => (sign === LEDGER_SIGN.credit ? "CR" : "DR");
const side = (sign: number) => (sign === LEDGER_SIGN.credit ? "CREDIT" : "DEBIT");
const amount = (value: number | null): string => (value === null ? "" : moneyText(minor(value)));
const plain = (value: string | number | null): string => (value === null ? "" : String(value));

const left = (header: string, width: number, value: (row: CargoLedgerRow) => string | number | null) =>
  ({ header, width, value: (row) => plain(value(row)) }) satisfies Column<CargoLedgerRow>;
const right = (header: string, width: number, value: (row: CargoLedgerRow) => string) =>
  ({ header, width, align: "right", value }) satisfies Column<CargoLedgerRow>;

/** Every column of the ledger table, ending in DR/CR; widths are shares of the page width. */
const COLUMNS: Column<CargoLedgerRow>[] = [
  left("Date", 0.056, (row) => row.voucher_date),
  left("Voucher#", 0.08, (row) => row.voc_manual_number),
  left("Description", 0.117, (row) => row.voucher_description),
  left("Tracking No", 0.058, (row) => row.trackingNo),
  left("Destination", 0.06, (row) => row.destination),
  right("Packages", 0.05, (row) => plain(row.packages)),
  right("Weight", 0.04, (row) => plain(row.weight)),
  right("Weight Charges", 0.05, (row) => amount(row.weightCharges)),
  right("Rate First Kg", 0.048, (row) => amount(row.rateFirstKg)),
  right("Rate Add Kg", 0.048, (row) => amount(row.rateAddKg)),
  right("Rate Flat", 0.048, (row) => amount(row.rateFlat)),
  left("Service", 0.055, (row) => row.service),
  left("Bill #", 0.058, (row) => row.voucher_bill_no),
  right("Debit", 0.064, (row) => amount(row.debit)),
  right("Credit", 0.064, (row) => amount(row.credit)),
  right("Balance", 0.068, (row) => formatMinor(minor(row.accBalance))),
  left("DR/CR", 0.036, (row) => drcr(row.accType)),
];

/**
 * The ledger PDF (spec: Ledger PDF): landscape A4, the company header with its logo,
 * "<ACCOUNT NAME> (LEDGER ACCOUNT)", the dates asked for (blank when none), the totals and the
 * closing balance with DEBIT or CREDIT, then every row, with the accounts reports' PDF helpers.
 */
export async function cargoLedgerPdf(db: Db, result: CargoLedger): Promise<Buffer> {
  const { response, request } = result;
  const title = `${response.name} (LEDGER ACCOUNT)`;
  const doc = createPdf({ title, landscape: true });
  drawCompanyHeader(doc, await loadCompany(db), title);
  // The totals come from the ledger's BigInt sums, printed digit for digit.
  const { ledger } = result;
  const closingAbs = ledger.closing < 0n ? -ledger.closing : ledger.closing;
  const closing = `${formatMinor(closingAbs)} ${side(response.closing_balance_sign)}`;
  const lines = [
    periodLabel(request.startedDate || null, request.endDate || null),
    `Total Credit: ${formatMinor(ledger.credit)}     Total Debit: ${formatMinor(ledger.debit)}     Closing Balance: ${closing}`,
  ];
  doc.font("Helvetica").fontSize(9);
  for (const line of lines.filter(Boolean))
    doc.text(line, doc.page.margins.left, doc.y, { width: contentWidth(doc), align: "center" });
  doc.moveDown(0.5);
  drawTable(doc, COLUMNS, response.data, { fontSize: FONT_SIZE });
  numberPages(doc);
  return pdfBuffer(doc);
}
