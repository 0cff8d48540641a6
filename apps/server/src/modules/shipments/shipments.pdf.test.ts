import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentCompany } from "../../lib/documents/model";
import { qrPng } from "../../lib/documents/shipment-parts";
import { invoicePdf, waybillPdf } from "./shipments.pdf";
import { shipmentViewFixture } from "./shipments.pdf-fixture";

const run = promisify(execFile);
const company: DocumentCompany = {
  name: "SWIFTLINE COURIERS",
  address: "OFFICE 12, SHAHRAH-E-FAISAL, KARACHI",
  phone: "+92 21 111 222 333",
  email: "ops@swiftline.pk",
  ntn: "7654321-0",
  logo: null,
};

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-pdf-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileNo = 0;
async function save(pdf: Buffer): Promise<string> {
  fileNo += 1;
  const file = path.join(dir, `doc-${fileNo}.pdf`);
  await writeFile(file, pdf);
  return file;
}

const text = async (file: string) => (await run("pdftotext", ["-layout", file, "-"])).stdout;
const pageInfo = async (file: string) => {
  const { stdout } = await run("pdfinfo", [file]);
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(stdout)?.[1]),
    size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(stdout)?.[1],
  };
};

/** Renders one half of the page at 200 dpi and decodes the symbols of one kind in it with zbarimg. */
async function decode(file: string, half: "left" | "right", symbology: "code128" | "qrcode"): Promise<string[]> {
  // A4 landscape at 200 dpi is 2339 x 1654 pixels; each copy of the waybill fills one half.
  const x = half === "left" ? 0 : 1169;
  const prefix = path.join(dir, `${path.basename(file, ".pdf")}-${half}`);
  await run("pdftoppm", [
    "-r",
    "200",
    "-png",
    "-singlefile",
    "-x",
    String(x),
    "-y",
    "0",
    "-W",
    "1170",
    "-H",
    "1654",
    file,
    prefix,
  ]);
  const { stdout } = await run("zbarimg", ["--raw", "-q", "-Sdisable", `-S${symbology}.enable`, `${prefix}.png`]).catch(
    (error: { stdout?: string; code?: number }) => {
      // zbarimg exits with 4 when it finds no symbol: no symbols is an answer, not a crash.
      if (error.code === 4) return { stdout: "" };
      throw error;
    },
  );
  return stdout.split("\n").filter(Boolean);
}

describe("waybill PDF", () => {
  it("is one landscape A4 page whose two copies carry a Code 128 of the tracking id and a QR code of the tracking page", async () => {
    const view = shipmentViewFixture();
    const url = `https://track.example.com/tracking/${view.tracking_id}`;
    const file = await save(await waybillPdf(view, company, url));
    expect(await pageInfo(file)).toEqual({ pages: 1, size: "841.89 x 595.28" });
    for (const half of ["left", "right"] as const) {
      expect(await decode(file, half, "code128")).toEqual(["1000000065"]);
      expect(await decode(file, half, "qrcode")).toEqual([url]);
    }
  });

  it("decodes to whatever tracking id the shipment has", async () => {
    const view = shipmentViewFixture({ tracking_id: "123456789012" });
    const file = await save(await waybillPdf(view, company, "http://localhost:3000/tracking/123456789012"));
    expect(await decode(file, "left", "code128")).toEqual(["123456789012"]);
    expect(await decode(file, "right", "qrcode")).toEqual(["http://localhost:3000/tracking/123456789012"]);
  });

  it("shows the company, pieces, chargeable weight, both parties and the booking facts", async () => {
    const view = shipmentViewFixture({ total_packages: 3, total_weight: 27.5 });
    const content = await text(
      await save(await waybillPdf(view, company, "http://localhost:3000/tracking/1000000065")),
    );
    for (const expected of [
      "SWIFTLINE COURIERS",
      "NTN: 7654321-0",
      "AIR WAYBILL",
      "SHIPPER COPY",
      "CONSIGNEE COPY",
      "27.5 KG",
      "AHMED RAZA",
      "RAZA TEXTILES (PVT) LTD",
      "KORANGI INDUSTRIAL AREA",
      "KARACHI, SINDH 74900",
      "Tel: +923001234567",
      "Email: ahmed@razatextiles.pk",
      "OLIVER BENNETT",
      "LONDON, GREATER LONDON E1 6AN",
      "UNITED KINGDOM",
      "VAT: GB123456789",
      "EXPRESS WORLDWIDE",
      "PACKAGE",
      "PO-4471",
      "07 Mar 2025",
      "12 x COTTON BED SHEETS, 3 x TERRY TOWELS",
      "Declared value: USD 161.97",
    ])
      expect(content).toContain(expected);
    expect(content).toMatch(/PIECES[\s\S]*\b3\b/);
    expect(content).not.toContain("14 KG");
  });

  it("prints a document shipment's description and an unknown delivery date", async () => {
    const view = shipmentViewFixture({
      shipment_type: "Doc",
      shipment_desc: "LEGAL PAPERS",
      shipment_data: [],
      shipment_purpose: null,
      expected_delivery_date: null,
    });
    const content = await text(await save(await waybillPdf(view, company, "http://localhost:3000/tracking/1")));
    expect(content).toContain("DOCUMENT");
    expect(content).toContain("LEGAL PAPERS");
    expect(content).toContain("TO BE ANNOUNCED");
    expect(content).not.toContain("Declared value");
  });

  it("draws the company's logo when the profile has one", async () => {
    const count = async (logo: Uint8Array | null) => {
      const file = await save(await waybillPdf(shipmentViewFixture(), { ...company, logo }, "http://x/t"));
      const { stdout } = await run("pdfimages", ["-list", file]);
      // Rows after the two header lines: page, num, type ("image", or "smask" for a PNG's alpha channel), ...
      return stdout
        .trim()
        .split("\n")
        .slice(2)
        .filter((row) => row.trim().split(/\s+/)[2] === "image").length;
    };
    // Barcode and QR code on each copy; the logo adds one more per copy.
    expect(await count(null)).toBe(4);
    expect(await count(await qrPng("logo"))).toBe(6);
  });
});

