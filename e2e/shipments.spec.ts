/**
 * Shipments end to end, after booking through the API: Shipment Details (search, view, waybill,
 * statuses, post voucher, delete), the edit form, the public tracking page showing the changes,
 * and a customer's own cards list with its date search.
 */
import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { USERS } from "./fixtures";
import { at, cargoMenu, expect, openAsCargo, storedToken, test } from "./helpers";
import {
  api,
  bookShipment,
  closeResult,
  companyDay,
  deliveryText,
  findInList,
  listCustomers,
  resultDialog,
  rowAction,
  rowOf,
  SHIPMENTS,
  shipmentById,
  signInAdmin,
  snapShipments,
  uniqueWord,
} from "./shipments-helpers";

// Each test walks several screens on a machine other runs share.
test.describe.configure({ timeout: 90_000 });

test("staff find a shipment, open it and its waybill, add and edit statuses, and the public page shows them", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  const { mine } = await listCustomers(page);
  const receiver = `RECEIVER ${uniqueWord()}`;
  const booked = await bookShipment(page, { customer: mine, receiver });

  await cargoMenu(page).getByRole("link", { name: "Shipment List", exact: true }).click();
  await expect(page).toHaveURL(at(SHIPMENTS.list));
  const row = await findInList(page, booked.tracking_id);
  await expect(row).toContainText(receiver);
  await expect(row).toContainText("LONDON, United Kingdom");
  await expect(row).toContainText("1,500.00 PKR");
  await expect(row).toContainText("BOOKED");
  await expect(row).toContainText("3 kg");
  await snapShipments(page, "list");

  // The view: every field the spec lists; a Doc has no invoice.
  await row.getByRole("link", { name: booked.tracking_id }).click();
  await expect(page).toHaveURL(at(SHIPMENTS.view));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("View Shipment");
  const summary = page.getByRole("region", { name: "Shipment", exact: true });
  for (const label of [
    "Tracking ID",
    "Status",
    "Reference",
    "Delivery Option",
    "Type",
    "Total Weight",
    "Total Value",
    "Tax Payer",
  ])
    await expect(summary.getByText(label, { exact: true })).toBeVisible();
  await expect(summary).toContainText("ARAMEX PRIORITY");
  await expect(summary).toContainText(deliveryText(companyDay(7)));
  await expect(page.getByRole("region", { name: "Ship To" })).toContainText(receiver);
  await expect(page.getByRole("region", { name: "Ship From" })).toContainText("AHMED TEXTILES");
  await expect(page.getByRole("table", { name: "Packages" })).toContainText("3 kg");
  await expect(page.getByRole("table", { name: "Tracking History" })).toContainText("BOOKED");
  // The spec enables Invoice whenever the invoice type is 1 (custom invoice), for a Doc too.
  await expect(page.getByRole("button", { name: "Invoice" })).toBeEnabled();
  await snapShipments(page, "view");

  // The waybill opens in a new window, fetched with the token.
  const [waybill, popup] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/api/shipment/${booked.shipment_id}/waybill.pdf`)),
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: "Waybill" }).click(),
  ]);
  expect(waybill.status()).toBe(200);
  expect(waybill.headers()["content-type"]).toContain("application/pdf");
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
  const pdf = await page.request.get(`/api/shipment/${booked.shipment_id}/waybill.pdf`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(at(SHIPMENTS.list));

  // Add Status: Add stays disabled until both the status and the location are given.
  await findInList(page, booked.tracking_id);
  await (await rowAction(page, booked.tracking_id, "Add Status")).click();
  const add = page.getByRole("dialog", { name: `Add Status · ${booked.tracking_id}` });
  const addButton = add.getByRole("button", { name: "Add", exact: true });
  await expect(addButton).toBeDisabled();
  await add.getByRole("combobox", { name: "Status" }).fill("in transit");
  await expect(addButton).toBeDisabled();
  await add.getByRole("textbox", { name: "Location" }).fill("dubai hub");
  await expect(add.getByRole("textbox", { name: "Location" })).toHaveValue("DUBAI HUB");
  await addButton.click();
  await expect(add).toBeHidden();
  await expect(rowOf(page, booked.tracking_id)).toContainText("IN TRANSIT");

  // Edit Status: change the new row's location and the expected delivery date.
  await (await rowAction(page, booked.tracking_id, "Edit Status")).click();
  const edit = page.getByRole("dialog", { name: `Edit Status · ${booked.tracking_id}` });
  const second = edit.getByRole("group", { name: "Status row 2" });
  await expect(second.getByRole("combobox", { name: "Status" })).toHaveValue("IN TRANSIT");
  await second.getByRole("textbox", { name: "Location" }).fill("DUBAI AIRPORT");
  const delivery = edit.getByLabel("Expected Delivery Date");
  await delivery.fill(companyDay(-1));
  await expect(edit.getByText("The expected delivery date cannot be earlier than today")).toBeVisible();
  await expect(edit.getByRole("button", { name: "Save" })).toBeDisabled();
  await delivery.fill(companyDay(10));
  await snapShipments(page, "edit-status");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();

  const stored = await shipmentById(page, booked.shipment_id);
  expect(stored.expected_delivery_date).toBe(companyDay(10));
  expect(stored.track_status).toBe("IN TRANSIT");
  expect(stored.history).toEqual([
    expect.objectContaining({ status: "BOOKED" }),
    expect.objectContaining({ status: "IN TRANSIT", status_location: "DUBAI AIRPORT" }),
  ]);

  // The public page, signed out: the new status and location and the formatted date.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/tracking/${booked.tracking_id}`);
  await expect(publicPage.getByRole("textbox", { name: "Tracking Number" })).toHaveValue(booked.tracking_id);
  const history = publicPage.getByRole("table", { name: "Tracking history" });
  await expect(history.getByRole("row").nth(1)).toContainText("IN TRANSIT");
  await expect(history.getByRole("row").nth(1)).toContainText("DUBAI AIRPORT");
  await expect(publicPage.getByTestId("expected-delivery")).toHaveText(
    `Expected delivery: ${deliveryText(companyDay(10))}`,
  );
  await expect(publicPage.getByText(receiver)).toHaveCount(0);
  await snapShipments(publicPage, "tracking");
  await visitor.close();
});

