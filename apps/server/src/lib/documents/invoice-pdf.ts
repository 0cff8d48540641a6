import { formatMinor, parseMinor, type ShipmentLineView, type ShipmentView, sumMinor } from "@cargodesk/shared";
import type { DocumentCompany } from "./model";
import { contentWidth, createPdf, drawTable, numberPages, type Pdf, pdfBuffer } from "./pdfkit";
import {
  type Box,
  BRAND,
  band,
  block,
  companyBlock,
  displayDate,
  field,
  frame,
  INK,
  kg,
  line,
  MUTED,
  partyBlock,
  SHADE,
} from "./shipment-parts";

/** The spec's rebate labels, spelling included. */
export const rebateLabel = (rebate: number) => (rebate === 1 ? "Rebate Cliam" : "Non Rebate");

const UNDERTAKING =
  "I/We undertake to realise and repatriate the foreign exchange proceeds of this shipment through an authorised bank " +
  "within the period allowed by the State Bank of Pakistan, and to surrender any export rebate or drawback claimed " +
  "should the goods be returned, not paid for, or found to be other than declared.";

const declaration = (company: string) =>
  "I/We hereby certify that the information on this invoice is true and correct and that the contents and value of " +
  "this shipment are as stated above. The goods are of the origin shown, are not prohibited or restricted for export " +
  "or import, and contain no dangerous goods, currency, narcotics or other contraband. I/We accept responsibility for " +
  "any duties, taxes, penalties or charges arising from a misdeclaration, and authorise " +
  `${company} to act as agent for customs clearance where required.`;

/** A line's value per piece in minor units, read from its decimal text (never a float multiply). */
const lineValueMinor = (item: ShipmentLineView): bigint => parseMinor(item.value) ?? 0n;

/** Room left on the page below the cursor. */
const roomLeft = (doc: Pdf) => doc.page.height - doc.page.margins.bottom - doc.y;

function drawFacts(doc: Pdf, view: ShipmentView, left: number, width: number) {
  const quarter = width / 4;
  const facts: [string, string][] = [
    ["AWB / Tracking no.", view.tracking_id],
    ["Invoice date", displayDate(view.shipment_date)],
    ["Reference", view.shipment_ref ?? ""],
    ["Service", [view.service_type.name, view.type].filter(Boolean).join(" / ")],
    ["Purpose of shipment", view.shipment_purpose?.purpose ?? ""],
    ["Duties & taxes paid by", view.shipment_tax_type.name],
    ["Pieces / weight", `${view.total_packages} / ${kg(view.total_weight)}`],
    ["Rebate", rebateLabel(view.rebate)],
  ];
  const instrument: [string, string][] = [
    ["Financial instrument no.", view.financial_instruments_no ?? ""],
    ["Bank", view.financial_instruments_bank ?? ""],
    ["SRO no.", view.sro_number ?? ""],
  ];
  const shown = [...facts, ...instrument.filter(([, value]) => value)];
  // Tall enough for the longest reference or bank name the form accepts (100 characters), wrapped.
  const height = 32;
  let y = doc.y;
  shown.forEach(([label, value], index) => {
    const column = index % 4;
    if (index > 0 && column === 0) y += height;
    field(doc, { x: left + column * quarter, y, w: quarter, h: height }, label, value);
  });
  doc.y = y + height + 6;
}

function drawTotals(doc: Pdf, view: ShipmentView, left: number, width: number) {
  const first = view.shipment_data[0];
  // A document shipment has no dutiable lines, so nothing to total.
  if (!first) return;
  const total = sumMinor(view.shipment_data.map((item) => lineValueMinor(item) * BigInt(item.quantity)));
  const pieces = view.shipment_data.reduce((sum, item) => sum + item.quantity, 0);
  if (roomLeft(doc) < 40) doc.addPage();
  const y = doc.y + 4;
  const box = { x: left + width * 0.45, y, w: width * 0.55, h: 30 };
  frame(doc, box, { fill: SHADE, width: 0.8 });
  line(doc, `Total quantity: ${pieces}`, box.x + 6, y + 4, box.w - 12, { size: 7.5, color: MUTED });
  line(doc, `TOTAL INVOICE VALUE (${first.currency.code})   ${formatMinor(total)}`, box.x + 6, y + 15, box.w - 12, {
    size: 10,
    bold: true,
    align: "right",
  });
  doc.y = y + box.h + 8;
}

function paragraph(doc: Pdf, box: Box, title: string, text: string) {
  band(doc, { x: box.x, y: box.y, w: box.w, h: 13 }, title);
  doc
    .font("Helvetica")
    .fontSize(7.5)
    .fillColor(INK)
    .text(text, box.x + 6, box.y + 17, { width: box.w - 12, align: "justify", lineGap: 1 });
}

