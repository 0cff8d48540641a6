/**
 * Master data end to end: senders and receivers (add and edit, with the phone rules), countries,
 * packages, services and currencies (add, edit in place, delete), each through its own screen;
 * the table features (paging, export of every row) and the permission-driven actions.
 */
import { MASTER_MESSAGES } from "@cargodesk/shared";
import { USERS } from "./fixtures";
import { at, cargoMenu, expect, openAsCargo, test } from "./helpers";
import {
  addSenderByApi,
  apiCall,
  closeResult,
  countryIdOf,
  countryPicker,
  editedRow,
  exportCsv,
  MASTER,
  openFromMenu,
  pickCountry,
  resultDialog,
  rowsWith,
  saveButton,
  signInAdmin,
  snapMaster,
  table,
  textbox,
  uniqueWord,
  unusedCountryCode,
} from "./master-data-helpers";

const PAKISTAN = "Pakistan";
const USA = "United States of America";
const PK_PHONE = "03001234567";
const US_PHONE = "2025550123";
const IN_USE = /It is in use and cannot be deleted/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

// Each test walks whole forms on a machine other runs share.
test.describe.configure({ timeout: 60_000 });

test.describe("senders", () => {
  test("the phone waits for a country, is cleared when it changes and must be valid there; a sender is added with the form's rules, listed and edited from View Sender", async ({
    page,
  }) => {
    const word = uniqueWord();
    await signInAdmin(page);
    await openFromMenu(page, "Add Sender", MASTER.addSender, "Add Sender");
    const phone = textbox(page, "Phone");

    await expect(phone).toBeDisabled();
    await expect(saveButton(page)).toBeDisabled();

    await pickCountry(page, PAKISTAN);
    await expect(phone).toBeEnabled();
    await phone.fill("12345");
    await phone.blur();
    await expect(page.getByText(MASTER_MESSAGES.cell)).toBeVisible();
    await phone.fill(PK_PHONE);
    await expect(page.getByText(MASTER_MESSAGES.cell)).toHaveCount(0);

    // Another country clears the number: a Pakistani number is not a US one.
    await pickCountry(page, USA, "United States");
    await expect(phone).toHaveValue("");
    await phone.fill("12025550123");
    await phone.blur();
    await expect(page.getByText(MASTER_MESSAGES.cell)).toBeVisible();
    await phone.fill(US_PHONE);
    await expect(page.getByText(MASTER_MESSAGES.cell)).toHaveCount(0);
    await phone.fill(PK_PHONE);
    await expect(page.getByText(MASTER_MESSAGES.cell)).toBeVisible();
    await snapMaster(page, "sender-bad-phone");

    // Clearing the country disables the phone again.
    await countryPicker(page).click();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(phone).toHaveValue("");
    await expect(phone).toBeDisabled();

    // Text is upper-cased as it is typed, except the e-mail.
    await textbox(page, "Name").fill(`bilal ${word.toLowerCase()}`);
    await expect(textbox(page, "Name")).toHaveValue(`BILAL ${word}`);
    await textbox(page, "Company").fill("Ahmed Textiles");
    await expect(textbox(page, "Company")).toHaveValue("AHMED TEXTILES");
    await pickCountry(page, PAKISTAN);
    await textbox(page, "Phone").fill(PK_PHONE);

    // Address and Address 2 hold fewer than 45 characters; Address 3 has no limit.
    await textbox(page, "Address").fill("x".repeat(45));
    await textbox(page, "Address").blur();
    await expect(page.getByText(MASTER_MESSAGES.address)).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await textbox(page, "Address").fill("Plot 22, Sector 7, Korangi");
    await expect(page.getByText(MASTER_MESSAGES.address)).toHaveCount(0);
    await textbox(page, "Address 3").fill("near the fire station, a long landmark that has no limit at all, none");
    await textbox(page, "City").fill("karachi");
    await textbox(page, "State").fill("sindh");
    await textbox(page, "Postal Code").fill("74900");

    await textbox(page, "Email").fill("not-an-email");
    await textbox(page, "Email").blur();
    await expect(page.getByText(MASTER_MESSAGES.email)).toBeVisible();
    await textbox(page, "Email").fill("Bilal@Example.com");
    await expect(textbox(page, "Email")).toHaveValue("Bilal@Example.com");
    await expect(page.getByText(MASTER_MESSAGES.email)).toHaveCount(0);

    // CNIC: 13 digits; a pasted CNIC keeps its digits and loses its dashes, never cut short.
    const cnic = textbox(page, "CNIC");
    await cnic.fill("42101-1234567");
    await cnic.blur();
    await expect(cnic).toHaveValue("421011234567");
    await expect(page.getByText(MASTER_MESSAGES.cnic)).toBeVisible();
    await cnic.fill("42101-1234567-1");
    await expect(cnic).toHaveValue("4210112345671");
    await expect(page.getByText(MASTER_MESSAGES.cnic)).toHaveCount(0);

    // NTN is required for a sender: Save waits for it.
    await expect(saveButton(page)).toBeDisabled();
    await textbox(page, "NTN").fill("7654321-0");
    await expect(saveButton(page)).toBeEnabled();
    await snapMaster(page, "add-sender");
    await saveButton(page).click();
    await closeResult(page, "Success", "Added successfully");
    // The form clears after a save.
    await expect(textbox(page, "Name")).toHaveValue("");
    await expect(textbox(page, "Phone")).toBeDisabled();

    await openFromMenu(page, "View Senders", MASTER.viewSenders, "Sender Details");
    await page.getByRole("searchbox", { name: "Search senders" }).fill(word);
    const row = rowsWith(page, "Sender Details", `BILAL ${word}`);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("AHMED TEXTILES");
    await expect(row).toContainText(PAKISTAN);
    await expect(row).toContainText("bilal@example.com");
    // No delete control on the sender table.
    await expect(table(page, "Sender Details").getByRole("button", { name: /delete/i })).toHaveCount(0);
    await snapMaster(page, "sender-list");

    await row.getByRole("link", { name: "View Sender" }).click();
    await expect(page).toHaveURL(at(MASTER.editSender));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Sender");
    await expect(textbox(page, "Name")).toHaveValue(`BILAL ${word}`);
    await expect(textbox(page, "Phone")).toHaveValue(PK_PHONE);
    await expect(textbox(page, "CNIC")).toHaveValue("4210112345671");
    await textbox(page, "City").fill("lahore");
    await snapMaster(page, "edit-sender");
    await saveButton(page).click();
    await closeResult(page, "Success", "success");

    await page.getByRole("link", { name: "Back to Sender Details" }).click();
    await page.getByRole("searchbox", { name: "Search senders" }).fill(word);
    await expect(rowsWith(page, "Sender Details", `BILAL ${word}`)).toContainText("LAHORE");
  });
});

