import type { Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, expect, openAsAccounts, snap, storedToken, test } from "./helpers";

const ADD_COUPON = "/inventory/Coupon/addCoupon";
const LIST_COUPON = "/inventory/Coupon/listCoupon";

/** A tag no other run or test uses, upper-case so it fits a coupon code. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

test.describe.configure({ timeout: 60_000 });

/** A menu category of this test's own, made through the API. */
async function drinksCategory(page: Page, name: string): Promise<void> {
  const token = await storedToken(page);
  const response = await page.request.post("/api/inventory/category", {
    headers: { authorization: `Bearer ${token}` },
    data: { name },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const successOk = async (page: Page, text: string) => {
  const dialog = page.getByRole("dialog", { name: "Success" });
  await expect(dialog).toContainText(text);
  await dialog.getByRole("button", { name: "Ok" }).click();
};

test.describe("Master Control > Coupon", () => {
  test("a bad code shows the field error; a code coupon and a happy-hour promotion are added and listed", async ({
    page,
  }) => {
    const run = tag();
    const code = `SAVE-${run}`;
    const drinks = `Drinks ${run}`;
    await openAsAccounts(page, ADMIN, ADD_COUPON);
    await drinksCategory(page, drinks);
    await expect(page.getByRole("heading", { level: 1, name: "Add Coupon" })).toBeVisible();
    const codeBox = page.getByRole("textbox", { name: "Code" });
    await expect(page.getByText("Leave empty for an automatic promotion (happy hour)")).toBeVisible();

    // A code with a space and a "!" is refused on its field, and nothing is saved.
    await codeBox.fill("SAVE 10!");
    await page.getByRole("textbox", { name: "Name" }).fill(`Ten off ${run}`);
    await page.getByRole("textbox", { name: "Percent Off" }).fill("10");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("A code is upper-case letters A-Z, digits and dashes (at most 30)")).toBeVisible();
    await snap(page, "coupon-bad-code");

    // Typed lower-case, stored upper-case; a cap, a minimum and limits.
    await codeBox.fill(code.toLowerCase());
    await page.getByRole("textbox", { name: "Cap" }).fill("500");
    await page.getByRole("textbox", { name: "Minimum Order" }).fill("1000");
    await page.getByRole("textbox", { name: "Total Uses" }).fill("100");
    await page.getByRole("textbox", { name: "Uses per Customer" }).fill("1");
    await page.getByRole("button", { name: "Save" }).click();
    await successOk(page, `${code}: Ten off ${run}`);

    // Happy hour: no code, 50% off the drinks category, Monday to Friday 17:00-19:00.
    await page.getByRole("textbox", { name: "Name" }).fill(`Happy hour ${run}`);
    await page.getByRole("textbox", { name: "Percent Off" }).fill("50");
    await page.getByRole("combobox", { name: "Applies To" }).click();
    await page.getByRole("option", { name: "Categories" }).click();
    const picker = page.getByRole("combobox", { name: "Categories" });
    await picker.fill(drinks);
    await page.getByRole("option", { name: drinks }).click();
    for (const day of ["Saturday", "Sunday"]) await page.getByRole("button", { name: day }).click();
    await expect(page.getByRole("button", { name: "Saturday" })).toHaveAttribute("aria-pressed", "false");
    await page.getByLabel("Time From").fill("17:00");
    await page.getByLabel("Time To").fill("19:00");
    await expect(page.getByLabel("Apply automatically (off: the POS only offers it)")).toBeChecked();
    await snap(page, "coupon-happy-hour");
    await page.getByRole("button", { name: "Save" }).click();
    await successOk(page, `Automatic promotion: Happy hour ${run}`);

    await page.goto(LIST_COUPON);
    await expect(page).toHaveURL(at(LIST_COUPON));
    await page.getByRole("searchbox", { name: "Search code or name" }).fill(run);
    const codeRow = page.getByRole("row", { name: new RegExp(code) });
    await expect(codeRow).toContainText("10%at most 500.00, orders from 1,000.00");
    await expect(codeRow).toContainText("Whole order");
    await expect(codeRow).toContainText("0 / 100 (1 per customer)");
    await expect(codeRow).toContainText("Active");
    const happyRow = page.getByRole("row", { name: new RegExp(`Happy hour ${run}`) });
    await expect(happyRow).toContainText(`AutomaticHappy hour ${run}priority 0`);
    await expect(happyRow).toContainText("50%");
    await expect(happyRow).toContainText(`Categories: ${drinks}`);
    await expect(happyRow).toContainText("Mon-Fri 17:00-19:00");
    await expect(happyRow).toContainText("0 / no limit");
    await snap(page, "coupon-list");

    // The kind filter keeps only the promotion.
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "Automatic promotions" }).click();
    await expect(happyRow).toBeVisible();
    await expect(codeRow).toHaveCount(0);
  });

  test("edit keeps the chosen values; deactivate and delete ask first", async ({ page }) => {
    const run = tag();
    const code = `EDIT-${run}`;
    await openAsAccounts(page, ADMIN, ADD_COUPON);
    await page.getByRole("textbox", { name: "Code" }).fill(code);
    await page.getByRole("textbox", { name: "Name" }).fill(`Flat ${run}`);
    await page.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Amount" }).click();
    await page.getByRole("textbox", { name: "Amount Off" }).fill("150.50");
    await page.getByRole("checkbox", { name: "Delivery" }).uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await successOk(page, `${code}: Flat ${run}`);

    await page.goto(LIST_COUPON);
    await page.getByRole("searchbox", { name: "Search code or name" }).fill(code);
    const row = page.getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("150.50 off");
    await row.getByRole("link", { name: `Edit Flat ${run}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add Coupon" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Amount Off" })).toHaveValue("150.5");
    await expect(page.getByRole("checkbox", { name: "Delivery" })).not.toBeChecked();
    await page.getByRole("textbox", { name: "Name" }).fill(`Flat changed ${run}`);
    // Saved, the editor goes back to the list.
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page).toHaveURL(at(LIST_COUPON));

    await page.getByRole("searchbox", { name: "Search code or name" }).fill(code);
    await expect(row).toContainText(`Flat changed ${run}`);
    await row.getByRole("button", { name: `Deactivate Flat changed ${run}` }).click();
    const ask = page.getByRole("dialog", { name: "Deactivate coupon" });
    await ask.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByRole("dialog", { name: "Success" })).toContainText(`Flat changed ${run} is inactive now`);
    await page.getByRole("dialog", { name: "Success" }).getByRole("button", { name: "Ok" }).click();
    await expect(row).toContainText("Inactive");

    await row.getByRole("button", { name: `Delete Flat changed ${run}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete coupon" });
    await expect(confirm).toContainText("deactivate it instead");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await successOk(page, "Coupon deleted successfully");
    await expect(page.getByText("No coupon matches the search.")).toBeVisible();
  });
});