function drawDeclaration(doc: Pdf, view: ShipmentView, company: DocumentCompany, left: number, width: number) {
  const declarationText = declaration(company.name);
  doc.font("Helvetica").fontSize(7.5);
  const textHeight = (text: string) => doc.heightOfString(text, { width: width - 12, lineGap: 1 }) + 22;
  const needed = textHeight(UNDERTAKING) + textHeight(declarationText) + 70;
  if (roomLeft(doc) < needed) doc.addPage();
  const top = doc.y;
  paragraph(doc, { x: left, y: top, w: width, h: 0 }, "UNDERTAKING", UNDERTAKING);
  const second = top + textHeight(UNDERTAKING);
  paragraph(doc, { x: left, y: second, w: width, h: 0 }, "DECLARATION", declarationText);
  const signTop = second + textHeight(declarationText) + 6;
  frame(doc, { x: left, y: top, w: width, h: signTop + 56 - top });
  const third = width / 3;
  const labels = ["Signature of shipper / authorised signatory", "Name and designation", "Date and company stamp"];
  labels.forEach((label, index) => {
    const x = left + index * third + 10;
    doc
      .moveTo(x, signTop + 36)
      .lineTo(x + third - 20, signTop + 36)
      .lineWidth(0.5)
      .strokeColor(INK)
      .stroke();
    line(doc, label, x, signTop + 40, third - 20, { size: 6.5, color: MUTED, align: "center" });
  });
  const shipper = view.shipment_senders[0];
  if (shipper)
    block(
      doc,
      shipper.name,
      { x: left + third + 10, y: signTop + 4, w: third - 20, h: 30 },
      { size: 8, bold: true, align: "center" },
    );
  line(doc, displayDate(view.shipment_date), left + 2 * third + 10, signTop + 24, third - 20, {
    size: 8,
    bold: true,
    align: "center",
  });
  doc.y = signTop + 60;
}

export interface InvoiceJob {
  view: ShipmentView;
  company: DocumentCompany;
}

/**
 * The customs invoice: portrait A4 with the company header, shipper and consignee, the item
 * lines with their sub totals (quantity x value), the total in the first line's currency, the
 * rebate label, any financial instrument, and the undertaking and declaration block.
 */
export async function renderInvoicePdf({ view, company }: InvoiceJob): Promise<Buffer> {
  const doc = createPdf({ title: `Invoice ${view.tracking_id}` });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;

  companyBlock(doc, company, { x: left, y: top, w: width - 170, h: 44 }, { nameSize: 14 });
  line(doc, "CUSTOMS INVOICE", left + width - 170, top + 2, 170, {
    size: 16,
    bold: true,
    color: BRAND,
    align: "right",
  });
  line(doc, `AWB ${view.tracking_id}`, left + width - 170, top + 22, 170, { size: 9, bold: true, align: "right" });
  line(doc, displayDate(view.shipment_date), left + width - 170, top + 33, 170, {
    size: 8,
    color: MUTED,
    align: "right",
  });
  doc
    .moveTo(left, top + 50)
    .lineTo(left + width, top + 50)
    .lineWidth(1.5)
    .strokeColor(BRAND)
    .stroke();
  doc.y = top + 58;

  drawFacts(doc, view, left, width);

  const half = (width - 6) / 2;
  const partiesTop = doc.y;
  const sender = view.shipment_senders[0];
  const receiver = view.shipment_receivers[0];
  partyBlock(doc, { x: left, y: partiesTop, w: half, h: 120 }, "SHIPPER / EXPORTER", sender, [
    ["NTN", sender?.ntn],
    ["GST", sender?.gst],
    ["CNIC", sender?.cnic],
  ]);
  partyBlock(doc, { x: left + half + 6, y: partiesTop, w: half, h: 120 }, "CONSIGNEE / IMPORTER", receiver, [
    ["VAT", receiver?.vat],
  ]);
  doc.x = left;
  doc.y = partiesTop + 128;

  const money = (minor: bigint) => formatMinor(minor);
  drawTable<ShipmentLineView & { no: number }>(
    doc,
    [
      { header: "#", width: 0.04, align: "center", value: (item) => String(item.no) },
      { header: "Description", width: 0.25, value: (item) => item.desc },
      { header: "HS code", width: 0.11, value: (item) => item.code },
      { header: "Qty", width: 0.06, align: "right", value: (item) => String(item.quantity) },
      { header: "Unit", width: 0.08, value: (item) => item.uom.uomName },
      {
        header: "Unit value",
        width: 0.13,
        align: "right",
        value: (item) => `${item.currency.code} ${money(lineValueMinor(item))}`,
      },
      {
        header: "Sub total",
        width: 0.15,
        align: "right",
        value: (item) => `${item.currency.code} ${money(lineValueMinor(item) * BigInt(item.quantity))}`,
      },
      { header: "Origin", width: 0.18, value: (item) => item.country.name },
    ],
    view.shipment_data.map((item, index) => ({ ...item, no: index + 1 })),
    { fontSize: 8 },
  );
  if (view.shipment_data.length === 0) {
    doc.font("Helvetica").fontSize(8).fillColor(INK);
    doc.text(view.shipment_desc ?? "Documents: no dutiable items.", left + 4, doc.y + 4, { width: width - 8 });
    doc.x = left;
    doc.y += 6;
  }
  drawTotals(doc, view, left, width);
  drawDeclaration(doc, view, company, left, width);
  numberPages(doc);
  return pdfBuffer(doc);
}
