import { formatMinor, type ShipmentView } from "@cargodesk/shared";
import type { DocumentCompany } from "./model";
import { createPdf, type Pdf, pdfBuffer } from "./pdfkit";
import {
  type Box,
  BRAND,
  band,
  block,
  code128Png,
  companyBlock,
  declaredValue,
  displayDate,
  field,
  fittingSize,
  frame,
  INK,
  kg,
  line,
  MIN_SIZE,
  MUTED,
  partyBlock,
  qrPng,
  RULE,
  SHADE,
} from "./shipment-parts";

/** What the documents call the spec's two shipment types. */
export const typeLabel = (type: string) => (type === "Doc" ? "DOCUMENT" : "PACKAGE");

/** Doc: the description; Pack: the purpose and each line as "QTY x DESC". */
function contents(view: ShipmentView): string {
  if (view.shipment_type === "Doc" || view.shipment_data.length === 0) return view.shipment_desc ?? "DOCUMENTS";
  const items = view.shipment_data.map((item) => `${item.quantity} x ${item.desc}`).join(", ");
  return [view.shipment_purpose?.purpose, items].filter(Boolean).join(" - ");
}

function dimensions(view: ShipmentView): string {
  return view.shipment_packages
    .map((box) => `${box.name}: ${box.length}x${box.width}x${box.height} cm, ${kg(box.weight)}`)
    .join("   ");
}

/** A row of boxed fields; each cell takes its fraction of the width (and an optional large value size). */
function row(doc: Pdf, x: number, y: number, w: number, h: number, cells: [number, string, string, number?][]) {
  let left = x;
  for (const [share, label, value, size] of cells) {
    field(doc, { x: left, y, w: share * w, h }, label, value, size ? { size, align: "center" } : {});
    left += share * w;
  }
}

/** "PK  KARACHI": the country's alpha-2 code large, then the city. */
function route(doc: Pdf, box: Box, label: string, party: ShipmentView["shipment_senders"][number] | undefined) {
  frame(doc, box, { fill: SHADE });
  line(doc, label.toUpperCase(), box.x + 5, box.y + 3, box.w - 10, { size: 5.5, color: MUTED });
  const code = party?.country.iso2 ?? party?.country.code ?? "";
  line(doc, code, box.x + 5, box.y + 11, 36, { size: 16, bold: true, color: BRAND });
  line(doc, [party?.city, party?.country.name].filter(Boolean).join(", "), box.x + 44, box.y + 15, box.w - 50, {
    size: 9,
    bold: true,
  });
}

interface Images {
  barcode: { png: Buffer; modules: number };
  qr: Buffer;
}

const COPIES = ["SHIPPER COPY", "CONSIGNEE COPY"] as const;
type Copy = (typeof COPIES)[number];

