/**
 * Complaints end to end: a shipment is booked through the API, then a complaint is filed through
 * the C/N lookup, listed, and its status changed on the edit screen; customers see only their own.
 * Also the shipment documents as the server sends them: the waybill's barcodes decoded, the
 * customs invoice's text read.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { companyDay, companyToday } from "./dates";
import { type E2eUser, USERS } from "./fixtures";
import { at, cargoMenu, expect, openAsCargo, snap, storedToken, test } from "./helpers";
import {
  apiCall,
  closeResult,
  countryIdOf,
  exportCsv,
  openFromMenu,
  rowsWith,
  signInAdmin,
  table,
  textbox,
} from "./master-data-helpers";

const ADD = "/cargo/complain/add_complain";
const LIST = "/cargo/complain/view_complains";
const EDIT = "/cargo/complain/edit_complain";
const TABLE = "Complaint Details";
/** Seeded service 4 (ARAMEX PRIORITY) has no rate sheet: staff give the amount. */
const UNRATED_SERVICE = 4;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

interface Booked {
  shipment_id: number;
  tracking_id: string;
  shipment_date: string;
  shipment_receivers: { country: { name: string } }[];
  shipment_senders: { country: { name: string } }[];
}

/** Approves a fixture customer (which opens their receivable account) unless already approved; answers the id. */
async function approve(page: Page, customer: E2eUser): Promise<number> {
  const { body } = await apiCall(page, "GET", "/user_cargo");
  const row = Array.isArray(body) ? body.find((user) => isRecord(user) && user.email === customer.email) : null;
  if (!isRecord(row) || typeof row.id !== "number") throw new Error(`${customer.email} is not seeded`);
  if (row.userStatusId !== 2) {
    const approved = await apiCall(page, "POST", `/user_cargo/update_user_status/${row.id}`, { userStatusId: 2 });
    expect(approved.status, "customer approved").toBe(200);
  }
  return row.id;
}

/** Books a one-box Doc shipment from Karachi to London for `customerId` with the signed-in staff token. */
async function book(page: Page, customerId: number, overrides: Record<string, unknown> = {}): Promise<Booked> {
  const in7Days = companyDay(7);
  const { status, body } = await apiCall(page, "POST", "/shipment", {
    shipment_type: "Doc",
    shipment_desc: "Contract papers",
    service_type_id: UNRATED_SERVICE,
    shipment_tax_id: 1,
    expected_delivery_date: in7Days,
    financial_instruments: 0,
    customer_user_id: customerId,
    amount: 2500,
    sender: {
      name: "Bilal Ahmed",
      company: "Ahmed Textiles",
      country_id: await countryIdOf(page, "PK"),
      address: "Plot 22, Sector 7, Korangi",
      city: "Karachi",
      state: "Sindh",
      postal_code: "74900",
      phone: "03001234567",
    },
    receiver: {
      name: "Oliver Smith",
      company: "Smith Imports",
      country_id: await countryIdOf(page, "GB"),
      address: "10 Downing Street",
      city: "London",
      state: "England",
      postal_code: "SW1A 2AA",
      phone: "07400123456",
    },
    data: [],
    packages: [{ weight: 2.5, length: 30, width: 20, height: 10 }],
    ...overrides,
  });
  expect(status, `shipment booked: ${JSON.stringify(body)}`).toBe(200);
  const shipment = isRecord(body) && Array.isArray(body.shipment_data) ? body.shipment_data[0] : null;
  if (!isRecord(shipment)) throw new Error("the booking answered no shipment");
  return shipment as unknown as Booked;
}

/** "2026-03-07" as the screens show it: "07 Mar 2026". */
const dayLabel = (date: string): string =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "2-digit", month: "short", year: "numeric" }).format(
    new Date(`${date}T00:00:00Z`),
  );

