import type { RateAnswer, RateQuote } from "@cargodesk/shared";
import type { DocumentCompany } from "./model";
import { contentWidth, createPdf, drawCompanyHeader, drawTable, numberPages, pdfBuffer } from "./pdfkit";

/** The rate calculation's answer as quoted, with the names of its destination and service. */
export interface QuotationJob {
  company: DocumentCompany;
  answer: RateAnswer;
  destination: string;
  service: string;
}

const amount = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** QUOTATION SLIP (A4): the company header, the request as quoted, and the RATE LIST. */
export function renderQuotationPdf({ company, answer, destination, service }: QuotationJob): Promise<Buffer> {
  const [echo, ...quotes] = answer;
  const doc = createPdf({ title: `QUOTATION SLIP ${echo.date}` });
  drawCompanyHeader(doc, company, "QUOTATION SLIP");
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const facts: [string, string][] = [
    ["Date", echo.date],
    ["Destination", destination],
    ["Weight", `${echo.weight} kg`],
    ["Shipment type", echo.shipment_type],
    ["Service", echo.type2 ? `${service} (${echo.type2})` : service],
  ];
  if (echo.profit !== null) facts.push(["Profit", `${echo.profit}%`]);
  const top = doc.y;
  facts.forEach(([label, value], index) => {
    const x = left + (index % 2) * half;
    const y = top + Math.floor(index / 2) * 16;
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(`${label}: `, x, y, { continued: true, width: half - 8 });
    doc.font("Helvetica").text(value);
  });
  doc.x = left;
  doc.y = top + Math.ceil(facts.length / 2) * 16 + 8;
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text("RATE LIST", left, doc.y, { width: contentWidth(doc), align: "left" });
  doc.moveDown(0.3);
  const perDestination = echo.country_id === null && echo.zip === null;
  drawTable<RateQuote & { no: number }>(
    doc,
    [
      { header: "#", width: 0.06, align: "right", value: (row) => String(row.no) },
      { header: "Service", width: perDestination ? 0.38 : 0.56, value: (row) => row.service },
      ...(perDestination
        ? [{ header: "Destination", width: 0.24, value: (row: RateQuote) => row.country ?? `Zip ${row.zip ?? ""}` }]
        : []),
      { header: "Currency", width: 0.12, value: (row) => row.currency },
      { header: "Rate", width: 0.2, align: "right", value: (row) => amount(row.rate) },
    ],
    quotes.map((quote, index) => ({ ...quote, no: index + 1 })),
    { fontSize: 9 },
  );
  doc.moveDown(1);
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#444444")
    .text(
      `Rates in force on ${echo.date} for the weight shown. At booking the charge uses the shipment's chargeable weight ` +
        "(the larger of actual and dimensional weight, L x W x H / 5000, rounded up to a whole kg); duties and taxes are extra.",
      left,
      doc.y,
      { width: contentWidth(doc) },
    )
    .fillColor("black");
  numberPages(doc);
  return pdfBuffer(doc);
}