test("posting the voucher: Success, a second post refused, a posted shipment not deleted; an unposted one deleted after confirming", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  const { mine } = await listCustomers(page);
  const posted = await bookShipment(page, { customer: mine });
  const unposted = await bookShipment(page, { customer: mine });

  // A second tab holds the list from before the post (another clerk's stale screen).
  const stale = await context.newPage();
  await findInList(stale, posted.tracking_id);

  await findInList(page, posted.tracking_id);
  await (await rowAction(page, posted.tracking_id, "Post Voucher")).click();
  const confirm = page.getByRole("dialog", { name: "Post Voucher" });
  await expect(confirm).toContainText(posted.tracking_id);
  await confirm.getByRole("button", { name: "Post" }).click();
  await closeResult(page, "Success", /Voucher .+ posted/);
  const voucher = String((await shipmentById(page, posted.shipment_id)).voucher_number);
  expect(voucher).not.toBe("null");
  await expect(rowOf(page, posted.tracking_id)).toContainText(voucher);
  await expect(await rowAction(page, posted.tracking_id, "Post Voucher")).toBeDisabled();
  await page.keyboard.press("Escape");

  await (await rowAction(stale, posted.tracking_id, "Post Voucher")).click();
  await stale.getByRole("dialog", { name: "Post Voucher" }).getByRole("button", { name: "Post" }).click();
  await closeResult(stale, "Error", SHIPMENT_MESSAGES.posted);
  await stale.close();

  // The charge is in the customer's cargo ledger: a debit carrying the C/N's columns.
  const customer = (await api(page, "GET", `/user_cargo/${mine}`)).body as { receivableAccountId: number };
  await page.goto(`/cargo/ledger/ledger_table?levelFiveId=${customer.receivableAccountId}`);
  const charge = page.getByRole("row").filter({ hasText: voucher });
  await expect(charge).toContainText(posted.tracking_id);
  await expect(charge).toContainText("1,500.00");
  await expect(charge).toContainText("Debit");
  await page.goto("/cargo/shipment/shipments_list");

  await (await rowAction(page, posted.tracking_id, "Delete")).click();
  await page.getByRole("dialog", { name: "Delete Shipment" }).getByRole("button", { name: "Delete" }).click();
  await closeResult(page, "Error", SHIPMENT_MESSAGES.postedDelete);
  await expect(rowOf(page, posted.tracking_id)).toHaveCount(1);

  await findInList(page, unposted.tracking_id);
  await (await rowAction(page, unposted.tracking_id, "Delete")).click();
  const askDelete = page.getByRole("dialog", { name: "Delete Shipment" });
  await askDelete.getByRole("button", { name: "Cancel" }).click();
  await expect(askDelete).toBeHidden();
  await expect(rowOf(page, unposted.tracking_id)).toHaveCount(1);
  await (await rowAction(page, unposted.tracking_id, "Delete")).click();
  await askDelete.getByRole("button", { name: "Delete" }).click();
  await closeResult(page, "Success", "Shipment deleted successfully");
  await expect(page.getByText("No shipment matches your search.")).toBeVisible();
  expect((await api(page, "GET", `/shipment/${unposted.shipment_id}`)).status).toBe(404);
});

