import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { ShipmentLineView, ShipmentPackageView, ShipmentPartyView, ShipmentView } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentCompany } from "../../lib/documents/model";
import { invoicePdf, waybillPdf } from "./shipments.pdf";
import { shipmentViewFixture } from "./shipments.pdf-fixture";

/*
 * Every field of both documents filled with the longest value the booking form and
 * shipmentCreateSchema accept: the documents must print each one in full (wrapped or set
 * smaller), never cut it with an ellipsis.
 */

const run = promisify(execFile);
const company: DocumentCompany = {
  name: "SWIFTLINE COURIERS",
  address: "KARACHI",
  phone: "",
  email: "",
  ntn: "",
  logo: null,
};

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-pdf-longest-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `length` characters of words, starting with `tag` so that each field's value is told apart. */
function words(tag: string, length: number): string {
  let text = tag;
  for (let index = 0; text.length < length; index += 1) text += ` ${tag}${"WXYZ".slice(0, 1 + (index % 4))}`;
  return text.slice(0, length).trimEnd().padEnd(length, "Q");
}

/** A valid e-mail of 254 characters (the most an address may have): a 64-character local part. */
function longestEmail(tag: string): string {
  const local = `${tag}${"m".repeat(64 - tag.length)}`;
  const email = `${local}@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(61)}`;
  expect(email).toHaveLength(254);
  return email;
}

const longestParty = (tag: string, country: ShipmentPartyView["country"]): ShipmentPartyView => ({
  name: words(`${tag}NAME`, 150),
  company: words(`${tag}COMPANY`, 150),
  phone: "+92 300-123 4567 890",
  address: words(`${tag}ADDRESS`, 44),
  address_2: words(`${tag}SECOND`, 44),
  address_3: words(`${tag}THIRD`, 300),
  postal_code: words(`${tag}ZIP`, 20),
  city: words(`${tag}CITY`, 60),
  state: words(`${tag}STATE`, 60),
  email: longestEmail(tag.toLowerCase()),
  cnic: "4210112345671",
  ntn: words(`${tag}NTN`, 50),
  gst: words(`${tag}GST`, 50),
  vat: words(`${tag}VAT`, 50),
  country_id: 1,
  country,
});

const item = (index: number): ShipmentLineView => ({
  desc: words(`ITEM${index}DESC`, 200),
  code: `${String(index).padStart(3, "0")}${"7".repeat(17)}`,
  quantity: 999_999,
  uom_id: 1,
  uom: { uomName: "PCS" },
  currency_id: 5,
  currency: { name: "US DOLLAR", code: "USD" },
  value: 99_999_999.99,
  total: 0,
  country_id: 1,
  country: { name: "PAKISTAN" },
});

const box = (index: number): ShipmentPackageView => ({
  name: words(`BOX${index}`, 40),
  quantity: 1,
  weight: 100000,
  length: 10000,
  width: 10000,
  height: 10000,
  accWeight: 200000000,
  chWeight: 200000000,
});

const longest = (overrides: Partial<ShipmentView> = {}): ShipmentView =>
  shipmentViewFixture({
    shipment_ref: words("REFERENCE", 100),
    sro_number: words("SRONUMBER", 60),
    financial_instruments_no: words("INSTRUMENT", 60),
    financial_instruments_bank: words("BANKNAME", 100),
    shipment_senders: [longestParty("SENDER", { name: "PAKISTAN", code: "586", iso2: "PK" })],
    shipment_receivers: [longestParty("RECEIVER", { name: "UNITED KINGDOM", code: "826", iso2: "GB" })],
    shipment_data: Array.from({ length: 100 }, (_, index) => item(index + 1)),
    shipment_packages: Array.from({ length: 200 }, (_, index) => box(index + 1)),
    total_packages: 200,
    ...overrides,
  });

let fileNo = 0;
async function save(pdf: Buffer): Promise<string> {
  fileNo += 1;
  const file = path.join(dir, `longest-${fileNo}.pdf`);
  await writeFile(file, pdf);
  return file;
}