async function lookUp(page: Page, cn: string): Promise<void> {
  await textbox(page, "C/N No").fill(cn);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

const saveComplain = (page: Page) => page.getByRole("button", { name: "Save Complain" });

test.describe.configure({ timeout: 60_000 });

test("staff file a complaint through the C/N lookup, find it in the list and change its status", async ({ page }) => {
  await signInAdmin(page);
  const shipment = await book(page, await approve(page, USERS.complaintCustomer));

  await openFromMenu(page, "Add Complain", ADD, "Add Complain");
  await expect(saveComplain(page)).toBeDisabled();
  await expect(textbox(page, "Complain Date")).toHaveValue(companyToday());

  await lookUp(page, "9999999999");
  await closeResult(page, "Error", SHIPMENT_MESSAGES.cnNotFound);
  await expect(textbox(page, "Shipper Name")).toHaveValue("");

  await lookUp(page, shipment.tracking_id);
  await expect(textbox(page, "Shipper Name")).toHaveValue("BILAL AHMED");
  await expect(textbox(page, "C/N Date")).toHaveValue(dayLabel(shipment.shipment_date));
  await expect(textbox(page, "Dox Type")).toHaveValue("Doc");
  await expect(textbox(page, "Shipper City")).toHaveValue("KARACHI");
  await expect(textbox(page, "Shipper Country")).toHaveValue(shipment.shipment_senders[0]?.country.name ?? "");
  await expect(textbox(page, "Consignee Name")).toHaveValue("OLIVER SMITH");
  await expect(textbox(page, "Consignee City")).toHaveValue("LONDON");
  await expect(textbox(page, "Consignee Country")).toHaveValue(shipment.shipment_receivers[0]?.country.name ?? "");
  await expect(textbox(page, "Unit")).toHaveValue("1");
  await expect(textbox(page, "Weight")).toHaveValue("3 kg");
  // The fields are for reading only.
  await expect(textbox(page, "Shipper Name")).toHaveAttribute("readonly", "");

  const complain = textbox(page, "Complain");
  await complain.fill("parcel arrived damaged, box torn");
  await expect(complain).toHaveValue("PARCEL ARRIVED DAMAGED, BOX TORN");
  await snap(page, "complaints-add");
  await saveComplain(page).click();
  await closeResult(page, "Success", "Complaint Added Successfully");

  // The form clears after saving.
  await expect(textbox(page, "C/N No")).toHaveValue("");
  await expect(textbox(page, "Shipper Name")).toHaveValue("");
  await expect(complain).toHaveValue("");
  await expect(saveComplain(page)).toBeDisabled();

  await openFromMenu(page, "View Complains", LIST, "Complaint Details");
  const row = rowsWith(page, TABLE, shipment.tracking_id);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("PARCEL ARRIVED DAMAGED, BOX TORN");
  await expect(row).toContainText("OPEN");
  await expect(page.getByRole("combobox", { name: /Rows per page/ })).toHaveText("50");
  const file = await exportCsv(page);
  expect(file.fileName).toMatch(/^complaints-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.lines.some((line) => line.includes(shipment.tracking_id) && line.includes("OPEN"))).toBe(true);
  await snap(page, "complaints-list");

  await row.getByRole("link", { name: /Edit/ }).click();
  await expect(page).toHaveURL(at(EDIT));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Complain");
  await expect(page.getByText(`Complaint on C/N ${shipment.tracking_id}`)).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "RESOLVED" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /^success$/ })).toBeVisible();
  await snap(page, "complaints-edit");

  await cargoMenu(page).getByRole("link", { name: "View Complains", exact: true }).click();
  await expect(rowsWith(page, TABLE, shipment.tracking_id)).toContainText("RESOLVED");
});