/** One copy of the waybill in `area`; the page holds two side by side. */
function drawCopy(
  doc: Pdf,
  area: Box,
  view: ShipmentView,
  company: DocumentCompany,
  trackingUrl: string,
  images: Images,
  copy: Copy,
): boolean {
  const { x, w } = area;
  const gap = 4;
  let y = area.y;

  // Header: company on the left, document title and copy on the right.
  companyBlock(doc, company, { x, y, w: w - 120, h: 40 }, { nameSize: 11 });
  line(doc, "AIR WAYBILL", x + w - 120, y + 1, 120, { size: 14, bold: true, color: BRAND, align: "right" });
  line(doc, "NON-NEGOTIABLE", x + w - 120, y + 17, 120, { size: 6, color: MUTED, align: "right" });
  doc.roundedRect(x + w - 86, y + 26, 86, 13, 3).fill(BRAND);
  line(doc, copy, x + w - 86, y + 29.5, 86, { size: 6.5, bold: true, color: "#ffffff", align: "center" });
  y += 46;

  // Barcode panel: Code 128 of the tracking id over its digits, and the QR code to the tracking page.
  const panel = { x, y, w, h: 84 };
  frame(doc, panel, { width: 1 });
  const qrSize = 66;
  const barArea = w - qrSize - 16;
  // Whole modules of about 2.25 pt (6 px at 200 dpi), and the ten-module quiet zone Code 128 wants on each side.
  const module = Math.min(2.25, (barArea - 20) / (images.barcode.modules + 20));
  const barWidth = images.barcode.modules * module;
  doc.image(images.barcode.png, x + (barArea - barWidth) / 2, y + 8, { width: barWidth, height: 46 });
  line(doc, view.tracking_id.split("").join(" "), x, y + 58, barArea, { size: 13, bold: true, align: "center" });
  line(doc, "TRACKING NUMBER", x, y + 73, barArea, { size: 5.5, color: MUTED, align: "center" });
  doc
    .moveTo(x + barArea, y)
    .lineTo(x + barArea, y + panel.h)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.image(images.qr, x + barArea + 8, y + 4, { width: qrSize, height: qrSize });
  line(doc, "SCAN TO TRACK", x + barArea, y + 74, w - barArea, { size: 5.5, color: MUTED, align: "center" });
  y += panel.h + gap;

  // Booking facts.
  const service = [view.service_type.name, view.type].filter(Boolean).join(" / ");
  // Tall enough for the longest reference the form accepts (100 characters), wrapped.
  row(doc, x, y, w, 32, [
    [0.21, "Date", displayDate(view.shipment_date)],
    [0.35, "Service", service],
    [0.19, "Type", typeLabel(view.shipment_type)],
    [0.25, "Reference", view.shipment_ref ?? ""],
  ]);
  y += 32 + gap;

  // Origin and destination in large type, as sorting staff read them.
  const sender = view.shipment_senders[0];
  const receiver = view.shipment_receivers[0];
  const half = (w - gap) / 2;
  route(doc, { x, y, w: half, h: 30 }, "Origin", sender);
  route(doc, { x: x + half + gap, y, w: half, h: 30 }, "Destination", receiver);
  y += 30 + gap;

  // Parties.
  partyBlock(doc, { x, y, w: half, h: 140 }, "FROM (SHIPPER)", sender, [
    ["NTN", sender?.ntn],
    ["CNIC", sender?.cnic],
  ]);
  partyBlock(doc, { x: x + half + gap, y, w: half, h: 140 }, "TO (CONSIGNEE)", receiver, [["VAT", receiver?.vat]]);
  y += 140 + gap;

  // Pieces and weight, large: what the counter staff check first.
  row(doc, x, y, w, 34, [
    [0.2, "Pieces", String(view.total_packages), 16],
    [0.28, "Chargeable weight", kg(view.total_weight), 16],
    [0.26, "Duties & taxes paid by", view.shipment_tax_type.name],
    [
      0.26,
      "Expected delivery",
      view.expected_delivery_date ? displayDate(view.expected_delivery_date) : "TO BE ANNOUNCED",
    ],
  ]);
  y += 34 + gap;

  // Contents, declared value and the package dimensions.
  const contentsBox = { x, y, w, h: 76 };
  frame(doc, contentsBox);
  band(doc, { x, y, w, h: 12 }, "DESCRIPTION OF CONTENTS");
  const described = contents(view);
  const contentsArea = { x: x + 5, y: y + 15, w: w - 10, h: 36 };
  let continued = false;
  if (
    fittingSize(doc, described, contentsArea.w, contentsArea.h, 7.5) > MIN_SIZE ||
    fitsIn(doc, described, contentsArea)
  )
    block(doc, described, contentsArea, { size: 7.5 });
  else {
    continued = true;
    block(
      doc,
      `${view.shipment_data.length} item lines: the full description of contents is on page 2.`,
      contentsArea,
      {
        size: 7.5,
        bold: true,
      },
    );
  }
  const value = declaredValue(view);
  if (value)
    line(doc, `Declared value: ${value.code} ${formatMinor(value.minor)}`, x + 5, y + 53, w - 10, {
      size: 7.5,
      bold: true,
    });
  const sizes = dimensions(view);
  const sizesArea = { x: x + 5, y: y + 62, w: w - 10, h: 13 };
  if (fittingSize(doc, sizes, sizesArea.w, sizesArea.h, 6) > MIN_SIZE || fitsIn(doc, sizes, sizesArea))
    block(doc, sizes, sizesArea, { size: 6, color: MUTED });
  else {
    continued = true;
    block(doc, `${view.shipment_packages.length} packages: their sizes are on page 2.`, sizesArea, {
      size: 6,
      color: MUTED,
    });
  }
  y += contentsBox.h + gap;

  // Signatures.
  const sign =
    copy === "SHIPPER COPY"
      ? ["Shipper's signature", "Received by (courier) / date & time"]
      : ["Received in good condition by (name & signature)", "Date & time of delivery"];
  field(doc, { x, y, w: half, h: 42 }, sign[0] ?? "", " ");
  field(doc, { x: x + half + gap, y, w: half, h: 42 }, sign[1] ?? "", " ");
  y += 42 + 5;

  doc.rect(x, y, w, 22).fill(SHADE);
  line(doc, `Track this shipment: ${trackingUrl}`, x + 5, y + 3.5, w - 10, { size: 6.5, bold: true, color: BRAND });
  line(
    doc,
    "Carriage is subject to the carrier's conditions of carriage. The shipper certifies the contents are as declared.",
    x + 5,
    y + 12.5,
    w - 10,
    { size: 5.5, color: MUTED },
  );
  return continued;
}

