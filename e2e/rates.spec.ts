import { readFile } from "node:fs/promises";
import { ADMIN, USERS } from "./fixtures";
import { at, cargoMenu, errorDialog, expect, openAsCargo, snap, test } from "./helpers";
import {
  apiSignIn,
  choose,
  chooseCountry,
  companyToday,
  expectRateRows,
  pdfText,
  RATES,
  rateList,
  rateRows,
  sampleRates,
  textbox,
  uploadSample,
} from "./rates-helpers";

const NO_RATE = "No rate is available for this service, destination and weight";

test.beforeAll(async ({ request }) => {
  const token = await apiSignIn(request, ADMIN.email, ADMIN.password);
  await uploadSample(request, token, { service_type_id: 1, shipment_type: "Pack" }, "rates-pack.csv");
  await uploadSample(request, token, { service_type_id: 11, shipment_type: "Pack", type: "UPS" }, "rates-pack.csv");
  await uploadSample(request, token, { service_type_id: 16, shipment_type: "Pack" }, "rates-zip.csv");
});

test.describe("public rate calculator", () => {
  test("prices an uploaded sheet without signing in, and downloads the QUOTATION SLIP", async ({ page }) => {
    await page.goto(RATES.calculator);
    await expect(page.getByRole("heading", { level: 1, name: "Calculate Rates" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await choose(page, "Service", "DHL EXPRESS");
    await textbox(page, "Weight (kg)").fill("2.5");
    await chooseCountry(page, "United Kingdom");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page.getByRole("heading", { name: "RATE LIST" })).toBeVisible();
    await expectRateRows(page, [["DHL EXPRESS", "USD", "47.00"]]);
    await expect(page.getByLabel("Quoted for")).toContainText(`Date ${companyToday()}`);
    await snap(page, "rates-calculator");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "QUOTATION SLIP (A4)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`quotation-slip-${companyToday()}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 4).toString()).toBe("%PDF");
    const text = pdfText(bytes);
    expect(text).toContain("QUOTATION SLIP");
    expect(text).toContain("RATE LIST");
    expect(text).toMatch(/DHL EXPRESS\s+USD\s+47\.00/);
  });

  test("lists every service and destination when no service or country is chosen", async ({ page }) => {
    await page.goto(RATES.calculator);
    await textbox(page, "Weight (kg)").fill("0.5");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(rateList(page).locator("tbody tr")).toHaveCount(5 + 5 + 3);
    const rows = await rateRows(page);
    expect(rows).toContainEqual(["DHL EXPRESS", "United Kingdom", "USD", "25.00"]);
    expect(rows).toContainEqual(["UK DHL/UPS (VAT PAID) (UPS)", "Canada", "CAD", "36.00"]);
    expect(rows).toContainEqual(["USA ZONE (ZIP CODE)", "Zip 10001", "USD", "27.00"]);
    expect(rows).toHaveLength(5 + 5 + 3);
  });

  test("asks for a zip code on service 16 and for DHL/UPS on service 11", async ({ page }) => {
    await page.goto(RATES.calculator);
    await choose(page, "Service", "USA ZONE (ZIP CODE)");
    await expect(page.getByRole("combobox", { name: "Country" })).toHaveCount(0);
    await textbox(page, "Zip Code").fill("100 01");
    await expect(textbox(page, "Zip Code")).toHaveValue("10001");
    await textbox(page, "Weight (kg)").fill("3");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expectRateRows(page, [["USA ZONE (ZIP CODE)", "USD", "43.00"]]);

    await choose(page, "Service", "UK DHL/UPS (VAT PAID)");
    await expect(page.getByRole("radiogroup", { name: "DHL/UPS (VAT paid)" })).toBeVisible();
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page.getByText("Please choose DHL or UPS (VAT paid)")).toBeVisible();
    await page.getByRole("radio", { name: "UPS" }).check();
    await chooseCountry(page, "United Kingdom");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expectRateRows(page, [["UK DHL/UPS (VAT PAID) (UPS)", "USD", "47.00"]]);
    await snap(page, "rates-calculator-service-11");
  });

  test("shows the server's no-rate message in the error dialog", async ({ page }) => {
    await page.goto(RATES.calculator);
    await choose(page, "Service", "DHL EXPRESS");
    await textbox(page, "Weight (kg)").fill("500");
    await chooseCountry(page, "United Kingdom");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(errorDialog(page)).toContainText(NO_RATE);
    await expect(rateList(page)).toHaveCount(0);
  });
});

test("the public rate enquiry adds the profit, rounded up to a whole unit", async ({ page }) => {
  await page.goto(RATES.enquiry);
  await expect(page.getByRole("heading", { level: 1, name: "Rate Inquiry" })).toBeVisible();
  await textbox(page, "Weight (kg)").fill("0.5");
  await page.getByRole("button", { name: "Get Rates" }).click();
  await expect(page.getByText("Weight must be at least 1")).toBeVisible();
  await expect(page.getByText("Please choose a country")).toBeVisible();
  await textbox(page, "Weight (kg)").fill("2.5");
  await chooseCountry(page, "United Kingdom");
  await textbox(page, "Profit (%)").fill("10");
  await page.getByRole("button", { name: "Get Rates" }).click();
  await expectRateRows(page, [
    ["DHL EXPRESS", "USD", "47.00", "52.00"],
    ["UK DHL/UPS (VAT PAID) (UPS)", "USD", "47.00", "52.00"],
  ]);
  await snap(page, "rates-enquiry");
});

test.describe("staff rate screens", () => {
  test("upload shows Rate Upload, a bad file shows Error with its rows, and the logs download the file", async ({
    page,
  }) => {
    await openAsCargo(page, USERS.rates, RATES.upload);
    await expect(page.getByRole("heading", { level: 1, name: "Upload Rate" })).toBeVisible();
    const form = page.getByRole("form", { name: "Upload Rate" });
    const submit = form.getByRole("button", { name: "Upload Rate" });
    await form.getByLabel("Date").fill(companyToday());
    await choose(page, "Shipment Type", "Pack");
    await choose(page, "Service", "11. UK DHL/UPS (VAT PAID)");
    await form.getByLabel("File").setInputFiles(sampleRates("rates-pack.csv"));
    await expect(submit).toBeDisabled();
    await form.getByRole("radio", { name: "DHL" }).check();
    await submit.click();
    await expect(page.getByRole("status").filter({ hasText: "Rate Upload" })).toContainText(
      "rates-pack.csv: 12 bands saved",
    );
    await snap(page, "rates-upload");

    await choose(page, "Shipment Type", "Doc");
    await choose(page, "Service", "3. UPS EXPRESS SAVER");
    await form.getByLabel("File").setInputFiles({
      name: "broken.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "country,min_kg,max_kg,currency,flat\nGB,0,1,USD,10\nGB,0.5,2,USD,12\nDE,0,1,EUR,abc\nAtlantis,0,1,USD,5\n",
      ),
    });
    await submit.click();
    const failed = page.getByRole("alert").filter({ hasText: "refused as a whole" });
    await expect(failed).toContainText(/^Error/);
    const issues = page.getByRole("table", { name: "Upload errors" });
    await expect(issues.locator("tbody tr")).toHaveCount(3);
    await expect(issues).toContainText("Overlaps row 2 (0-1 kg)");
    await expect(issues).toContainText("Must be a number 0 or more, with at most 2 decimals");
    await expect(issues).toContainText("Unknown country: Atlantis");
    await snap(page, "rates-upload-error");

    await cargoMenu(page).getByRole("link", { name: "Rate Logs", exact: true }).click();
    await expect(page).toHaveURL(at(RATES.logs));
    const logs = page.getByRole("table", { name: "Rate Logs" });
    await expect(logs.locator("tbody tr")).toHaveCount(4);
    const newest = logs.locator("tbody tr").first();
    await expect(newest).toContainText("UK DHL/UPS (VAT PAID) (DHL)");
    await expect(newest).toContainText(/rates\/[a-f0-9]{32}\.csv/);
    await expect(page.getByRole("combobox", { name: /Rows per page/ })).toHaveText("50");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      newest.getByRole("button", { name: /Download rates-pack\.csv/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("rates-pack.csv");
    expect(await readFile(await download.path())).toEqual(await readFile(sampleRates("rates-pack.csv")));
    await snap(page, "rates-logs");
  });

  test("the cargo rate inquiry screen quotes for a signed-in user", async ({ page }) => {
    await openAsCargo(page, ADMIN);
    await page.goto(RATES.inquiry);
    await expect(page.getByRole("heading", { level: 1, name: "Rate Inquiry" })).toBeVisible();
    await choose(page, "Service", "DHL EXPRESS");
    await textbox(page, "Weight (kg)").fill("3");
    await chooseCountry(page, "Canada");
    await page.getByRole("button", { name: "Get Rates" }).click();
    await expectRateRows(page, [["DHL EXPRESS", "CAD", "64.00"]]); // 42 + 2 x 11
  });
});
