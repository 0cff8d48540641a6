import { createServer, type Server } from "node:net";
import type { Locator, Page } from "@playwright/test";
import { pickAccount } from "./accounting-helpers";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, openAsAccounts, snap, test } from "./helpers";
import { restoreOutletSettingsAfterEach } from "./pos-helpers";

const EDIT = "/setting/Restaurant/addRestaurant";
const VIEW = "/setting/Restaurant/listRestaurant";

/** Names no other run or test uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ timeout: 60_000 });

const section = (page: Page): Locator => page.getByRole("region", { name: "Outlet and POS" });

async function openTab(page: Page, name: string): Promise<void> {
  await section(page).getByRole("tab", { name }).click();
  await expect(section(page).getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

/** The result pop-up's message, then Ok. */
async function expectSuccess(page: Page, message: string | RegExp): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Success" });
  await expect(dialog).toContainText(message);
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(dialog).toBeHidden();
}

/** Chooses an option of a select (MUI's listbox) by its text. */
async function choose(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
}

const editorDialog = (page: Page, title: string): Locator => page.getByRole("dialog", { name: title });

test.describe("Setting > Restaurant: Outlet and POS", () => {
  restoreOutletSettingsAfterEach();

  test("the POS settings are saved and kept after a reload; a bad cut-off is named on its field", async ({ page }) => {
    await openAsAccounts(page, ADMIN, EDIT);
    const form = page.getByRole("form", { name: "POS settings" });
    await expect(form.getByRole("textbox", { name: "Business-day Cut-off" })).toBeVisible();
    const header = unique("Karahi House");

    await form.getByRole("textbox", { name: "Business-day Cut-off" }).fill("25:00");
    await form.getByRole("button", { name: "Save POS Settings" }).click();
    await expect(form.getByText("Enter the business-day cut-off as HH:MM (00:00 to 23:59)")).toBeVisible();

    await form.getByRole("textbox", { name: "Business-day Cut-off" }).fill("05:30");
    await form.getByRole("textbox", { name: "Service Charge" }).fill("7.5");
    await form.getByRole("checkbox", { name: "Delivery" }).check();
    await form.getByRole("switch", { name: "Menu prices include tax" }).check();
    await choose(form, page, "Cash Rounding", "To 5 rupees");
    await choose(form, page, "Take-away goes to the kitchen", "When sent to the kitchen");
    await form.getByRole("textbox", { name: "Discount without approval, up to" }).fill("10");
    await form.getByRole("textbox", { name: "Receipt Header" }).fill(header);
    await form.getByRole("textbox", { name: "Receipt Footer" }).fill("Thank you");
    await form.getByRole("button", { name: "Save POS Settings" }).click();
    await expectSuccess(page, "Outlet settings saved successfully");

    await page.reload();
    const kept = page.getByRole("form", { name: "POS settings" });
    await expect(kept.getByRole("textbox", { name: "Receipt Header" })).toHaveValue(header);
    await expect(kept.getByRole("textbox", { name: "Business-day Cut-off" })).toHaveValue("05:30");
    await expect(kept.getByRole("textbox", { name: "Service Charge" })).toHaveValue("7.5");
    await expect(kept.getByRole("checkbox", { name: "Delivery" })).toBeChecked();
    await expect(kept.getByRole("checkbox", { name: "Dine-in" })).toBeChecked();
    await expect(kept.getByRole("switch", { name: "Menu prices include tax" })).toBeChecked();
    await expect(kept.getByRole("combobox", { name: "Cash Rounding" })).toHaveText("To 5 rupees");
    await expect(kept.getByRole("textbox", { name: "Discount without approval, up to" })).toHaveValue("10");
    await snap(page, "restaurant-settings-pos");
  });

  test.describe("printers", () => {
    let printer: Server;
    let port: number;
    let received: Buffer[];
    test.beforeAll(async () => {
      received = [];
      printer = createServer((socket) => socket.on("data", (chunk) => received.push(chunk)));
      await new Promise<void>((resolve) => printer.listen(0, "127.0.0.1", resolve));
      port = (printer.address() as { port: number }).port;
    });
    test.afterAll(() => new Promise<void>((resolve) => printer.close(() => resolve())));

    test("a network printer is added and Test print sends it a page", async ({ page }) => {
      const name = unique("Receipt printer");
      await openAsAccounts(page, ADMIN, EDIT);
      await openTab(page, "Printers");
      await section(page).getByRole("button", { name: "Add Printer" }).click();
      const dialog = editorDialog(page, "Add printer");
      await dialog.getByRole("textbox", { name: "Printer Name" }).fill(name);
      await dialog.getByRole("textbox", { name: "Host or IP Address" }).fill("127.0.0.1");
      await dialog.getByRole("textbox", { name: "Port" }).fill(String(port));
      await dialog.getByRole("button", { name: "Save" }).click();
      await expectSuccess(page, `Printer added successfully: ${name}`);
      const row = section(page).getByRole("row", { name: new RegExp(name) });
      await expect(row).toContainText(`127.0.0.1:${port}`);

      await row.getByRole("button", { name: `Test print on ${name}` }).click();
      await expectSuccess(page, "The test page was sent to the printer");
      await expect.poll(() => Buffer.concat(received).toString("latin1")).toContain(`Printer: ${name}`);
    });
  });

  test("a payment method, a tax class with a card rate and a kitchen station are added", async ({ page }) => {
    const card = unique("Visa");
    const tax = unique("Beverages");
    const station = unique("Grill");
    await openAsAccounts(page, ADMIN, EDIT);

    await openTab(page, "Payment Methods");
    await expect(section(page).getByRole("row", { name: /^Cash Cash/ })).toBeVisible();
    await section(page).getByRole("button", { name: "Add Payment Method" }).click();
    const method = editorDialog(page, "Add payment method");
    await method.getByRole("textbox", { name: "Payment Method Name" }).fill(card);
    await pickAccount(page, "Account", "BANK CURRENT ACCOUNT");
    await method.getByRole("button", { name: "Save" }).click();
    await expectSuccess(page, `Payment method added successfully: ${card}`);
    await expect(section(page).getByRole("row", { name: new RegExp(card) })).toContainText("BANK CURRENT ACCOUNT");

    await openTab(page, "Tax Classes");
    await expect(section(page).getByRole("row", { name: /^Food 16%/ })).toContainText("Card 5%");
    await section(page).getByRole("button", { name: "Add Tax Class" }).click();
    const taxDialog = editorDialog(page, "Add tax class");
    await taxDialog.getByRole("textbox", { name: "Tax Class Name" }).fill(tax);
    await taxDialog.getByRole("textbox", { name: "Rate", exact: true }).fill("16");
    await pickAccount(page, "Tax Payable Account", "SALES TAX PAYABLE");
    await taxDialog.getByRole("button", { name: "Add rate for a payment method" }).click();
    await choose(taxDialog, page, "Payment Method", card);
    await taxDialog.getByRole("textbox", { name: "Method Rate" }).fill("5");
    await taxDialog.getByRole("button", { name: "Save" }).click();
    await expectSuccess(page, `Tax class added successfully: ${tax}`);
    const taxRow = section(page).getByRole("row", { name: new RegExp(tax) });
    await expect(taxRow).toContainText("16%");
    await expect(taxRow).toContainText(`${card} 5%`);
    await expect(taxRow).toContainText("SALES TAX PAYABLE");

    await openTab(page, "Kitchen Stations");
    await section(page).getByRole("button", { name: "Add Kitchen Station" }).click();
    const stationDialog = editorDialog(page, "Add kitchen station");
    await stationDialog.getByRole("textbox", { name: "Station Name" }).fill(station);
    await choose(stationDialog, page, "Mode", "Display and print");
    await stationDialog.getByRole("textbox", { name: "Target Minutes" }).fill("12");
    await stationDialog.getByRole("textbox", { name: "Alert Minutes" }).fill("8");
    await stationDialog.getByRole("button", { name: "Save" }).click();
    await expect(stationDialog.getByText("The alert comes at or after the target time")).toBeVisible();
    await stationDialog.getByRole("textbox", { name: "Alert Minutes" }).fill("20");
    await stationDialog.getByRole("button", { name: "Save" }).click();
    await expectSuccess(page, `Kitchen station added successfully: ${station}`);
    await expect(section(page).getByRole("row", { name: new RegExp(station) })).toContainText("Display and print");
  });

  test("a counter whose cash account is outside the cash group shows the error on that field; a cash account saves (WP2 acceptance 4)", async ({
    page,
  }) => {
    const code = `Q${Math.floor(Math.random() * 1e6)}`;
    await openAsAccounts(page, ADMIN, EDIT);
    await openTab(page, "Counters");
    await expect(section(page).getByRole("row", { name: /^A01 Main Counter A01 CASH/ })).toBeVisible();
    await section(page).getByRole("button", { name: "Add Counter" }).click();
    const dialog = editorDialog(page, "Add counter");
    await dialog.getByRole("textbox", { name: "Counter Code" }).fill(code);
    await dialog.getByRole("textbox", { name: "Counter Name" }).fill("Terrace till");
    await pickAccount(page, "Cash Account", "BANK CURRENT ACCOUNT");
    await dialog.getByRole("button", { name: "Save" }).click();
    const cashField = dialog.getByTestId("counter-cash-account");
    await expect(cashField).toContainText("The counter's cash account must be a level-4 account under the cash group");
    await expect(dialog.getByRole("combobox", { name: "Cash Account" })).toHaveAttribute("aria-invalid", "true");
    await snap(page, "restaurant-settings-counter-error");

    await pickAccount(page, "Cash Account", "PETTY CASH");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectSuccess(page, `Counter added successfully: Terrace till`);
    await expect(section(page).getByRole("row", { name: new RegExp(`^${code} Terrace till`) })).toContainText(
      "PETTY CASH",
    );

    // Delete asks first; Cancel keeps the counter.
    await section(page).getByRole("button", { name: "Delete Terrace till" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete counter" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(section(page).getByRole("row", { name: new RegExp(`^${code} `) })).toBeVisible();
    await section(page).getByRole("button", { name: "Delete Terrace till" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectSuccess(page, "Counter deleted successfully");
    await expect(section(page).getByRole("row", { name: new RegExp(`^${code} `) })).toHaveCount(0);
  });

  test("List Restaurant alone shows the same data read-only", async ({ page }) => {
    await openAsAccounts(page, USERS.restaurantViewer, VIEW);
    await expect(page).toHaveURL(at(VIEW));
    const form = page.getByRole("form", { name: "POS settings" });
    await expect(form.getByRole("textbox", { name: "Business-day Cut-off" })).toBeDisabled();
    await expect(form.getByRole("textbox", { name: "Receipt Header" })).toBeDisabled();
    await expect(form.getByRole("button", { name: "Save POS Settings" })).toHaveCount(0);

    await openTab(page, "Counters");
    await expect(section(page).getByRole("row", { name: /^A01 Main Counter A01 CASH/ })).toBeVisible();
    await expect(section(page).getByRole("button", { name: "Add Counter" })).toHaveCount(0);
    await expect(section(page).getByRole("button", { name: /^(Edit|Delete) / })).toHaveCount(0);
    await openTab(page, "Payment Methods");
    await expect(section(page).getByRole("row", { name: /^Card Card/ })).toBeVisible();
    await openTab(page, "Printers");
    await expect(section(page).getByRole("button", { name: /^Test print/ })).toHaveCount(0);
    await snap(page, "restaurant-settings-read-only");
  });
});
