/**
 * Shipment Details as a list people live in: sort, booking-date and status filters, the list's
 * state in the address (Back after opening a shipment brings the same list), one PDF with the
 * waybills of the chosen rows, and posting the chosen rows' charges with a result per shipment.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { USERS } from "./fixtures";
import { at, expect, openAsCargo, storedToken, test } from "./helpers";
import {
  api,
  bookShipment,
  companyDay,
  listCustomers,
  rowOf,
  SHIPMENTS,
  shipmentTable,
  signInAdmin,
  snapShipments,
  uniqueWord,
} from "./shipments-helpers";

test.describe.configure({ timeout: 120_000 });

const pdfPages = (bytes: Buffer): number => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "waybills-")), "waybills.pdf");
  writeFileSync(file, bytes);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
};
const pdfText = (bytes: Buffer): string => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "waybills-")), "waybills.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
};

test("Shipment Details sorts, filters, keeps its state in the address, prints and posts chosen rows", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  const { mine } = await listCustomers(page);
  const word = uniqueWord();
  const booked = [];
  for (let i = 0; i < 3; i++) booked.push(await bookShipment(page, { customer: mine, receiver: `RECEIVER ${word}` }));
  const statuses = await api(page, "GET", "/shipment/shipment_status");
  const other = Array.isArray(statuses.body)
    ? statuses.body.map((option: { name: string }) => option.name).find((name) => name !== "BOOKED")
    : undefined;
  if (!other) throw new Error("the server lists no status but BOOKED");
  const [first, second, third] = booked;
  if (!first || !second || !third) throw new Error("three bookings expected");
  const added = await api(page, "POST", `/shipment/add_shipment_status/${second.shipment_id}`, {
    data: { status: other, status_location: "KARACHI" },
  });
  expect(added.status).toBe(200);

  await page.goto(SHIPMENTS.list);
  await page.getByRole("searchbox", { name: "Search shipments" }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  const rows = shipmentTable(page).getByRole("row");
  await expect(rows).toHaveCount(4);

  // Sort: tracking ids ascending from the menu, then the Amount header.
  const ascending = booked.map((b) => b.tracking_id).sort();
  await page.getByRole("combobox", { name: "Sort by" }).click();
  await page.getByRole("option", { name: "Tracking ID (ascending)" }).click();
  await expect(page).toHaveURL(/sort=tracking&order=asc/);
  for (const [index, trackingId] of ascending.entries()) await expect(rows.nth(index + 1)).toContainText(trackingId);
  await snapShipments(page, "list-sorted");
  await shipmentTable(page).getByRole("button", { name: "Amount" }).click();
  await expect(page).toHaveURL(/sort=amount&order=desc/);

  // Filters: the status from the server's list; a booking-date range in the company's calendar.
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: other, exact: true }).click();
  await expect(rows).toHaveCount(2);
  await expect(rowOf(page, second.tracking_id)).toHaveCount(1);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(4);
  await page.getByLabel("Booked to").fill(companyDay(-1));
  await expect(shipmentTable(page)).toContainText("No shipment matches your search.");
  await page.getByLabel("Booked to").fill(companyDay(0));
  await page.getByLabel("Booked from").fill(companyDay(0));
  await expect(rows).toHaveCount(4);
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: other, exact: true }).click();
  await expect(rows).toHaveCount(2);
  await snapShipments(page, "list-filtered");

  // Open the shipment, then Back: the same search, sort and filters, the same rows.
  const listUrl = page.url();
  await rowOf(page, second.tracking_id).getByRole("link", { name: second.tracking_id }).click();
  await expect(page).toHaveURL(at(SHIPMENTS.view));
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole("searchbox", { name: "Search shipments" })).toHaveValue(word);
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveText(other);
  await expect(page.getByLabel("Booked from")).toHaveValue(companyDay(0));
  await expect(rows).toHaveCount(2);
  await expect(rowOf(page, second.tracking_id)).toHaveCount(1);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(4);

  // Bulk print: one PDF with the three waybills.
  await page.getByRole("checkbox", { name: "Choose this page" }).check();
  await expect(page.getByText("3 shipments chosen")).toBeVisible();
  const pdfAnswer = page.waitForResponse((r) => r.url().endsWith("/api/shipment/waybills.pdf"));
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Print waybills" }).click();
  const response = await pdfAnswer;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  // The window's copy of the body is gone once the page made a blob of it: ask again for the same ids.
  const sent: { ids: number[] } = response.request().postDataJSON();
  expect([...sent.ids].sort()).toEqual(booked.map((b) => b.shipment_id).sort());
  const again = await page.request.post("/api/shipment/waybills.pdf", {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
    data: sent,
  });
  expect(again.status()).toBe(200);
  const bytes = await again.body();
  expect(pdfPages(bytes)).toBe(3);
  const text = pdfText(bytes);
  for (const b of booked) expect(text).toContain(b.tracking_id);
  await (await popup).close();

  // Bulk post: one already posted on its own, the other two posted now; each says what happened.
  const single = await api(page, "GET", `/shipment/shipment_post_voucher/${first.shipment_id}`);
  expect(single.status).toBe(200);
  await page.getByRole("button", { name: "Post charges" }).click();
  const dialog = page.getByRole("dialog", { name: /Post charges: 2 of 3 posted/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${first.tracking_id}: Already posted`);
  await expect(dialog).toContainText(`${second.tracking_id}: Posted`);
  await expect(dialog).toContainText(`${third.tracking_id}: Posted`);
  await snapShipments(page, "list-bulk-post");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("0 shipments chosen")).toBeVisible();
  for (const b of booked) await expect(rowOf(page, b.tracking_id)).not.toContainText("Not posted");
});

test("every C/N number links to its shipment; the cargo ledger keeps its money columns in view", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  const { mine } = await listCustomers(page);
  const booked = await bookShipment(page, { customer: mine, receiver: `RECEIVER ${uniqueWord()}` });
  expect((await api(page, "GET", `/shipment/shipment_post_voucher/${booked.shipment_id}`)).status).toBe(200);
  const filed = await api(page, "POST", "/complaint/add_complaint", {
    cn_number: booked.tracking_id,
    complaint_satement: "WHERE IS MY PARCEL",
  });
  expect(filed.status).toBe(200);

  // Complaints list: the C/N opens the shipment's view.
  await page.goto("/cargo/complain/view_complains");
  await page.getByRole("link", { name: booked.tracking_id }).first().click();
  await expect(page).toHaveURL(new RegExp(`${SHIPMENTS.view}\\?id=${booked.shipment_id}$`));

  // The customer's cargo ledger: the tracking number opens the tracking page; the money stays in view.
  await page.evaluate(() => localStorage.clear());
  await openAsCargo(page, USERS.listCustomer);
  await page.goto("/cargo/ledger/ledger_report");
  await page.getByRole("button", { name: "Search" }).click();
  const ledger = page.getByRole("table", { name: "Ledger entries" });
  const link = ledger.getByRole("link", { name: booked.tracking_id }).first();
  await expect(link).toBeVisible();
  const viewport = page.viewportSize()?.width ?? 1280;
  for (const header of ["Debit", "Credit", "Balance", "DR/CR"]) {
    const box = await ledger.getByRole("columnheader", { name: header, exact: true }).boundingBox();
    expect(box, header).not.toBeNull();
    expect((box?.x ?? viewport) + (box?.width ?? 0), `${header} in view`).toBeLessThanOrEqual(viewport);
  }
  await snapShipments(page, "ledger-pinned");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/tracking/${booked.tracking_id}$`));
});