test.describe("receivers", () => {
  test("adds a US receiver and edits it; the update answers with a success pop-up", async ({ page }) => {
    const word = uniqueWord();
    await signInAdmin(page);
    await openFromMenu(page, "Add Receiver", MASTER.addReceiver, "Add Receiver");
    // The receiver form has no GST, NTN or CNIC.
    for (const name of ["GST", "NTN", "CNIC"]) await expect(textbox(page, name)).toHaveCount(0);
    await expect(textbox(page, "Phone")).toBeDisabled();

    await textbox(page, "Name").fill(`john ${word.toLowerCase()}`);
    await textbox(page, "Company").fill("Smith Imports");
    await pickCountry(page, USA, "United States");
    await textbox(page, "Phone").fill("202555012");
    await textbox(page, "Phone").blur();
    await expect(page.getByText(MASTER_MESSAGES.cell)).toBeVisible();
    await textbox(page, "Phone").fill(US_PHONE);
    await textbox(page, "Address").fill("1600 Pennsylvania Ave NW");
    await textbox(page, "City").fill("Washington");
    await textbox(page, "State").fill("DC");
    await textbox(page, "Postal Code").fill("20500");
    await expect(saveButton(page)).toBeEnabled();
    await snapMaster(page, "add-receiver");
    await saveButton(page).click();
    await closeResult(page, "Success", "Added successfully");

    await openFromMenu(page, "View Receivers", MASTER.viewReceivers, "Receiver Details");
    await page.getByRole("searchbox", { name: "Search receivers" }).fill(word);
    const row = rowsWith(page, "Receiver Details", `JOHN ${word}`);
    await expect(row).toContainText(US_PHONE);
    await expect(table(page, "Receiver Details").getByRole("button", { name: /delete/i })).toHaveCount(0);

    const { body: listed } = await apiCall(page, "GET", `/receiver?size=5&page=1&search=${word}`);
    const id =
      isRecord(listed) && Array.isArray(listed.data) && isRecord(listed.data[0]) ? listed.data[0].receiver_id : 0;
    await expect(row.getByRole("link", { name: "View Receiver" })).toHaveAttribute(
      "href",
      `${MASTER.editReceiver}?id=${id}`,
    );

    // Edit Receiver from the menu first asks which receiver.
    await openFromMenu(page, "Edit Receiver", MASTER.editReceiver, "Edit Receiver");
    await page.getByRole("combobox", { name: "Receiver to edit" }).fill(word);
    await page.getByRole("option", { name: new RegExp(`JOHN ${word}`) }).click();
    await expect(page).toHaveURL(`${MASTER.editReceiver}?id=${id}`);
    await expect(textbox(page, "Company")).toHaveValue("SMITH IMPORTS");
    // A bad number keeps Save disabled; a good one saves.
    await textbox(page, "Phone").fill("12345");
    await textbox(page, "Phone").blur();
    await expect(saveButton(page)).toBeDisabled();
    await textbox(page, "Phone").fill("2025550199");
    await textbox(page, "Company").fill("Smith Global Imports");
    await saveButton(page).click();
    await closeResult(page, "Success", "success");

    const { body } = await apiCall(page, "GET", `/receiver?size=5&page=1&search=${word}`);
    expect(body).toMatchObject({ total_results: 1, data: [{ company: "SMITH GLOBAL IMPORTS", phone: "2025550199" }] });

    // The export holds every receiver, whatever page is on show.
    await page.getByRole("link", { name: "Back to Receiver Details" }).click();
    await expect(rowsWith(page, "Receiver Details", `JOHN ${word}`)).toContainText("SMITH GLOBAL IMPORTS");
    const { body: all } = await apiCall(page, "GET", "/receiver?size=1&page=1");
    const csv = await exportCsv(page);
    expect(csv.fileName).toMatch(/^receivers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.lines[0]).toBe(
      "ID,Name,Company,Country,Address,Address 2,Address 3,Postal Code,City,State,Email,Phone,VAT",
    );
    expect(csv.lines).toHaveLength((isRecord(all) ? Number(all.total_results) : 0) + 1);
    expect(csv.lines.find((line) => line.includes(`JOHN ${word}`))).toContain(`,${USA},`);
  });
});