test("the edit form turns a Doc into a Pack with an item line and a financial instrument", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  const { mine } = await listCustomers(page);
  const booked = await bookShipment(page, { customer: mine });

  // shipment_by_id, where list clicks land, gives staff holding Shipment Edit the same edit form.
  await page.goto(`${SHIPMENTS.byId}?id=${booked.shipment_id}`);
  await expect(page.getByRole("form", { name: "Edit Shipment" })).toBeVisible();

  await findInList(page, booked.tracking_id);
  await (await rowAction(page, booked.tracking_id, "Edit")).click();
  await expect(page).toHaveURL(at(SHIPMENTS.edit));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Shipment");
  const form = page.getByRole("form", { name: "Edit Shipment" });
  const save = form.getByRole("button", { name: "Save", exact: true });
  const detail = form.getByRole("region", { name: "Detail" });
  await expect(detail.getByRole("textbox", { name: "Description" })).toHaveValue("CONTRACT PAPERS");
  await expect(save).toBeEnabled();

  // Pack with no lines starts one empty line; Save waits for the purpose and the line.
  await form.getByRole("button", { name: "Pack (packages)" }).click();
  await expect(detail.getByRole("textbox", { name: "Description" })).toHaveCount(0);
  const item = form.getByRole("group", { name: "Item 1" });
  await expect(item).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(form.getByRole("button", { name: "Add item" })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Remove item 1" })).toBeDisabled();
  await form.getByRole("combobox", { name: "Purpose" }).selectOption({ index: 1 });
  await item.getByRole("textbox", { name: "Description" }).fill("cotton shirts");
  await item.getByRole("textbox", { name: "HS Code" }).fill("62052000");
  await item.getByRole("textbox", { name: "Quantity" }).fill("3");
  await item.getByRole("textbox", { name: "Value" }).fill("12.5");
  await item.getByRole("combobox", { name: "Origin" }).fill("Pakistan");
  await page.getByRole("option", { name: "Pakistan", exact: true }).click();
  await expect(item).toContainText("37.50 USD");
  await expect(form.getByRole("button", { name: "Add item" })).toBeEnabled();

  // Financial instrument YES shows its fields, upper-cased; rebate YES shows the SRO number.
  await form.getByRole("combobox", { name: "Financial Instrument" }).selectOption("1");
  await form.getByRole("textbox", { name: "Bank" }).fill("habib bank");
  await expect(form.getByRole("textbox", { name: "Bank" })).toHaveValue("HABIB BANK");
  await form.getByRole("textbox", { name: "Instrument Number" }).fill("fi-778");
  await form.getByRole("combobox", { name: "Rebate Claim" }).selectOption("1");
  await form.getByRole("textbox", { name: "SRO Number" }).fill("sro 12");
  // The sender on this shipment's waybill changes too (the address book does not).
  await form.getByRole("group", { name: "Sender" }).getByRole("textbox", { name: "Name" }).fill("hamza traders");
  await expect(save).toBeEnabled();
  await snapShipments(page, "edit");
  await save.click();
  await closeResult(page, "Success", "success");

  const stored = await shipmentById(page, booked.shipment_id);
  expect(stored).toMatchObject({
    shipment_type: "Pack",
    financial_instruments: 1,
    financial_instruments_bank: "HABIB BANK",
    financial_instruments_no: "FI-778",
    sro_number: "SRO 12",
    shipment_data: [expect.objectContaining({ desc: "COTTON SHIRTS", code: "62052000", quantity: 3, value: 12.5 })],
    shipment_senders: [expect.objectContaining({ name: "HAMZA TRADERS" })],
  });
});

