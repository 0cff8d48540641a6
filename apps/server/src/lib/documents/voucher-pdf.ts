import { formatMinor, parseMinor, sumMinor, voucherTypeById } from "@cargodesk/shared";
import type { DocumentCompany } from "./model";
import {
  contentWidth,
  createPdf,
  drawCompanyHeader,
  drawSignatures,
  drawTable,
  numberPages,
  pdfBuffer,
} from "./pdfkit";

/** What a printed voucher shows (the voucher as GET /api/voucher answers it has all of it). */
export interface VoucherPrint {
  voucherTypeId: number;
  voucherManualId: string;
  vocDate: string;
  status: string;
  cashAccTittle: string | null;
  reversalOfId: number | null;
  reversedBy: { voucherManualId: string } | null;
  createdBy: string | null;
  decidedBy: string | null;
  voucherData: {
    allLevelKey: string;
    accountTittle: string;
    voucherDescription: string;
    billNumber: string;
    debit: number;
    credit: number;
  }[];
}

export interface VoucherJob {
  company: DocumentCompany;
  voucher: VoucherPrint;
}

type Line = VoucherPrint["voucherData"][number];
/** Minor units of an API amount, read from its decimal text (the record's amounts have at most 2 decimals). */
const minorOf = (amount: number): bigint => parseMinor(amount) ?? 0n;
const money = (amount: number) => (amount === 0 ? "" : formatMinor(minorOf(amount)));
const STATUS_LABEL: Record<string, string> = { Pending: "PENDING", Approve: "APPROVED", Disapprove: "DISAPPROVED" };

/** A printable A4 voucher: header, lines with debit and credit, totals and signature blocks. */
export function renderVoucherPdf({ company, voucher }: VoucherJob): Promise<Buffer> {
  const type = voucherTypeById(voucher.voucherTypeId);
  const title = `${(type?.name ?? "").toUpperCase()} VOUCHER`;
  const doc = createPdf({ title: `${title} ${voucher.voucherManualId}` });
  drawCompanyHeader(doc, company, title);

  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(10).text(`Voucher #: ${voucher.voucherManualId}`, left, top);
  doc.text(`Date: ${voucher.vocDate}`, left + half, top, { width: half, align: "right" });
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(`Status: ${STATUS_LABEL[voucher.status] ?? voucher.status}`, left);
  if (voucher.cashAccTittle)
    doc.text(`${type?.book === "bank" ? "Bank" : "Cash"} account: ${voucher.cashAccTittle}`, left);
  if (voucher.reversalOfId) doc.text(`Reverses voucher id ${voucher.reversalOfId}`, left);
  if (voucher.reversedBy) doc.text(`Reversed by ${voucher.reversedBy.voucherManualId}`, left);
  doc.moveDown(0.6);

  drawTable<Line>(
    doc,
    [
      { header: "Code", width: 0.13, value: (line) => line.allLevelKey },
      { header: "Account", width: 0.22, value: (line) => line.accountTittle },
      { header: "Description", width: 0.29, value: (line) => line.voucherDescription },
      { header: "Bill #", width: 0.1, value: (line) => line.billNumber },
      { header: "Debit", width: 0.13, align: "right", value: (line) => money(line.debit) },
      { header: "Credit", width: 0.13, align: "right", value: (line) => money(line.credit) },
    ],
    voucher.voucherData,
    { fontSize: 9 },
  );
  const debit = sumMinor(voucher.voucherData.map((line) => minorOf(line.debit)));
  const credit = sumMinor(voucher.voucherData.map((line) => minorOf(line.credit)));
  doc.moveDown(0.3);
  doc
    .font("Helvetica-Bold")
    .fontSize(9)
    .text(`Total   Debit ${formatMinor(debit)}   Credit ${formatMinor(credit)}`, left, doc.y, {
      width: contentWidth(doc),
      align: "right",
    });

  const signatures = [
    ["Prepared by", voucher.createdBy ?? ""],
    ["Checked by", ""],
    ["Approved by", voucher.status === "Approve" ? (voucher.decidedBy ?? "") : ""],
  ];
  drawSignatures(
    doc,
    signatures.map(([label, name]) => `${label}${name ? `: ${name}` : ""}`),
    4,
  );
  numberPages(doc);
  return pdfBuffer(doc);
}