test.describe("countries", () => {
  test("adds a country, edits it in place and deletes it; the table pages 50 rows, offers 20 to 200 and exports every row; deleting a country that senders use shows the server's refusal", async ({
    page,
  }) => {
    const word = uniqueWord();
    const code = unusedCountryCode();
    await signInAdmin(page);
    const pakistan = await countryIdOf(page, "PK");
    await addSenderByApi(page, {
      name: `IN USE ${uniqueWord()}`,
      company: "ANY COMPANY",
      country_id: pakistan,
      phone: PK_PHONE,
    });
    await openFromMenu(page, "Add Country", MASTER.addCountry, "Add Country");
    await expect(saveButton(page)).toBeDisabled();

    await textbox(page, "Country Name").fill("abc");
    await textbox(page, "Country Name").blur();
    await expect(page.getByText(MASTER_MESSAGES.country)).toBeVisible();
    await textbox(page, "Country Name").fill(`atlantis ${word.toLowerCase()}`);
    // The code takes digits only.
    await textbox(page, "Country Code").pressSequentially(`x${code}y`);
    await expect(textbox(page, "Country Code")).toHaveValue(code);
    await snapMaster(page, "add-country");
    await saveButton(page).click();
    await closeResult(page, "Success", "Added successfully");
    await expect(textbox(page, "Country Name")).toHaveValue("");

    await openFromMenu(page, "View Countries", MASTER.viewCountries, "Country Details");
    const countries = table(page, "Countries");
    await expect(countries.getByRole("row").filter({ hasText: "Afghanistan" })).toContainText("+93");
    // A header row and 50 rows; the body scrolls within 600 px.
    await expect(countries.getByRole("row")).toHaveCount(51);
    const height = await countries.evaluate((element) => element.parentElement?.getBoundingClientRect().height ?? 0);
    expect(height).toBeLessThanOrEqual(600);

    await page.getByRole("combobox", { name: /Rows per page/ }).click();
    await expect(page.getByRole("option")).toHaveText(["20", "50", "100", "150", "200"]);
    await page.getByRole("option", { name: "20", exact: true }).click();
    await expect(countries.getByRole("row")).toHaveCount(21);

    const { body } = await apiCall(page, "GET", "/country");
    const total = Array.isArray(body) ? body.length : 0;
    expect(total).toBeGreaterThan(200);
    const csv = await exportCsv(page);
    expect(csv.fileName).toMatch(/^countries-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.lines[0]).toBe("Name,Numeric Code,ISO Alpha-2,Dial Code");
    expect(csv.lines).toHaveLength(total + 1);
    expect(csv.lines).toContain("Pakistan,586,PK,+92");

    await page.getByRole("searchbox", { name: "Search countries" }).fill(word);
    const row = rowsWith(page, "Countries", word);
    await expect(row).toContainText(`ATLANTIS ${word}`);
    await expect(row).toContainText(code);

    await row.getByRole("button", { name: "Edit" }).click();
    const editing = editedRow(page, "Countries");
    await expect(textbox(editing, "Numeric Code")).toHaveValue(code);
    await textbox(editing, "Name").fill(`new atlantis ${word.toLowerCase()}`);
    await expect(textbox(editing, "Name")).toHaveValue(`NEW ATLANTIS ${word}`);
    await snapMaster(page, "country-inline-edit");
    await editing.getByRole("button", { name: "Save" }).click();
    await expect(editing).toHaveCount(0);
    await expect(row).toContainText(`NEW ATLANTIS ${word}`);

    await row.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Country?" });
    await expect(confirm).toContainText(`NEW ATLANTIS ${word}`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);

    // A country that senders use is refused with the server's reason.
    await page.getByRole("searchbox", { name: "Search countries" }).fill(PAKISTAN);
    const inUse = rowsWith(page, "Countries", PAKISTAN);
    await inUse.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete Country?" }).getByRole("button", { name: "Delete" }).click();
    await expect(resultDialog(page, "Error")).toContainText(IN_USE);
    await snapMaster(page, "country-in-use");
    await closeResult(page, "Error", IN_USE);
    await expect(inUse).toContainText("586");
  });

  test("a user holding only Country View sees no add, edit or delete", async ({ page }) => {
    await openAsCargo(page, USERS.clerk);
    await cargoMenu(page).getByRole("link", { name: "View Countries" }).click();
    await expect(page).toHaveURL(at(MASTER.viewCountries));
    await expect(rowsWith(page, "Countries", "Afghanistan")).toContainText("+93");
    await expect(table(page, "Countries").getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add Country" })).toHaveCount(0);
  });
});

test.describe("packages", () => {
  test("adds a package within the limits, edits it in place and deletes it", async ({ page }) => {
    const word = uniqueWord();
    await signInAdmin(page);
    await openFromMenu(page, "Add Package", MASTER.addPackage, "Add Package");
    await textbox(page, "Package Name").fill(`box ${word.toLowerCase()}`);
    await textbox(page, "Weight (kg)").fill("0.05");
    await textbox(page, "Weight (kg)").blur();
    await expect(page.getByText(MASTER_MESSAGES.weight)).toBeVisible();
    await textbox(page, "Weight (kg)").fill("0.5");
    await textbox(page, "Length (cm)").fill("0.5");
    await textbox(page, "Length (cm)").blur();
    await expect(page.getByText(MASTER_MESSAGES.dimension)).toBeVisible();
    await textbox(page, "Length (cm)").fill("30");
    await textbox(page, "Width (cm)").fill("20");
    // Save waits for every field.
    await expect(saveButton(page)).toBeDisabled();
    await textbox(page, "Height (cm)").fill("10");
    await expect(saveButton(page)).toBeEnabled();
    await saveButton(page).click();
    await closeResult(page, "Success", "Added successfully");

    await openFromMenu(page, "View Packages", MASTER.viewPackages, "Packages Details");
    const row = rowsWith(page, "Packages", `BOX ${word}`);
    await expect(row).toContainText("0.5");
    await row.getByRole("button", { name: "Edit" }).click();
    const editing = editedRow(page, "Packages");
    await textbox(editing, "Weight (kg)").fill("0");
    await expect(editing.getByText(MASTER_MESSAGES.weight)).toBeVisible();
    await expect(editing.getByRole("button", { name: "Save" })).toBeDisabled();
    await textbox(editing, "Weight (kg)").fill("2.25");
    await textbox(editing, "Quantity").fill("3");
    await snapMaster(page, "package-inline-edit");
    await editing.getByRole("button", { name: "Save" }).click();
    await expect(editing).toHaveCount(0);
    await expect(row).toContainText("2.25");
    const { body } = await apiCall(page, "GET", `/package?size=5&page=1&search=${word}`);
    expect(body).toMatchObject({ data: [{ weight: 2.25, quantity: 3, length: 30 }] });

    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete Package?" }).getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);
  });
});

test.describe("services", () => {
  test("adds a service, edits its name and code in place and deletes it", async ({ page }) => {
    const word = uniqueWord();
    await signInAdmin(page);
    await openFromMenu(page, "Add Service", MASTER.addService, "Add Service");
    await expect(saveButton(page)).toBeDisabled();
    await textbox(page, "Service Name").fill("d");
    await textbox(page, "Service Name").blur();
    await expect(page.getByText(MASTER_MESSAGES.serviceName)).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await textbox(page, "Service Name").fill(`courier ${word.toLowerCase()}`);
    await saveButton(page).click();
    await closeResult(page, "Success", "Added successfully");

    await openFromMenu(page, "View Services", MASTER.viewServices, "Service List");
    const row = rowsWith(page, "Services", word);
    await row.getByRole("button", { name: "Edit" }).click();
    const editing = editedRow(page, "Services");
    await textbox(editing, "Name").fill(`express ${word.toLowerCase()}`);
    await textbox(editing, "Code").fill("exp");
    await editing.getByRole("button", { name: "Save" }).click();
    await expect(editing).toHaveCount(0);
    await expect(row).toContainText(`EXPRESS ${word}`);
    await expect(row).toContainText("EXP");
    await snapMaster(page, "service-list");

    // The delete takes effect after 600 ms, the row fading meanwhile.
    await row.getByRole("button", { name: "Delete" }).click();
    const deleted = page.waitForRequest(
      (request) => request.method() === "DELETE" && request.url().includes("/api/cargo_company/"),
    );
    const confirmedAt = Date.now();
    await page.getByRole("dialog", { name: "Delete Service?" }).getByRole("button", { name: "Delete" }).click();
    await expect(row.locator('[aria-busy="true"]').first()).toBeVisible();
    await deleted;
    expect(Date.now() - confirmedAt).toBeGreaterThanOrEqual(600);
    await expect(row).toHaveCount(0);
  });
});

test.describe("currencies", () => {
  test("adds a currency, edits its rate in place and deletes it; US dollar cannot be deleted: the server's refusal shows", async ({
    page,
  }) => {
    const word = uniqueWord();
    // No seeded currency code starts with Q.
    const code = `Q${word.slice(0, 2)}`;
    await signInAdmin(page);
    await openFromMenu(page, "Add Currency", MASTER.addCurrency, "Add Currency");
    await textbox(page, "Currency Name").fill(`test ${word.toLowerCase()}`);
    await textbox(page, "Currency Code").fill(code.toLowerCase());
    await expect(textbox(page, "Currency Code")).toHaveValue(code);
    await textbox(page, "Rate").fill("1.9");
    // Save waits for the sign as well.
    await expect(saveButton(page)).toBeDisabled();
    await textbox(page, "Currency Sign").fill("¤");
    await expect(saveButton(page)).toBeEnabled();
    await snapMaster(page, "add-currency");
    await saveButton(page).click();
    await closeResult(page, "Success", "Added successfully");

    await openFromMenu(page, "View Currencies", MASTER.viewCurrencies, "Currency List");
    const row = rowsWith(page, "Currencies", `TEST ${word}`);
    await row.getByRole("button", { name: "Edit" }).click();
    const editing = editedRow(page, "Currencies");
    await expect(textbox(editing, "Rate")).toHaveValue("1.9");
    await textbox(editing, "Rate").fill("2.5");
    await editing.getByRole("button", { name: "Save" }).click();
    await expect(editing).toHaveCount(0);
    await expect(row).toContainText("2.5");

    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete Currency?" }).getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);

    // US dollar cannot be deleted: the server's refusal shows.
    const usd = rowsWith(page, "Currencies", "US DOLLAR");
    await usd.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete Currency?" }).getByRole("button", { name: "Delete" }).click();
    await expect(resultDialog(page, "Error")).toContainText(IN_USE);
    await snapMaster(page, "currency-usd-refused");
    await closeResult(page, "Error", IN_USE);
    await expect(usd).toContainText("USD");
  });
});