test("a customer sees only their own shipments as cards, pages through them and searches by date", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAdmin(page);
  const { mine, other } = await listCustomers(page);
  const word = uniqueWord();
  const theirs = await bookShipment(page, { customer: other, receiver: `OTHER ${word}` });
  const own = [];
  for (let index = 0; index < 11; index++)
    own.push(await bookShipment(page, { customer: mine, receiver: `MINE ${word}` }));
  // Staff post a charge later on, through the API, while the customer's session stays in the page.
  const staffToken = await storedToken(page);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await openAsCargo(page, USERS.listCustomer);
  await cargoMenu(page).getByRole("link", { name: "View Shipments", exact: true }).click();
  await expect(page).toHaveURL(at(SHIPMENTS.cards));
  const cards = page.getByRole("list", { name: "Shipments" }).getByRole("listitem");
  await expect(cards).toHaveCount(10);
  const newest = own.at(-1);
  if (!newest) throw new Error("nothing booked");
  await expect(cards.first()).toContainText(newest.tracking_id);
  await expect(page.getByRole("link", { name: `Shipment ${theirs.tracking_id}` })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "pagination navigation" })).toBeVisible();
  await snapShipments(page, "cards");

  // The date search: today holds the customer's shipments only; a past month holds none.
  await page.getByLabel("Start Date").fill(companyDay(0));
  await page.getByLabel("End Date").fill(companyDay(0));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: `Shipment ${own[0]?.tracking_id}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Shipment ${theirs.tracking_id}` })).toHaveCount(0);
  await page.getByLabel("Start Date").fill("2020-01-01");
  await page.getByLabel("End Date").fill("2020-01-31");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No shipments between these dates.")).toBeVisible();
  await page.getByRole("button", { name: "Show All" }).click();

  // A card opens the edit form at shipment_by_id: the customer changes their own unposted shipment,
  // sender and receiver included; another customer's shipment is not found.
  await page.getByRole("link", { name: `Shipment ${newest.tracking_id}` }).click();
  await expect(page).toHaveURL(at(SHIPMENTS.byId));
  const form = page.getByRole("form", { name: "Edit Shipment" });
  await expect(form).toContainText(newest.tracking_id);
  const receiver = form.getByRole("group", { name: "Receiver" });
  await receiver.getByLabel("City").fill("new york city");
  await receiver.getByLabel("Postal Code").fill("10002");
  await form.getByRole("button", { name: "Save" }).click();
  await closeResult(page, "Success", "success");
  const changed = await shipmentById(page, newest.shipment_id);
  expect(JSON.stringify(changed)).toContain("NEW YORK CITY");
  await snapShipments(page, "customer-edit");
  await page.goto(`${SHIPMENTS.byId}?id=${theirs.shipment_id}`);
  await expect(page.getByText("There is no such shipment.")).toBeVisible();

  // Once staff post the charge, the customer's form says why it can no longer be saved.
  const posted = own[0];
  if (!posted) throw new Error("nothing booked");
  const post = await page.request.get(`/api/shipment/shipment_post_voucher/${posted.shipment_id}`, {
    headers: { Authorization: `Bearer ${staffToken}` },
  });
  expect(post.status()).toBe(200);
  await page.goto(`${SHIPMENTS.byId}?id=${posted.shipment_id}`);
  await expect(page.getByText(SHIPMENT_MESSAGES.postedCustomerEdit)).toBeVisible();
  await expect(page.getByRole("form", { name: "Edit Shipment" }).getByRole("button", { name: "Save" })).toBeDisabled();

  // The table's row menu offers a customer only Edit.
  await page.goto(SHIPMENTS.list);
  await expect(page.getByRole("table", { name: "Shipment Details" })).toContainText(newest.tracking_id);
  await page.getByRole("button", { name: `Actions for ${newest.tracking_id}` }).click();
  await expect(page.getByRole("menuitem")).toHaveText(["Edit"]);
  await page.keyboard.press("Escape");
  await expect(resultDialog(page, "Error")).toHaveCount(0);
});