describe("invoice PDF", () => {
  it("is portrait A4 with lines, sub totals of quantity x value and the total in the first line's currency", async () => {
    const file = await save(await invoicePdf(shipmentViewFixture(), company));
    expect(await pageInfo(file)).toEqual({ pages: 1, size: "595.28 x 841.89" });
    const content = await text(file);
    expect(content).toContain("CUSTOMS INVOICE");
    expect(content).toContain("SWIFTLINE COURIERS");
    expect(content).toMatch(/COTTON BED SHEETS\s+63022100\s+12\s+PCS\s+USD 8\.50\s+USD 102\.00\s+PAKISTAN/);
    expect(content).toMatch(/TERRY TOWELS\s+63026000\s+3\s+DOZEN\s+USD 19\.99\s+USD 59\.97\s+PAKISTAN/);
    expect(content).toMatch(/TOTAL INVOICE VALUE \(USD\)\s+161\.97/);
    expect(content).toContain("Rebate Cliam");
    expect(content).not.toContain("Non Rebate");
    expect(content).toContain("FI-2025-000193");
    expect(content).toContain("HABIB BANK LIMITED");
    expect(content).toContain("SRO 209(I)/2024");
    expect(content).toContain("UNDERTAKING");
    expect(content).toContain("DECLARATION");
    expect(content).toContain("I/We hereby certify that the information on this invoice is true and correct");
    expect(content).toContain("AHMED RAZA");
    expect(content).toContain("OLIVER BENNETT");
    expect(content).toContain("1000000065");
  });

  it("says Non Rebate, totals in the first line's currency and leaves out an absent instrument", async () => {
    const base = shipmentViewFixture();
    const [first, second] = base.shipment_data;
    if (!first || !second) throw new Error("fixture lines");
    const view = shipmentViewFixture({
      rebate: 0,
      financial_instruments: 0,
      financial_instruments_no: null,
      financial_instruments_bank: null,
      sro_number: null,
      shipment_data: [
        { ...first, currency: { name: "EURO", code: "EUR" }, quantity: 7, value: 1234.56 },
        { ...second, currency: { name: "EURO", code: "EUR" }, quantity: 1, value: 0.05 },
      ],
    });
    const content = await text(await save(await invoicePdf(view, company)));
    expect(content).toContain("Non Rebate");
    expect(content).not.toContain("Rebate Cliam");
    // 7 x 1,234.56 + 1 x 0.05
    expect(content).toMatch(/EUR 8,641\.92/);
    expect(content).toMatch(/TOTAL INVOICE VALUE \(EUR\)\s+8,641\.97/);
    expect(content).not.toContain("USD");
    expect(content).not.toContain("FINANCIAL INSTRUMENT NO.");
    expect(content).not.toContain("SRO NO.");
  });

  it("shows a document shipment's description and no total", async () => {
    const view = shipmentViewFixture({ shipment_type: "Doc", shipment_desc: "LEGAL PAPERS", shipment_data: [] });
    const content = await text(await save(await invoicePdf(view, company)));
    expect(content).toContain("LEGAL PAPERS");
    expect(content).not.toContain("TOTAL INVOICE VALUE");
    expect(content).toContain("I/We hereby certify");
  });

  it("runs over several pages when the lines do, keeping every line and the declaration", async () => {
    const [first] = shipmentViewFixture().shipment_data;
    if (!first) throw new Error("fixture line");
    const lines = Array.from({ length: 60 }, (_, index) => ({
      ...first,
      desc: `ITEM NUMBER ${index + 1}`,
      quantity: 1,
      value: 2,
    }));
    const file = await save(await invoicePdf(shipmentViewFixture({ shipment_data: lines }), company));
    const { pages } = await pageInfo(file);
    expect(pages).toBeGreaterThan(1);
    const content = await text(file);
    expect(content).toContain("ITEM NUMBER 60");
    expect(content).toMatch(/TOTAL INVOICE VALUE \(USD\)\s+120\.00/);
    expect(content).toContain(`Page ${pages} of ${pages}`);
    expect(content).toContain("I/We hereby certify");
  });
});