/** The text of a page, or of one region of it (points from the top left), without any white space. */
async function squeezed(file: string, region?: { page: number; x: number; w: number; h: number }): Promise<string> {
  const crop = region
    ? [
        "-f",
        String(region.page),
        "-l",
        String(region.page),
        "-x",
        String(region.x),
        "-y",
        "0",
        "-W",
        String(region.w),
        "-H",
        String(region.h),
      ]
    : [];
  const { stdout } = await run("pdftotext", [...crop, file, "-"], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.replace(/\s+/g, "");
}

const bare = (value: string) => value.replace(/\s+/g, "");

function partyValues(party: ShipmentPartyView): string[] {
  return [
    party.name,
    party.company,
    party.phone,
    party.address,
    party.address_2,
    party.address_3,
    party.postal_code,
    party.city,
    party.state,
    party.email,
  ].filter((value): value is string => Boolean(value));
}

describe("the shipment documents print the longest values in full", () => {
  it("waybill: both copies carry every party and booking value, and the contents and sizes are all printed", async () => {
    const view = longest();
    const file = await save(await waybillPdf(view, company, "http://localhost:3000/tracking/1000000065"));
    const sender = view.shipment_senders[0] as ShipmentPartyView;
    const receiver = view.shipment_receivers[0] as ShipmentPartyView;
    const perCopy = [
      ...partyValues(sender),
      `NTN:${sender.ntn}`,
      `CNIC:${sender.cnic}`,
      ...partyValues(receiver),
      `VAT:${receiver.vat}`,
      view.shipment_ref ?? "",
    ];
    for (const x of [0, 421]) {
      const copy = await squeezed(file, { page: 1, x, w: 421, h: 596 });
      for (const value of perCopy) expect(copy).toContain(bare(value));
      expect(copy).not.toContain("…");
    }
    const all = await squeezed(file);
    for (const line of view.shipment_data) expect(all).toContain(bare(`${line.quantity} x ${line.desc}`));
    for (const pack of view.shipment_packages) expect(all).toContain(bare(`${pack.name}: 10000x10000x10000 cm`));
  });

  it("waybill: a document shipment's longest description (500 characters) fits its box on the one page", async () => {
    const view = longest({
      shipment_type: "Doc",
      shipment_desc: words("DOCUMENTS", 500),
      shipment_data: [],
      shipment_packages: [box(1)],
      total_packages: 1,
    });
    const file = await save(await waybillPdf(view, company, "http://localhost:3000/tracking/1"));
    const { stdout } = await run("pdfinfo", [file]);
    expect(stdout).toMatch(/Pages:\s+1\n/);
    for (const x of [0, 421])
      expect(await squeezed(file, { page: 1, x, w: 421, h: 596 })).toContain(bare(view.shipment_desc ?? ""));
  });

  it("invoice: every fact, party value and item line is printed in full", async () => {
    const view = longest();
    const file = await save(await invoicePdf(view, company));
    const all = await squeezed(file);
    const sender = view.shipment_senders[0] as ShipmentPartyView;
    const receiver = view.shipment_receivers[0] as ShipmentPartyView;
    for (const value of [
      view.shipment_ref,
      view.sro_number,
      view.financial_instruments_no,
      view.financial_instruments_bank,
      ...partyValues(sender),
      `NTN:${sender.ntn}`,
      `GST:${sender.gst}`,
      `CNIC:${sender.cnic}`,
      ...partyValues(receiver),
      `VAT:${receiver.vat}`,
      ...view.shipment_data.flatMap((line) => [line.desc, line.code]),
    ])
      expect(all).toContain(bare(value ?? ""));
    expect(all).not.toContain("…");
  });

  it("invoice: a document shipment's longest description is printed in full", async () => {
    const view = longest({ shipment_type: "Doc", shipment_desc: words("PAPERS", 500), shipment_data: [] });
    expect(await squeezed(await save(await invoicePdf(view, company)))).toContain(bare(view.shipment_desc ?? ""));
  });
});
