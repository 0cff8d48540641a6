/**
 * The create-shipment wizard end to end: staff book a Doc shipment for a customer (new sender
 * saved to the address book, receiver from contacts, two packages, no rate so the amount is typed)
 * and a Pack shipment (item rows with the currency copied, custom invoice), and a customer books
 * one for themselves. The charge shows before Save; after it a result panel keeps the tracking
 * number and opens the waybill (and the Pack one's invoice) from its own clicks. The half-filled
 * wizard survives a reload and a sidebar click as the user's draft.
 */
import { MASTER_MESSAGES, RATE_MESSAGES, SHIPMENT_MESSAGES } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { ADMIN, USERS } from "./fixtures";
import { accountMenu, at, cargoMenu, expect, openAsCargo, test } from "./helpers";
import {
  ADD_SHIPMENT,
  addContact,
  api,
  approveWizardCustomer,
  choose,
  combobox,
  countryIdOf,
  expectPdf,
  isoDay,
  PK_PHONE,
  pdfAnswer,
  pickCountry,
  pickOption,
  RATED_SERVICE,
  saveReasons,
  saveShipment,
  section,
  shipmentById,
  snapWizard,
  textbox,
  UNRATED_SERVICE,
  US_PHONE,
  uploadRateSheet,
} from "./shipment-create-helpers";

const USA = "United States of America";

// Whole wizards on a machine other runs share.
test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 1280, height: 900 } });

