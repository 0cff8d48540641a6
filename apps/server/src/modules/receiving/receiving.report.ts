import type { Readable } from "node:stream";
import {
  MICRO,
  microToQty,
  minorToAmount,
  mulDivRound,
  type ReceivingReport,
  type ReceivingReportRequest,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { type ColumnOf, tableOf } from "../../lib/documents/model";
import { sheetXlsx, tablePdf } from "../../lib/documents/render";
import { findReportLines } from "./receiving.queries";

type ReportLine = Awaited<ReturnType<typeof findReportLines>>[number];

/** Groups posted lines by vendor, then product (quantity, landed value, average cost) and by GRN, with totals. */
export function buildReceivingReport(request: ReceivingReportRequest, lines: readonly ReportLine[]): ReceivingReport {
  const vendors = new Map<
    number,
    {
      name: string;
      products: Map<number, { code: string; name: string; unit: string; qty: bigint; value: bigint }>;
      grns: Map<number, { number: string; businessDate: string; value: bigint }>;
      value: bigint;
    }
  >();
  for (const line of lines) {
    const vendor = vendors.get(line.vendorId) ?? {
      name: line.vendorName,
      products: new Map(),
      grns: new Map(),
      value: 0n,
    };
    const product = vendor.products.get(line.storeProductId) ?? {
      code: line.productCode,
      name: line.productName,
      unit: line.unit,
      qty: 0n,
      value: 0n,
    };
    product.qty += line.qtyMicro;
    product.value += line.landedMinor;
    vendor.products.set(line.storeProductId, product);
    const grn = vendor.grns.get(line.receivingId) ?? {
      number: line.number ?? "",
      businessDate: line.businessDate,
      value: 0n,
    };
    grn.value += line.landedMinor;
    vendor.grns.set(line.receivingId, grn);
    vendor.value += line.landedMinor;
    vendors.set(line.vendorId, vendor);
  }
  const grouped = [...vendors.entries()].map(([vendorId, vendor]) => ({
    vendorId,
    vendorName: vendor.name,
    products: [...vendor.products.entries()]
      .sort(([, a], [, b]) => a.name.localeCompare(b.name))
      .map(([storeProductId, product]) => ({
        storeProductId,
        code: product.code,
        name: product.name,
        unit: product.unit,
        qty: microToQty(product.qty),
        value: minorToAmount(product.value),
        averageCost: product.qty > 0n ? minorToAmount(mulDivRound(product.value, MICRO, product.qty)) : null,
      })),
    grns: [...vendor.grns.entries()].map(([id, grn]) => ({ id, ...grn, value: minorToAmount(grn.value) })),
    value: minorToAmount(vendor.value),
  }));
  const total = [...vendors.values()].reduce((sum, vendor) => sum + vendor.value, 0n);
  return {
    startDate: request.startDate,
    endDate: request.endDate,
    vendors: grouped,
    grnCount: grouped.reduce((count, vendor) => count + vendor.grns.length, 0),
    value: minorToAmount(total),
  };
}

export async function receivingReport(db: Db, request: ReceivingReportRequest): Promise<ReceivingReport> {
  return buildReceivingReport(
    request,
    await findReportLines(db, request.startDate, request.endDate, request.vendorId ?? null),
  );
}

/** One printed row: a vendor heading, a product, a GRN subtotal or a total. */
interface PrintRow {
  kind: "vendor" | "product" | "grn" | "total";
  label: string;
  code: string;
  unit: string;
  qty: number | null;
  average: number | null;
  value: number | null;
}

function printRows(report: ReceivingReport): PrintRow[] {
  const blank = { code: "", unit: "", qty: null, average: null };
  return [
    ...report.vendors.flatMap((vendor): PrintRow[] => [
      { kind: "vendor", label: vendor.vendorName, ...blank, value: null },
      ...vendor.products.map(
        (product): PrintRow => ({
          kind: "product",
          label: product.name,
          code: product.code,
          unit: product.unit,
          qty: product.qty,
          average: product.averageCost,
          value: product.value,
        }),
      ),
      ...vendor.grns.map(
        (grn): PrintRow => ({ kind: "grn", label: `${grn.number} (${grn.businessDate})`, ...blank, value: grn.value }),
      ),
      { kind: "total", label: `Total ${vendor.vendorName}`, ...blank, value: vendor.value },
    ]),
    { kind: "total", label: `Grand total (${report.grnCount} GRN)`, ...blank, value: report.value },
  ];
}

const title = (report: ReceivingReport) => `RECEIVING REPORT ${report.startDate} TO ${report.endDate}`;
const fileName = (report: ReceivingReport) => `receiving-${report.startDate}-${report.endDate}`;

const PRINT_COLUMNS: ColumnOf<PrintRow>[] = [
  {
    header: "Vendor / Product / GRN",
    width: 0.36,
    value: (row) => (row.kind === "product" || row.kind === "grn" ? `   ${row.label}` : row.label),
  },
  { header: "Code", width: 0.12, value: (row) => row.code },
  { header: "Qty", width: 0.12, align: "right", format: "qty3", value: (row) => row.qty },
  { header: "Unit", width: 0.1, value: (row) => row.unit },
  { header: "Average Cost", width: 0.14, align: "right", format: "amount", value: (row) => row.average },
  { header: "Value", width: 0.16, align: "right", format: "amount", value: (row) => row.value },
];

export function receivingReportPdf(db: Db, report: ReceivingReport): Promise<Buffer> {
  return tablePdf(db, {
    title: title(report),
    fileName: fileName(report),
    table: tableOf(PRINT_COLUMNS, printRows(report)),
  });
}

type SheetRow = {
  vendor: string;
  code: string;
  name: string;
  unit: string;
  qty: number | null;
  average: number | null;
  value: number;
};

const SHEET_COLUMNS: ColumnOf<SheetRow>[] = [
  { header: "Vendor", xlsxWidth: 28, value: (row) => row.vendor },
  { header: "Code / GRN", xlsxWidth: 18, value: (row) => row.code },
  { header: "Product", xlsxWidth: 30, value: (row) => row.name },
  { header: "Unit", xlsxWidth: 10, value: (row) => row.unit },
  { header: "Qty", xlsxWidth: 12, value: (row) => row.qty },
  { header: "Average Cost", xlsxWidth: 14, format: "amount", value: (row) => row.average },
  { header: "Value", xlsxWidth: 16, format: "amount", value: (row) => row.value },
];

export function receivingReportXlsx(report: ReceivingReport): Promise<Readable> {
  const rows: SheetRow[] = report.vendors.flatMap((vendor) => [
    ...vendor.products.map((product) => ({
      vendor: vendor.vendorName,
      code: product.code,
      name: product.name,
      unit: product.unit,
      qty: product.qty,
      average: product.averageCost,
      value: product.value,
    })),
    ...vendor.grns.map((grn) => ({
      vendor: vendor.vendorName,
      code: grn.number,
      name: `GRN ${grn.businessDate}`,
      unit: "",
      qty: null,
      average: null,
      value: grn.value,
    })),
  ]);
  rows.push({
    vendor: "TOTAL",
    code: "",
    name: `${report.grnCount} GRN`,
    unit: "",
    qty: null,
    average: null,
    value: report.value,
  });
  return sheetXlsx({ name: "Receiving", title: title(report) }, SHEET_COLUMNS, rows);
}
