import {
  CARGO_LEDGER_MESSAGES,
  type CargoLedgerRequest,
  type CargoLedgerResponse,
  type CargoLedgerRow,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { absMajor, major, signOf } from "../../lib/books/amounts";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { buildLedger, type Ledger } from "../reports";
import { ledgerAccountFor, listLevelFive } from "./accounts";

/** The shipment columns of a charge's ledger line, minor units as stored. */
const CargoLineRow = z.object({
  voucher_id: col.int,
  line_no: col.int,
  tracking_no: col.text.nullable(),
  destination: col.text.nullable(),
  packages: col.int.nullable(),
  weight: col.numeric.nullable(),
  weight_charges: col.int.nullable(),
  rate_first_kg: col.int.nullable(),
  rate_add_kg: col.int.nullable(),
  rate_flat: col.int.nullable(),
  service: col.text.nullable(),
});
type CargoLine = z.output<typeof CargoLineRow>;

export interface CargoLedger {
  request: { startedDate: string; endDate: string };
  path: string;
  ledger: Ledger;
  response: CargoLedgerResponse;
}

const lineKey = (voucherId: number, lineNo: number) => `${voucherId}:${lineNo}`;
const numberOrNull = (value: string | number | null): number | null => (value === null ? null : Number(value));
const majorOrNull = (value: string | number | null): number | null => (value === null ? null : major(Number(value)));

/** The cargo columns of the account's shipment lines in the range, keyed by voucher and line. */
async function cargoLines(ctx: Ctx, accountId: number, from: string | null, to: string) {
  const rows = rowsOf(
    CargoLineRow,
    await ctx.db.execute(sql`
      select le.voucher_id, le.line_no, vl.tracking_no, vl.destination, vl.packages, vl.weight,
        vl.weight_charges, vl.rate_first_kg, vl.rate_add_kg, vl.rate_flat, vl.service
      from ledger_entries le
      join voucher_lines vl on vl.id = le.line_id
      where le.account_id = ${accountId} and le.entry_date between ${from ?? "0001-01-01"} and ${to}
        and vl.shipment_id is not null`),
  );
  return new Map(rows.map((row) => [lineKey(row.voucher_id, row.line_no), row]));
}

const emptyCargo = {
  trackingNo: null,
  destination: null,
  packages: null,
  weight: null,
  weightCharges: null,
  rateFirstKg: null,
  rateAddKg: null,
  rateFlat: null,
  service: null,
} as const;

function cargoColumns(line: CargoLine | undefined) {
  if (!line) return emptyCargo;
  return {
    trackingNo: line.tracking_no,
    destination: line.destination,
    packages: numberOrNull(line.packages),
    weight: numberOrNull(line.weight),
    weightCharges: majorOrNull(line.weight_charges),
    rateFirstKg: majorOrNull(line.rate_first_kg),
    rateAddKg: majorOrNull(line.rate_add_kg),
    rateFlat: majorOrNull(line.rate_flat),
    service: line.service,
  };
}

/**
 * A ledger account's approved entries with the shipment columns of its charges: the accounts
 * ledger's opening, running and closing balances (reports/ledger.ts), an opening row when a start
 * date is given, and the cargo columns joined per line.
 */
export async function cargoLedger(ctx: Ctx, input: CargoLedgerRequest): Promise<CargoLedger> {
  const accountId = await ledgerAccountFor(ctx, input.levelFiveId);
  const from = input.startedDate ?? null;
  const to = input.endDate ?? todayIn(ctx.config.APP_TZ);
  if (from && from > to) {
    throw new AppError("VALIDATION", `startedDate: ${CARGO_LEDGER_MESSAGES.dateOrder}`, [
      { field: "startedDate", message: CARGO_LEDGER_MESSAGES.dateOrder },
    ]);
  }
  const [account] = await listLevelFive(ctx.db, accountId);
  if (!account) throw new AppError("NOT_FOUND", CARGO_LEDGER_MESSAGES.noSuchAccount);
  const ledger = await buildLedger(ctx.db, { accountId, from, to });
  const cargo = await cargoLines(ctx, accountId, from, to);

  const data: CargoLedgerRow[] = [];
  if (from) {
    data.push({
      opening: true,
      voucher_date: from,
      voc_manual_number: "",
      voucher_description: "OPENING BALANCE",
      voucher_bill_no: "",
      ...emptyCargo,
      debit: 0,
      credit: 0,
      accBalance: absMajor(ledger.opening),
      accBalance_sign: signOf(ledger.opening),
      accType: signOf(ledger.opening),
    });
  }
  for (const line of ledger.lines) {
    data.push({
      opening: false,
      voucher_date: line.date,
      voc_manual_number: line.voucherNumber,
      voucher_description: line.description,
      voucher_bill_no: line.billNumber,
      ...cargoColumns(cargo.get(lineKey(line.voucherId, line.lineNo))),
      debit: major(line.debit),
      credit: major(line.credit),
      accBalance: absMajor(line.balance),
      accBalance_sign: signOf(line.balance),
      accType: signOf(line.balance),
    });
  }
  const request = { startedDate: input.startedDate ?? "", endDate: input.endDate ?? "" };
  return {
    request,
    path: account.path,
    ledger,
    response: {
      levelFiveId: account.levelFiveId,
      name: account.levelFiveName,
      allLevelKey: account.allLevelKey,
      startedDate: request.startedDate,
      endDate: request.endDate,
      opening_balance: absMajor(ledger.opening),
      opening_balance_sign: signOf(ledger.opening),
      debit_sum: major(ledger.debit),
      credit_sum: major(ledger.credit),
      closing_balance: absMajor(ledger.closing),
      closing_balance_sign: signOf(ledger.closing),
      data,
    },
  };
}
