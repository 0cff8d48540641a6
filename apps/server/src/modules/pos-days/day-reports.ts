import {
  type DaySummary,
  type DayVoucher,
  formatMinor,
  formatQty,
  localMoment,
  type PosSession,
  parseMinor,
  parseQtyMicro,
  type ZSnapshot,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { loadDocumentCompany } from "../../lib/pdf";
import type { StatementJob, StatementSection } from "../../lib/statement-pdf";
import { workerPool } from "../../lib/worker-pool";

/**
 * The Z report (a closed day, from its frozen snapshot: a reprint shows the same figures) and the
 * X report (one counter session so far, nothing frozen), as statements drawn in the worker pool.
 */
const money = (amount: number | null): string => (amount === null ? "" : formatMinor(parseMinor(amount) ?? 0n));
const qty = (value: number): string => formatQty(parseQtyMicro(value) ?? 0n);
const right = "right" as const;

/** An instant as the company reads it: "2026-11-22 21:04" in its time zone. */
function localTime(iso: string | null, timeZone: string): string {
  if (!iso) return "";
  const moment = localMoment(new Date(iso), timeZone);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${moment.date} ${two(Math.floor(moment.minutes / 60))}:${two(moment.minutes % 60)}`;
}

function summarySections(summary: DaySummary, timeZone: string): StatementSection[] {
  const figures: [string, string][] = [
    ["Orders", String(summary.orders)],
    ["Refunds", String(summary.refunds)],
    ["Voided orders", String(summary.voidedOrders)],
    ["Gross sales", money(summary.gross)],
    ["Discounts", money(summary.discounts)],
    ["Net sales", money(summary.net)],
    ["Service charge", money(summary.serviceCharge)],
    ["Tax", money(summary.tax)],
    ["Rounding", money(summary.rounding)],
    ["Total", money(summary.total)],
    ["Pay-ins", money(summary.cashMoves.payIn)],
    ["Pay-outs", money(summary.cashMoves.payOut)],
    ["Drops to safe", money(summary.cashMoves.drop)],
    // Days closed before the count was kept froze no figure: the reprint shows none.
    ...(summary.noSales === undefined ? [] : [["Drawer opened, no sale", String(summary.noSales)] as [string, string]]),
    ["Cash over / short", money(summary.overShort)],
    ["Cost of sales (COGS)", money(summary.cogs)],
    ["Wastage", money(summary.wastage)],
    ["Stock variance", money(summary.variance)],
    ["Food cost", summary.foodCostPct === null ? "-" : `${summary.foodCostPct.toFixed(1)}%`],
  ];
  return [
    {
      heading: "Summary",
      columns: [
        { header: "Figure", width: 3 },
        { header: "Amount", width: 2, align: right },
      ],
      rows: figures,
    },
    {
      heading: "Sales by category",
      columns: [
        { header: "Category", width: 4 },
        { header: "Qty", width: 1.5, align: right },
        { header: "Gross", width: 2, align: right },
        { header: "Net", width: 2, align: right },
      ],
      rows: summary.byCategory.map((row) => [row.name, qty(row.qty), money(row.gross), money(row.net)]),
    },
    {
      heading: "Payments by method",
      columns: [
        { header: "Method", width: 4 },
        { header: "Payments", width: 1.5, align: right },
        { header: "Amount", width: 2, align: right },
      ],
      rows: summary.byMethod.map((row) => [row.name, String(row.count), money(row.amount)]),
    },
    {
      heading: "Tax",
      columns: [
        { header: "Tax class", width: 4 },
        { header: "Tax", width: 2, align: right },
      ],
      rows: summary.byTax.map((row) => [row.name, money(row.tax)]),
    },
    {
      heading: "Voids",
      columns: [
        { header: "Order", width: 2 },
        { header: "Item", width: 3 },
        { header: "Qty", width: 1, align: right },
        { header: "Amount", width: 1.5, align: right },
        { header: "Reason", width: 2 },
        { header: "By", width: 2 },
      ],
      rows: summary.voids.map((row) => [row.order, row.item, qty(row.qty), money(row.amount), row.reason, row.by]),
    },
    {
      heading: "Refunds",
      columns: [
        { header: "Refund", width: 2 },
        { header: "Of order", width: 2 },
        { header: "Amount", width: 1.5, align: right },
        { header: "By", width: 2 },
        { header: "At", width: 2 },
      ],
      rows: summary.refundRows.map((row) => [
        row.order,
        row.refundOf,
        money(row.amount),
        row.by,
        localTime(row.at, timeZone),
      ]),
    },
    {
      heading: "Late orders (taken offline for an earlier day)",
      columns: [
        { header: "Order", width: 2 },
        { header: "Taken at", width: 2 },
        { header: "Total", width: 1.5, align: right },
      ],
      rows: summary.lateOrders.map((row) => [row.order, localTime(row.openedAt, timeZone), money(row.total)]),
    },
  ];
}

function counterSections(sessions: readonly PosSession[], timeZone: string): StatementSection[] {
  return [
    {
      heading: "Counters",
      columns: [
        { header: "Counter", width: 1.5 },
        { header: "Cashier", width: 2.5 },
        { header: "Opened", width: 2.2 },
        { header: "Float", width: 1.5, align: right },
        { header: "Book at opening", width: 1.6, align: right },
        { header: "Expected cash", width: 1.6, align: right },
        { header: "Over / short", width: 1.5, align: right },
      ],
      rows: sessions.map((session) => [
        session.counterCode,
        session.cashier.name,
        localTime(session.openedAt, timeZone),
        money(session.openingFloat),
        money(session.floatBook),
        money(session.cash.expected),
        session.overShort === null ? "open" : money(session.overShort),
      ]),
    },
    {
      heading: "Counted at close",
      columns: [
        { header: "Counter", width: 1.5 },
        { header: "Method", width: 3 },
        { header: "Expected", width: 2, align: right },
        { header: "Counted", width: 2, align: right },
        { header: "Difference", width: 2, align: right },
      ],
      rows: sessions.flatMap((session) =>
        session.methods.map((method) => [
          session.counterCode,
          method.name,
          money(method.expected),
          money(method.counted),
          money(method.difference),
        ]),
      ),
    },
  ];
}

function voucherSection(title: string, voucher: DayVoucher | null): StatementSection {
  return {
    heading: voucher?.voucherNo ? `${title} ${voucher.voucherNo}` : title,
    columns: [
      { header: "Account", width: 3 },
      { header: "Description", width: 4 },
      { header: "Debit", width: 1.6, align: right },
      { header: "Credit", width: 1.6, align: right },
    ],
    rows: voucher
      ? [
          ...voucher.lines.map((line) => [
            `${line.allLevelKey} ${line.accountName}`.trim(),
            line.description,
            line.debit ? money(line.debit) : "",
            line.credit ? money(line.credit) : "",
          ]),
          ["Total", "", money(voucher.debit), money(voucher.credit)],
        ]
      : [],
    empty: "Nothing to post",
  };
}

const TIMEOUT_MS = 30_000;
async function drawStatement(job: StatementJob): Promise<Buffer> {
  const pdf = await workerPool.run("statementPdf", job, {
    timeoutMs: TIMEOUT_MS,
    timeoutError: () => new Error("The report took too long to draw"),
  });
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/** The Z report of a closed day, from its snapshot only. */
export async function zReportPdf(db: Db, snapshot: ZSnapshot, timeZone: string): Promise<Buffer> {
  return drawStatement({
    company: await loadDocumentCompany(db),
    title: `Z REPORT ${snapshot.zNumber}`,
    subtitle: [`${snapshot.outlet} - business day ${snapshot.businessDate}`],
    facts: [
      ["Business Date", snapshot.businessDate],
      ["Z Number", snapshot.zNumber],
      ["Opened", `${localTime(snapshot.openedAt, timeZone)} by ${snapshot.openedBy}`],
      ["Closed", `${localTime(snapshot.closedAt, timeZone)} by ${snapshot.closedBy}`],
      ["Sales Voucher", snapshot.vouchers.sales?.voucherNo ?? "none"],
      ["COGS Voucher", snapshot.vouchers.cogs?.voucherNo ?? "none"],
    ],
    sections: [
      ...summarySections(snapshot.summary, timeZone),
      ...counterSections(snapshot.counters, timeZone),
      voucherSection("Sales voucher", snapshot.vouchers.sales),
      voucherSection("COGS voucher", snapshot.vouchers.cogs),
    ],
    footer: `Figures frozen when the day closed (${localTime(snapshot.closedAt, timeZone)}); a reprint shows the same.`,
  });
}

/** The X report of one counter session: its figures so far, nothing frozen or posted. */
export async function xReportPdf(
  db: Db,
  input: { session: PosSession; summary: DaySummary; businessDate: string; timeZone: string },
): Promise<Buffer> {
  const { session, summary, timeZone } = input;
  const cash = session.cash;
  return drawStatement({
    company: await loadDocumentCompany(db),
    title: `X REPORT ${session.counterCode}`,
    subtitle: [`Business day ${input.businessDate} - figures so far; nothing is posted`],
    facts: [
      ["Counter", `${session.counterCode} ${session.counterName}`],
      ["Cashier", session.cashier.name],
      ["Opened", localTime(session.openedAt, timeZone)],
      ["Status", session.status === "open" ? "Open" : `Closed ${localTime(session.closedAt, timeZone)}`],
      ["Printed", localTime(new Date().toISOString(), timeZone)],
      ["Orders", String(session.orders)],
    ],
    sections: [
      {
        heading: "Expected cash",
        columns: [
          { header: "Part", width: 3 },
          { header: "Amount", width: 2, align: right },
        ],
        rows: [
          ["Opening float", money(cash.openingFloat)],
          ["Cash taken", money(cash.cashTaken)],
          ["Change given", money(-cash.change)],
          ["Cash refunds", money(-cash.cashRefunds)],
          ["Pay-ins", money(cash.payIns)],
          ["Pay-outs", money(-cash.payOuts)],
          ["Drops to safe", money(-cash.drops)],
          ["Expected in the drawer", money(cash.expected)],
        ],
      },
      ...counterSections([session], timeZone).slice(1),
      ...summarySections(summary, timeZone),
    ],
  });
}