const uniqueWord = (): string =>
  Array.from({ length: 5 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[Math.floor(Math.random() * 26)]).join("");

async function openWizard(page: Page): Promise<void> {
  await cargoMenu(page).getByRole("link", { name: "Add Shipment", exact: true }).click();
  await expect(page).toHaveURL(at(ADD_SHIPMENT));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Shipment");
  await expect(section(page, "Ship from (sender)")).toBeVisible();
}

const box = (page: Page, n: number) => page.getByRole("group", { name: `BOX ${n}` });
const item = (page: Page, n: number) => page.getByRole("group", { name: `Item ${n}` });
const radioIn = (page: Page, group: string, name: string) =>
  page.getByRole("radiogroup", { name: group }).getByRole("radio", { name, exact: true });

async function fillBox(page: Page, n: number, weight: string, length: string, width: string, height: string) {
  const row = box(page, n);
  await textbox(row, "Weight (kg)").fill(weight);
  await textbox(row, "Length (cm)").fill(length);
  await textbox(row, "Width (cm)").fill(width);
  await textbox(row, "Height (cm)").fill(height);
}

/** Payment: who pays, the delivery date and no financial instrument. */
async function fillPayment(page: Page, payer: string) {
  await choose(page, page, "Duties and taxes paid by", payer);
  await page.getByLabel("Estimated delivery date").fill(isoDay(3));
  await radioIn(page, "Financial instrument", "No").check();
}

/** Counts the windows the page opens from now on. */
function countPopups(page: Page): () => number {
  let count = 0;
  page.on("popup", () => {
    count += 1;
  });
  return () => count;
}

test("staff book a Doc shipment: new sender saved, receiver from contacts, no rate so the amount is typed", async ({
  page,
}) => {
  const word = uniqueWord();
  await openAsCargo(page, ADMIN);
  const customerId = await approveWizardCustomer(page);
  const [pk, us] = [await countryIdOf(page, "PK"), await countryIdOf(page, "US")];
  await addContact(page, "receiver", {
    name: `Lahore ${word}`,
    company: `Same ${word}`,
    country_id: pk,
    phone: PK_PHONE,
    city: "Lahore",
  });
  await addContact(page, "receiver", {
    name: `Ann ${word}`,
    company: `Acme ${word}`,
    country_id: us,
    phone: US_PHONE,
    city: "New York",
    email: "Ann@Acme.example",
  });
  await openWizard(page);

  await pickOption(page, page, "Customer", "wizardcustomer", /wizardcustomer@e2e\.local/);

  // Sender, New: the phone waits for a country and is cleared when the country changes.
  const sender = section(page, "Ship from (sender)");
  const continueButton = sender.getByRole("button", { name: "Continue" });
  const saveSender = sender.getByRole("button", { name: "Save Sender" });
  await expect(textbox(sender, "Phone")).toBeDisabled();
  await expect(continueButton).toBeDisabled();
  await textbox(sender, "Name").fill(`ali ${word}`);
  await expect(textbox(sender, "Name")).toHaveValue(`ALI ${word}`);
  await textbox(sender, "Company").fill(`ali traders ${word}`);
  await pickCountry(sender, page, USA, "United States");
  await textbox(sender, "Phone").fill(US_PHONE);
  await pickCountry(sender, page, "Pakistan");
  await expect(textbox(sender, "Phone")).toHaveValue("");
  await textbox(sender, "Phone").fill("12345");
  await expect(sender.getByText(MASTER_MESSAGES.cell)).toBeVisible();
  await textbox(sender, "Phone").fill(PK_PHONE);
  await textbox(sender, "Address").fill("A".repeat(45));
  await expect(sender.getByText(MASTER_MESSAGES.address)).toBeVisible();
  await expect(continueButton).toBeDisabled();
  await textbox(sender, "Address").fill("shop 4, saddar");
  await expect(continueButton).toBeEnabled();
  // Saving to the address book needs more than continuing does.
  await expect(saveSender).toBeDisabled();
  await textbox(sender, "City").fill("karachi");
  await textbox(sender, "State").fill("sindh");
  await textbox(sender, "Postal Code").fill("74000");
  await textbox(sender, "NTN").fill("7654321-0");
  await snapWizard(page, "sender-new");
  await saveSender.click();

  // The sender is in the address book now, and the wizard moved on.
  const receiver = section(page, "Ship to (receiver)");
  await expect(receiver).toBeVisible();
  const saved = await api(page, "GET", `/sender?search=${word}`);
  expect(saved.body).toMatchObject({
    total_results: 1,
    data: [{ name: `ALI ${word}`, city: "KARACHI", ntn: "7654321-0" }],
  });

  // Receiver from contacts: one in the sender's country is refused, the other moves on.
  await receiver.getByRole("radio", { name: "From Contact" }).check();
  await expect(receiver.getByRole("button", { name: "Save Receiver" })).toHaveCount(0);
  await pickOption(receiver, page, "Name", `lahore ${word}`, new RegExp(`LAHORE ${word}`));
  await expect(receiver.getByText(SHIPMENT_MESSAGES.sameCountry)).toBeVisible();
  await expect(receiver.getByRole("button", { name: "Continue" })).toBeDisabled();
  await pickOption(receiver, page, "Name", `ann ${word}`, new RegExp(`ANN ${word}`));
  await expect(page.getByRole("region", { name: "Packaging details" })).toBeVisible();

  // Back on the receiver: the contact's fields are upper-cased and locked.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(textbox(receiver, "Company")).toHaveValue(`ACME ${word}`);
  await expect(textbox(receiver, "Company")).toBeDisabled();
  await expect(textbox(receiver, "City")).toHaveValue("NEW YORK");
  await expect(textbox(receiver, "Email")).toHaveValue("ann@acme.example");
  await receiver.getByRole("button", { name: "Continue" }).click();

  // Packaging: rows follow the count, a size of 0 is refused with the server's message and kept as typed,
  // a decimal comma is read as a point, the dimensional weight wins for BOX 2.
  await expect(saveShipment(page)).toBeDisabled();
  await expect(saveReasons(page)).toContainText("service type");
  const count = page.getByRole("spinbutton", { name: "Number of packages" });
  await count.fill("3");
  await expect(box(page, 3)).toBeVisible();
  await count.fill("2");
  await expect(box(page, 3)).toHaveCount(0);
  await fillBox(page, 1, "2", "0", "10", "10");
  await textbox(box(page, 1), "Width (cm)").focus();
  await expect(textbox(box(page, 1), "Length (cm)")).toHaveValue("0");
  await expect(box(page, 1).getByText(SHIPMENT_MESSAGES.dimension)).toBeVisible();
  await expect(saveReasons(page)).toContainText("package sizes");
  await textbox(box(page, 1), "Length (cm)").fill("10");
  await fillBox(page, 2, "1,5", "50", "40", "30");
  await expect(textbox(box(page, 2), "Weight (kg)")).toHaveValue("1.5");
  await expect(page.getByTestId("dimensional-1")).toHaveText("0.20 kg");
  await expect(page.getByTestId("chargeable-1")).toHaveText("2 kg");
  await expect(page.getByTestId("dimensional-2")).toHaveText("12.00 kg");
  await expect(page.getByTestId("chargeable-2")).toHaveText("12 kg");
  await expect(page.getByTestId("total-weight")).toContainText("14 kg");

  await choose(page, page, "Service type", UNRATED_SERVICE.name);
  await expect(radioIn(page, "Invoice type", "Custom invoice")).toBeChecked();
  await expect(radioIn(page, "Shipment type", "DOCUMENT")).toBeChecked();
  await expect(textbox(page, "Reference")).toHaveValue(/ADMIN/);
  await expect(saveReasons(page)).toContainText("document description");
  await textbox(page, "Document description").fill("contract papers");
  await page.getByLabel("Estimated delivery date").fill(isoDay(-1));
  await expect(page.getByText(SHIPMENT_MESSAGES.deliveryDatePast)).toBeVisible();
  await fillPayment(page, "SENDER (DDP)");
  await snapWizard(page, "doc-ready");

  // No rate covers ARAMEX to the US: the charge panel says so before Save and staff type the amount.
  const charge = page.getByRole("region", { name: "Charge" });
  await expect(charge).toContainText(`No rate: ${RATE_MESSAGES.noRate}`);
  await expect(saveShipment(page)).toBeDisabled();
  await expect(saveReasons(page)).toContainText("amount");
  await textbox(page, "Amount (PKR)").fill("5000");
  await expect(saveShipment(page)).toBeEnabled();
  await snapWizard(page, "doc-no-rate");

  // Saved: the result panel keeps the tracking number; the waybill opens from its own click.
  const popups = countPopups(page);
  await saveShipment(page).click();
  const booked = page.getByRole("region", { name: "Shipment booked" });
  await expect(booked).toContainText(/Tracking number\s*\d{10,}/);
  expect(popups()).toBe(0);
  const tracking = (await booked.getByTestId("booked-tracking").textContent()) ?? "";
  const waybill = pdfAnswer(page, "waybill");
  await booked.getByRole("button", { name: "Print waybill" }).click();
  const id = await expectPdf(page, await waybill);
  expect(popups()).toBe(1);
  await expect(booked.getByRole("link", { name: "View" })).toHaveAttribute("href", new RegExp(`id=${id}$`));
  await snapWizard(page, "doc-booked");

  // Book another for this customer: a fresh wizard with the customer kept; the draft is gone.
  await booked.getByRole("button", { name: "Book another for this customer" }).click();
  await expect(textbox(section(page, "Ship from (sender)"), "Name")).toHaveValue("");
  await expect(combobox(page, "Customer")).not.toHaveValue("");
  expect(tracking).toMatch(/^\d{10,}$/);

  const shipment = await shipmentById(page, id);
  expect(shipment).toMatchObject({
    shipment_type: "Doc",
    shipment_desc: "CONTRACT PAPERS",
    customer_user_id: customerId,
    service_type_id: UNRATED_SERVICE.id,
    total_packages: 2,
    total_weight: 14,
    base_amount: 5000,
    rate_manual: 1,
    invoice_type: 1,
    financial_instruments: 0,
    expected_delivery_date: isoDay(3),
    shipment_senders: [{ name: `ALI ${word}`, company: `ALI TRADERS ${word}`, phone: PK_PHONE }],
    shipment_receivers: [{ name: `ANN ${word}`, city: "NEW YORK" }],
    shipment_packages: [
      { name: "BOX 1", weight: 2, accWeight: 0.2, chWeight: 2 },
      { name: "BOX 2", weight: 1.5, accWeight: 12, chWeight: 12 },
    ],
    shipment_data: [],
  });
});

test("staff book a Pack shipment from contacts with item rows; the waybill and the custom invoice open", async ({
  page,
}) => {
  const word = uniqueWord();
  await openAsCargo(page, ADMIN);
  const customerId = await approveWizardCustomer(page);
  await uploadRateSheet(page, RATED_SERVICE.id, "Pack");
  const [pk, us] = [await countryIdOf(page, "PK"), await countryIdOf(page, "US")];
  await addContact(page, "sender", {
    name: `Bilal ${word}`,
    company: `Looms ${word}`,
    country_id: pk,
    phone: PK_PHONE,
    city: "Faisalabad",
  });
  await addContact(page, "receiver", {
    name: `Bob ${word}`,
    company: `Shop ${word}`,
    country_id: us,
    phone: US_PHONE,
    city: "Austin",
  });
  await openWizard(page);
  await pickOption(page, page, "Customer", "wizardcustomer", /wizardcustomer@e2e\.local/);

  // From Contact fills, locks and moves on; typing a name by hand clears what the contact filled.
  const sender = section(page, "Ship from (sender)");
  await sender.getByRole("radio", { name: "From Contact" }).check();
  await pickOption(sender, page, "Name", `bilal ${word}`, new RegExp(`BILAL ${word}`));
  await expect(section(page, "Ship to (receiver)")).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(textbox(sender, "Company")).toHaveValue(`LOOMS ${word}`);
  await expect(textbox(sender, "Address")).toBeDisabled();
  await expect(sender.getByRole("button", { name: "Save Sender" })).toHaveCount(0);
  await combobox(sender, "Name").fill("someone else");
  await expect(textbox(sender, "Company")).toHaveValue("");
  await expect(sender.getByRole("button", { name: "Continue" })).toBeDisabled();
  await pickOption(sender, page, "Name", `bilal ${word}`, new RegExp(`BILAL ${word}`));

  const receiver = section(page, "Ship to (receiver)");
  await receiver.getByRole("radio", { name: "From Contact" }).check();
  await pickOption(receiver, page, "Name", `bob ${word}`, new RegExp(`BOB ${word}`));

  // The package step opens with focus on its first field.
  await expect(page.getByRole("spinbutton", { name: "Number of packages" })).toBeFocused();
  await fillBox(page, 1, "3", "20", "20", "20");
  await expect(page.getByTestId("dimensional-1")).toHaveText("1.60 kg");
  await expect(page.getByTestId("chargeable-1")).toHaveText("3 kg");
  await choose(page, page, "Service type", RATED_SERVICE.name);

  // PACKAGES: a purpose and item rows.
  await radioIn(page, "Shipment type", "PACKAGES").check();
  await expect(textbox(page, "Document description")).toHaveCount(0);
  // The charge shows as soon as service, destination and weight are known, with its breakdown.
  const charge = page.getByRole("region", { name: "Charge" });
  await expect(charge.getByTestId("quote-amount")).toHaveText("PKR 2,000.00");
  await expect(charge.getByTestId("quote-breakdown")).toHaveText(
    "3 kg chargeable · first kg PKR 1,000.00 · 2 additional kg × PKR 500.00",
  );
  const addItem = page.getByRole("button", { name: "Add item" });
  await expect(addItem).toBeDisabled();
  await expect(page.getByRole("button", { name: "Remove item 1" })).toBeDisabled();
  await expect(saveReasons(page)).toContainText("purpose");
  await choose(page, page, "Purpose", "GIFT");
  const first = item(page, 1);
  await textbox(first, "Description").fill("cotton shirts");
  await textbox(first, "HS Code").fill("6109");
  await expect(first.getByText(SHIPMENT_MESSAGES.code8)).toBeVisible();
  await textbox(first, "HS Code").fill("61091000");
  await textbox(first, "Quantity").fill("3");
  await choose(first, page, "Currency", "EUR");
  await textbox(first, "Value").fill("12.5");
  await expect(addItem).toBeDisabled();
  await pickCountry(first, page, "Pakistan", "Pakistan", "Origin");
  await expect(page.getByTestId("item-total-1")).toHaveText("37.50 EUR");
  await addItem.click();

  // The second row takes the first row's currency and cannot choose its own.
  const second = item(page, 2);
  await expect(combobox(second, "Currency")).toHaveText("EUR");
  await expect(combobox(second, "Currency")).toHaveAttribute("aria-disabled", "true");
  await textbox(second, "Description").fill("leather belts");
  await textbox(second, "HS Code").fill("42033000");
  await textbox(second, "Quantity").fill("2");
  await textbox(second, "Value").fill("10");
  await pickCountry(second, page, "Pakistan", "Pakistan", "Origin");
  await choose(first, page, "Currency", "GBP");
  await expect(combobox(second, "Currency")).toHaveText("GBP");
  await expect(page.getByTestId("item-total-2")).toHaveText("20.00 GBP");
  // (37.5 + 20) GBP x 355 / 280 PKR per USD
  await expect(page.getByTestId("items-total-usd")).toContainText("72.90 USD");
  await addItem.click();
  await expect(item(page, 3)).toBeVisible();
  await page.getByRole("button", { name: "Remove item 3" }).click();
  await expect(item(page, 3)).toHaveCount(0);
  // Deleting a filled row can be undone.
  await page.getByRole("button", { name: "Remove item 2" }).click();
  await expect(item(page, 2)).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(textbox(item(page, 2), "Description")).toHaveValue("LEATHER BELTS");

  // The half-filled wizard is the user's draft: a reload asks first, then restores it.
  const asked = page.waitForEvent("dialog").then(async (dialog) => {
    const type = dialog.type();
    await dialog.accept();
    return type;
  });
  await page.reload();
  expect(await asked).toBe("beforeunload");
  await expect(textbox(item(page, 2), "Description")).toHaveValue("LEATHER BELTS");
  await expect(combobox(item(page, 1), "Currency")).toHaveText("GBP");
  // A sidebar click asks before leaving; coming back restores the draft.
  await cargoMenu(page).getByRole("link", { name: "Shipment List", exact: true }).click();
  const leave = page.getByRole("dialog", { name: "Leave this page?" });
  await expect(leave).toBeVisible();
  await snapWizard(page, "leave-guard");
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(page).not.toHaveURL(at(ADD_SHIPMENT));
  await cargoMenu(page).getByRole("link", { name: "Add Shipment", exact: true }).click();
  await expect(textbox(item(page, 1), "Description")).toHaveValue("COTTON SHIRTS");

  await choose(page, page, "Duties and taxes paid by", "RECEIVER (DDU)");
  await page.getByLabel("Estimated delivery date").fill(isoDay(5));
  await radioIn(page, "Financial instrument", "Yes").check();
  await expect(saveReasons(page)).toContainText("financial instrument number and bank");
  await textbox(page, "Financial instrument number").fill("fi-123");
  await textbox(page, "Bank").fill("habib bank");
  await expect(radioIn(page, "Rebate claim", "Yes")).toBeChecked();
  await textbox(page, "SRO number").fill("sro 957");
  await expect(saveShipment(page)).toBeEnabled();
  await snapWizard(page, "pack-ready");

  // Both documents open from the result panel, one click (and one window) each.
  const popups = countPopups(page);
  await saveShipment(page).click();
  const booked = page.getByRole("region", { name: "Shipment booked" });
  await expect(booked).toContainText(/Tracking number\s*\d{10,}/);
  const waybill = pdfAnswer(page, "waybill");
  await booked.getByRole("button", { name: "Print waybill" }).click();
  const id = await expectPdf(page, await waybill);
  const invoice = pdfAnswer(page, "invoice");
  await booked.getByRole("button", { name: "Print invoice" }).click();
  expect(await expectPdf(page, await invoice)).toBe(id);
  expect(popups()).toBe(2);
  await page.bringToFront();
  await snapWizard(page, "pack-booked");

  const shipment = await shipmentById(page, id);
  expect(shipment).toMatchObject({
    shipment_type: "Pack",
    customer_user_id: customerId,
    invoice_type: 1,
    total_weight: 3,
    rate_manual: 0,
    base_amount: 2000,
    financial_instruments: 1,
    financial_instruments_no: "FI-123",
    financial_instruments_bank: "HABIB BANK",
    rebate: 1,
    sro_number: "SRO 957",
    shipment_purpose: { purpose: "GIFT" },
    shipment_data: [
      { desc: "COTTON SHIRTS", code: "61091000", quantity: 3, value: 12.5, currency: { code: "GBP" } },
      { desc: "LEATHER BELTS", code: "42033000", quantity: 2, value: 10, currency: { code: "GBP" } },
    ],
  });
});

test("a customer books a shipment for themselves, with no customer to choose", async ({ page }) => {
  const word = uniqueWord();
  await openAsCargo(page, ADMIN);
  const customerId = await approveWizardCustomer(page);
  await uploadRateSheet(page, RATED_SERVICE.id, "Doc");
  await accountMenu(page, "Logout");
  await openAsCargo(page, USERS.wizardCustomer);
  await openWizard(page);
  await expect(combobox(page, "Customer")).toHaveCount(0);

  // The first Tab stop is the skip link, which moves focus to the main content.
  await page.reload();
  await expect(section(page, "Ship from (sender)")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();

  // Typed in, continued without saving to the address book.
  const sender = section(page, "Ship from (sender)");
  await textbox(sender, "Name").fill(`cara ${word}`);
  await textbox(sender, "Company").fill(`cara crafts ${word}`);
  await pickCountry(sender, page, "Pakistan");
  // Pasted with dashes and spaces: read, not cut.
  await textbox(sender, "Phone").focus();
  await page.keyboard.insertText("+92 300-123 4567");
  await expect(textbox(sender, "Phone")).toHaveValue("+923001234567");
  await textbox(sender, "CNIC").focus();
  await page.keyboard.insertText("42101-1234567-1");
  await expect(textbox(sender, "CNIC")).toHaveValue("4210112345671");
  await textbox(sender, "Address").fill("house 9, gulberg");
  await sender.getByRole("button", { name: "Continue" }).click();

  const receiver = section(page, "Ship to (receiver)");
  await textbox(receiver, "Name").fill(`dan ${word}`);
  await textbox(receiver, "Company").fill(`dan imports ${word}`);
  await pickCountry(receiver, page, "Pakistan");
  await expect(receiver.getByText(SHIPMENT_MESSAGES.sameCountry)).toBeVisible();
  await expect(receiver.getByRole("button", { name: "Continue" })).toBeDisabled();
  await pickCountry(receiver, page, USA, "United States");
  await textbox(receiver, "Phone").fill(US_PHONE);
  await textbox(receiver, "Address").fill("5 elm street");
  await textbox(receiver, "City").fill("boston");
  await snapWizard(page, "customer-receiver");
  await receiver.getByRole("button", { name: "Continue" }).click();

  await fillBox(page, 1, "0.5", "10", "10", "10");
  await expect(page.getByTestId("chargeable-1")).toHaveText("1 kg");
  await choose(page, page, "Service type", RATED_SERVICE.name);
  await textbox(page, "Document description").fill("passport copies");
  await fillPayment(page, "SENDER (DDP)");
  await expect(page.getByRole("region", { name: "Charge" }).getByTestId("quote-amount")).toHaveText("PKR 1,000.00");
  await expect(saveShipment(page)).toBeEnabled();

  await saveShipment(page).click();
  const booked = page.getByRole("region", { name: "Shipment booked" });
  await expect(booked).toContainText(/Tracking number\s*\d{10,}/);
  await expect(booked.getByRole("button", { name: "Book another shipment" })).toBeVisible();
  const waybill = pdfAnswer(page, "waybill");
  await booked.getByRole("button", { name: "Print waybill" }).click();
  const id = await expectPdf(page, await waybill);

  const shipment = await shipmentById(page, id);
  expect(shipment).toMatchObject({
    customer_user_id: customerId,
    shipment_type: "Doc",
    total_weight: 1,
    base_amount: 1000,
    rate_manual: 0,
    sender_id: null,
    shipment_receivers: [{ name: `DAN ${word}`, city: "BOSTON" }],
  });
});