/** Whether `text` wrapped to the box's width, at the current font, is no taller than the box. */
const fitsIn = (doc: Pdf, text: string, box: Box) => doc.heightOfString(text, { width: box.w }) <= box.h;

/** A page with the whole description of contents and the package sizes, when the waybill's boxes cannot hold them. */
function contentsPage(doc: Pdf, view: ShipmentView): void {
  doc.addPage({ size: "A4", layout: "landscape", margin: 24 });
  const width = doc.page.width - 48;
  line(doc, `AIR WAYBILL ${view.tracking_id}: DESCRIPTION OF CONTENTS`, 24, 24, width, {
    size: 11,
    bold: true,
    color: BRAND,
  });
  doc.font("Helvetica").fontSize(8).fillColor(INK);
  doc.text(contents(view), 24, 44, { width });
  doc.moveDown();
  doc.font("Helvetica-Bold").text("PACKAGES", { width });
  doc.font("Helvetica").text(dimensions(view), { width });
}

/** Waybills to print in one file, each with the tracking page its QR code opens. */
export interface WaybillJob {
  title: string;
  company: DocumentCompany;
  waybills: readonly { view: ShipmentView; trackingUrl: string }[];
}

/**
 * The waybill: landscape A4 with a shipper copy and a consignee copy side by side, each with the
 * company header, a Code 128 barcode of the tracking id, both parties, pieces and chargeable
 * weight, the contents and a QR code linking to the public tracking page. Several waybills (a bulk
 * print) follow each other on their own pages.
 */
export async function renderWaybillsPdf(job: WaybillJob): Promise<Buffer> {
  const doc = createPdf({ landscape: true, title: job.title });
  for (const [index, { view, trackingUrl }] of job.waybills.entries()) {
    if (index > 0) doc.addPage({ size: "A4", layout: "landscape", margin: 36 });
    await drawWaybill(doc, view, job.company, trackingUrl);
  }
  return pdfBuffer(doc);
}

/** Draws one waybill from the current page on (a bulk print adds a page before each next one). */
async function drawWaybill(doc: Pdf, view: ShipmentView, company: DocumentCompany, trackingUrl: string): Promise<void> {
  const images: Images = { barcode: await code128Png(view.tracking_id), qr: await qrPng(trackingUrl) };
  const margin = 24;
  const gutter = 24;
  const width = (doc.page.width - 2 * margin - gutter) / 2;
  let continued = false;
  COPIES.forEach((copy, index) => {
    const x = margin + index * (width + gutter);
    continued = drawCopy(
      doc,
      { x, y: margin, w: width, h: doc.page.height - 2 * margin },
      view,
      company,
      trackingUrl,
      images,
      copy,
    );
  });
  // A dashed cut line between the copies.
  const middle = doc.page.width / 2;
  doc
    .moveTo(middle, margin)
    .lineTo(middle, doc.page.height - margin)
    .dash(3, { space: 3 })
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .undash();
  if (continued) contentsPage(doc, view);
}