test("customers see and file complaints on their own shipments only, without Edit", async ({ page }) => {
  await signInAdmin(page);
  const mine = await book(page, await approve(page, USERS.complaintCustomer));
  const theirs = await book(page, await approve(page, USERS.complaintOtherCustomer));
  for (const [shipment, text] of [
    [mine, "MY PARCEL IS LATE"],
    [theirs, "SOMEONE ELSE'S PARCEL"],
  ] as const) {
    const filed = await apiCall(page, "POST", "/complaint/add_complaint", {
      cn_number: shipment.tracking_id,
      complaint_satement: text,
    });
    expect(filed.status).toBe(200);
  }
  await page.evaluate(() => localStorage.clear());

  const customer = USERS.complaintCustomer;
  await openAsCargo(page, customer);
  await expect(cargoMenu(page).getByRole("link", { name: "Edit Complain", exact: true })).toHaveCount(0);
  await openFromMenu(page, "View Complains", LIST, "Complaint Details");
  await expect(rowsWith(page, TABLE, mine.tracking_id).first()).toContainText("MY PARCEL IS LATE");
  await expect(rowsWith(page, TABLE, theirs.tracking_id)).toHaveCount(0);
  await expect(table(page, TABLE).getByRole("link", { name: /Edit/ })).toHaveCount(0);

  await openFromMenu(page, "Add Complain", ADD, "Add Complain");
  await lookUp(page, theirs.tracking_id);
  await closeResult(page, "Error", SHIPMENT_MESSAGES.cnNotFound);
  await lookUp(page, mine.tracking_id);
  await expect(textbox(page, "Consignee Name")).toHaveValue("OLIVER SMITH");
  await textbox(page, "Complain").fill("please call before delivery");
  await saveComplain(page).click();
  await closeResult(page, "Success", "Complaint Added Successfully");
});

const run = promisify(execFile);

/** Fetches one of a shipment's PDFs with the signed-in user's token. */
async function fetchPdf(page: Page, id: number, document: "waybill" | "invoice") {
  const response = await page.request.get(`/api/shipment/${id}/${document}.pdf`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  return { status: response.status(), type: response.headers()["content-type"] ?? "", body: await response.body() };
}

test("the waybill and the customs invoice come from the server, barcodes readable", async ({ page }) => {
  await signInAdmin(page);
  const customerId = await approve(page, USERS.complaintCustomer);
  const pack = await book(page, customerId, {
    shipment_type: "Pack",
    shipment_desc: "",
    shipment_purpose_id: 1,
    invoice_type: 1,
    rebate: 1,
    data: [
      {
        desc: "Cotton shirts",
        code: "62052000",
        quantity: 4,
        uom_id: 1,
        currency_id: 5,
        value: 12.5,
        country_id: await countryIdOf(page, "PK"),
      },
    ],
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-e2e-pdf-"));
  try {
    const waybill = await fetchPdf(page, pack.shipment_id, "waybill");
    expect(waybill.status).toBe(200);
    expect(waybill.type).toContain("application/pdf");
    expect(waybill.body.subarray(0, 5).toString()).toBe("%PDF-");
    const waybillFile = path.join(dir, "waybill.pdf");
    await writeFile(waybillFile, waybill.body);
    // The shipper copy (left half of landscape A4 at 200 dpi).
    await run("pdftoppm", [
      "-r",
      "200",
      "-png",
      "-singlefile",
      "-W",
      "1170",
      "-H",
      "1654",
      waybillFile,
      path.join(dir, "left"),
    ]);
    const decoded = async (symbology: string) =>
      (
        await run("zbarimg", ["--raw", "-q", "-Sdisable", `-S${symbology}.enable`, path.join(dir, "left.png")])
      ).stdout.trim();
    expect(await decoded("code128")).toBe(pack.tracking_id);
    expect(await decoded("qrcode")).toMatch(new RegExp(`^https?://[^/]+/tracking/${pack.tracking_id}$`));

    const invoice = await fetchPdf(page, pack.shipment_id, "invoice");
    expect(invoice.status).toBe(200);
    const invoiceFile = path.join(dir, "invoice.pdf");
    await writeFile(invoiceFile, invoice.body);
    const text = (await run("pdftotext", ["-layout", invoiceFile, "-"])).stdout;
    expect(text).toContain("CUSTOMS INVOICE");
    expect(text).toContain("Rebate Cliam");
    expect(text).toMatch(/COTTON SHIRTS\s+62052000\s+4/);
    expect(text).toMatch(/TOTAL INVOICE VALUE \([A-Z]{3}\)\s+50\.00/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
