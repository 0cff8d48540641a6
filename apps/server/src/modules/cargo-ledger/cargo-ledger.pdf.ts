import { type CargoLedgerRow, formatMinor, LEDGER_SIGN } from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { type ColumnOf, tableOf } from "../../lib/documents/model";
import { tablePdf } from "../../lib/documents/render";
import { periodLabel } from "../reports";
import type { CargoLedger } from "./cargo-ledger.service";

/** Seventeen columns fit a landscape A4 page at this size without breaking dates or numbers. */
const FONT_SIZE = 6.5;

const drcr = (sign: number) => (sign === LEDGER_SIGN.credit ? "CR" : "DR");
const side = (sign: number) => (sign === LEDGER_SIGN.credit ? "CREDIT" : "DEBIT");

type Pick = (row: CargoLedgerRow) => string | number | null;
const left = (header: string, width: number, value: Pick): ColumnOf<CargoLedgerRow> => ({ header, width, value });
const right = (header: string, width: number, value: Pick): ColumnOf<CargoLedgerRow> => ({
  header,
  width,
  align: "right",
  value,
});
/** An API amount (major units) printed as money, blank when there is none or it is zero. */
const amount = (header: string, width: number, value: Pick): ColumnOf<CargoLedgerRow> => ({
  ...right(header, width, value),
  format: "amount",
  blankZero: true,
});

/** Every column of the ledger table, ending in DR/CR; widths are shares of the page width. */
const COLUMNS: ColumnOf<CargoLedgerRow>[] = [
  left("Date", 0.056, (row) => row.voucher_date),
  left("Voucher#", 0.08, (row) => row.voc_manual_number),
  left("Description", 0.117, (row) => row.voucher_description),
  left("Tracking No", 0.058, (row) => row.trackingNo),
  left("Destination", 0.06, (row) => row.destination),
  right("Packages", 0.05, (row) => row.packages),
  right("Weight", 0.04, (row) => row.weight),
  amount("Weight Charges", 0.05, (row) => row.weightCharges),
  amount("Rate First Kg", 0.048, (row) => row.rateFirstKg),
  amount("Rate Add Kg", 0.048, (row) => row.rateAddKg),
  amount("Rate Flat", 0.048, (row) => row.rateFlat),
  left("Service", 0.055, (row) => row.service),
  left("Bill #", 0.058, (row) => row.voucher_bill_no),
  amount("Debit", 0.064, (row) => row.debit),
  amount("Credit", 0.064, (row) => row.credit),
  { ...right("Balance", 0.068, (row) => row.accBalance), format: "amount" },
  left("DR/CR", 0.036, (row) => drcr(row.accType)),
];

/**
 * The ledger PDF (spec: Ledger PDF): landscape A4, the company header with its logo,
 * "<ACCOUNT NAME> (LEDGER ACCOUNT)", the dates asked for (blank when none), the totals and the
 * closing balance with DEBIT or CREDIT, then every row; drawn in the worker pool.
 */
export function cargoLedgerPdf(db: Db, result: CargoLedger): Promise<Buffer> {
  const { response, request } = result;
  // The totals come from the ledger's BigInt sums, printed digit for digit.
  const { ledger } = result;
  const closingAbs = ledger.closing < 0n ? -ledger.closing : ledger.closing;
  const closing = `${formatMinor(closingAbs)} ${side(response.closing_balance_sign)}`;
  return tablePdf(db, {
    title: `${response.name} (LEDGER ACCOUNT)`,
    fileName: `ledger-${response.allLevelKey}`,
    landscape: true,
    fontSize: FONT_SIZE,
    subtitle: [
      periodLabel(request.startedDate || null, request.endDate || null),
      `Total Credit: ${formatMinor(ledger.credit)}     Total Debit: ${formatMinor(ledger.debit)}     Closing Balance: ${closing}`,
    ],
    table: tableOf(COLUMNS, response.data),
  });
}
