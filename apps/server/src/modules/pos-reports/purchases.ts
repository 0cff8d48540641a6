import type { Readable } from "node:stream";
import {
  minorToAmount,
  type PurchasesReport,
  type PurchasesReportRequest,
  type PurchaseVendor,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { type ColumnOf, printCell, type TableDocument, tableOf } from "../../lib/documents/model";
import { tablePdf, tableXlsx } from "../../lib/documents/render";
import { numberColumn } from "../../lib/record-document";
import { type PurchaseFigure, purchaseDocuments } from "./purchases.queries";

const AMOUNTS = ["gross", "discount", "tax", "charges", "total", "landed"] as const;
type Amount = (typeof AMOUNTS)[number];
type Sums = Record<Amount, bigint> & { grns: number; reversals: number };

const emptySums = (): Sums => ({
  grns: 0,
  reversals: 0,
  gross: 0n,
  discount: 0n,
  tax: 0n,
  charges: 0n,
  total: 0n,
  landed: 0n,
});

function add(sums: Sums, figure: PurchaseFigure): void {
  if (figure.kind === "posted") sums.grns += 1;
  else sums.reversals += 1;
  for (const name of AMOUNTS) sums[name] += figure[name];
}

const amounts = (sums: Sums) => ({
  grns: sums.grns,
  reversals: sums.reversals,
  ...(Object.fromEntries(AMOUNTS.map((name) => [name, minorToAmount(sums[name])])) as Record<Amount, number>),
});

/** Purchases by vendor (WP5): the GRNs posted in the period and the reversals dated in it, netted, per vendor. */
export function buildPurchasesReport(
  request: PurchasesReportRequest,
  figures: readonly PurchaseFigure[],
): PurchasesReport {
  const vendors = new Map<number, { vendor: PurchaseFigure; sums: Sums; documents: PurchaseFigure[] }>();
  const all = emptySums();
  for (const figure of figures) {
    const entry = vendors.get(figure.vendor_id) ?? { vendor: figure, sums: emptySums(), documents: [] };
    add(entry.sums, figure);
    add(all, figure);
    entry.documents.push(figure);
    vendors.set(figure.vendor_id, entry);
  }
  const rows = [...vendors.values()]
    .map(
      ({ vendor, sums, documents }): PurchaseVendor => ({
        vendorId: vendor.vendor_id,
        code: vendor.vendor_code,
        name: vendor.vendor_name,
        ...amounts(sums),
        documents: documents.map((document) => ({
          receivingId: document.receiving_id,
          number: document.number,
          businessDate: document.business_date,
          kind: document.kind,
          ...(Object.fromEntries(AMOUNTS.map((name) => [name, minorToAmount(document[name])])) as Record<
            Amount,
            number
          >),
        })),
      }),
    )
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
  return {
    startDate: request.startDate,
    endDate: request.endDate,
    vendorId: request.vendorId ?? null,
    rows,
    totals: amounts(all),
  };
}

export async function purchasesReport(db: Db, request: PurchasesReportRequest): Promise<PurchasesReport> {
  return buildPurchasesReport(request, await purchaseDocuments(db, request, request.vendorId ?? null));
}

/** A printed line: a vendor's totals, one of its GRNs (indented) or the grand total. */
interface PurchaseLine {
  label: string;
  date: string;
  grns: number | null;
  reversals: number | null;
  amounts: Record<Amount, number>;
}

const AMOUNT_HEADERS: Record<Amount, string> = {
  gross: "Gross",
  discount: "Discount",
  tax: "Tax",
  charges: "Charges",
  total: "Total",
  landed: "Landed",
};

const PURCHASE_COLUMNS: readonly ColumnOf<PurchaseLine>[] = [
  { header: "Vendor / GRN", width: 3, xlsxWidth: 34, value: (row) => row.label },
  { header: "Date", width: 1.1, xlsxWidth: 12, value: (row) => row.date },
  { ...numberColumn<PurchaseLine>("GRNs", 0.7, (row) => row.grns), xlsxWidth: 8 },
  { ...numberColumn<PurchaseLine>("Reversed", 0.8, (row) => row.reversals), xlsxWidth: 10 },
  ...AMOUNTS.map((name) => ({
    ...numberColumn<PurchaseLine>(AMOUNT_HEADERS[name], 1.3, (row) => row.amounts[name], "amount"),
    xlsxWidth: 14,
  })),
];

const pick = (source: Record<Amount, number>) =>
  Object.fromEntries(AMOUNTS.map((name) => [name, source[name]])) as Record<Amount, number>;

function purchaseLines(report: PurchasesReport): PurchaseLine[] {
  return report.rows.flatMap((vendor) => [
    {
      label: `${vendor.name} (${vendor.code})`,
      date: "",
      grns: vendor.grns,
      reversals: vendor.reversals,
      amounts: pick(vendor),
    },
    ...vendor.documents.map(
      (document): PurchaseLine => ({
        label: `   ${document.number}${document.kind === "reversal" ? " reversed" : ""}`,
        date: document.businessDate,
        grns: null,
        reversals: null,
        amounts: pick(document),
      }),
    ),
  ]);
}

function purchasesDocument(report: PurchasesReport): TableDocument {
  const totals: PurchaseLine = {
    label: "Total",
    date: "",
    grns: report.totals.grns,
    reversals: report.totals.reversals,
    amounts: pick(report.totals),
  };
  return {
    title: "Purchases by vendor",
    subtitle: [
      `GRNs posted ${report.startDate} to ${report.endDate}`,
      "Reversals dated in the period are netted (negative lines)",
    ],
    fileName: `purchases-${report.startDate}-${report.endDate}`,
    landscape: true,
    table: tableOf(PURCHASE_COLUMNS, purchaseLines(report), {
      footer: PURCHASE_COLUMNS.map((column) => printCell(column.value(totals), column)),
    }),
    sheet: { name: "Purchases" },
  };
}

export const purchasesPdf = (db: Db, report: PurchasesReport): Promise<Buffer> =>
  tablePdf(db, purchasesDocument(report));
export const purchasesXlsx = (report: PurchasesReport): Promise<Readable> => tableXlsx(purchasesDocument(report));
