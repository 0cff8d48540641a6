import type { Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, expect, openAsAccounts, snap, storedToken, test } from "./helpers";

const ADD_DEAL = "/inventory/deal/addDeal";
const DEAL_LIST = "/inventory/deal/dealList";

/** A tag no other run or test uses. */
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ timeout: 90_000 });

/** Posts through the API with the signed-in admin's token and answers the saved record. */
async function post(page: Page, url: string, data: object): Promise<{ id: number; variants?: { id: number }[] }> {
  const token = await storedToken(page);
  const response = await page.request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

/** This test's own POS category and three single-variant products on the POS; answers the category's name. */
async function menu(page: Page, run: string): Promise<{ category: string; zingerId: number }> {
  const category = `Deals ${run}`;
  const { id: categoryId } = await post(page, "/api/inventory/category", { name: category });
  const product = (name: string, price: number) =>
    post(page, "/api/inventory/product", {
      name: `${name} ${run}`,
      categoryId,
      track: "none",
      availableInPos: true,
      variants: [{ price }],
    });
  const zinger = await product("Zinger L", 1000);
  await product("Cola", 200);
  await product("Lime", 250);
  return { category, zingerId: zinger.variants?.[0]?.id ?? 0 };
}

const successOk = async (page: Page, text: string) => {
  const dialog = page.getByRole("dialog", { name: "Success" });
  await expect(dialog).toContainText(text);
  await dialog.getByRole("button", { name: "Ok" }).click();
};

/** Types into a variant picker and takes the option with that label. */
async function pickVariant(page: Page, field: string, label: string): Promise<void> {
  const picker = page.getByRole("combobox", { name: field });
  await picker.fill(label);
  await page.getByRole("option", { name: new RegExp(label) }).click();
  await expect(picker).toHaveValue(label);
}

test.describe("Master Control > Deal", () => {
  test("a deal with a fixed line and a choice group is built on the screen, listed with its allocation and edited", async ({
    page,
  }) => {
    const run = tag();
    const name = `Zinger Meal ${run}`;
    await openAsAccounts(page, ADMIN, ADD_DEAL);
    const { category, zingerId } = await menu(page, run);
    // A deal of that name already exists, so the first save is refused on the name field.
    await post(page, "/api/inventory/deal", {
      name,
      categoryId: (await post(page, "/api/inventory/category", { name: `Other ${run}` })).id,
      price: 10,
      fixed: [{ variantId: zingerId }],
    });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Add Deal" })).toBeVisible();

    await page.getByRole("textbox", { name: "Deal Name" }).fill(name);
    await page.getByRole("combobox", { name: "POS Category" }).click();
    await page.getByRole("option", { name: category }).click();
    await page.getByRole("textbox", { name: "Deal Price" }).fill("900");
    await pickVariant(page, "Variant of line 1", `Zinger L ${run}`);
    await page.getByRole("button", { name: "Add choice group" }).click();
    const group = page.getByRole("group", { name: "Choice group 1" });
    await group.getByRole("textbox", { name: "Label of group 1" }).fill("Choose a drink");
    await pickVariant(page, "Variant of option 1 of group 1", `Cola ${run}`);
    await group.getByRole("button", { name: "Add line" }).click();
    await pickVariant(page, "Variant of option 2 of group 1", `Lime ${run}`);
    await group.getByRole("textbox", { name: "Extra price of option 2 of group 1" }).fill("50");
    await expect(group.getByRole("checkbox", { name: "Default option 1 of group 1" })).toBeChecked();
    // Lunch only: 12:00-15:00, Monday to Friday.
    await page.getByLabel("Time From").fill("12:00");
    await page.getByLabel("Time To").fill("15:00");
    for (const day of ["Saturday", "Sunday"]) await page.getByRole("button", { name: day, exact: true }).click();

    // The preview spreads 900.00 over 1,000.00 + 200.00 (WP2 acceptance 5) while the form is edited.
    const preview = page.getByRole("table", { name: "Allocation of the deal price" });
    await expect(preview.getByRole("row", { name: new RegExp(`Zinger L ${run}`) })).toContainText("750.00");
    await expect(preview.getByRole("row", { name: new RegExp(`Cola ${run}`) })).toContainText("150.00");
    await snap(page, "deal-add");

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("alertdialog", { name: "Error" }).getByRole("button", { name: "Ok" }).click();
    await expect(page.getByRole("textbox", { name: "Deal Name" })).toHaveAccessibleDescription(
      "A deal with this name already exists",
    );
    await snap(page, "deal-name-taken");
    await page.getByRole("textbox", { name: "Deal Name" }).fill(`Lunch ${name}`);
    await page.getByRole("button", { name: "Save" }).click();
    await successOk(page, `Lunch ${name}`);

    await page.goto(DEAL_LIST);
    await expect(page).toHaveURL(at(DEAL_LIST));
    await page.getByRole("searchbox", { name: "Search name or code" }).fill(`Lunch ${name}`);
    const row = page.getByRole("row", { name: new RegExp(`Lunch ${name}`) });
    const allocation = row.getByRole("list", { name: `Allocation of Lunch ${name}` });
    await expect(allocation).toContainText(`Zinger L ${run}750.00of 1,000.00`);
    await expect(allocation).toContainText(`Cola ${run}150.00of 200.00`);
    await expect(row).toContainText("Mon-Fri, 12:00-15:00");
    await expect(row).toContainText("900.00");
    await expect(page.getByRole("row")).toHaveCount(2);
    await snap(page, "deal-list");

    // Edit: the price rises to 1,200.00, so the lines take their full list prices.
    await row.getByRole("link", { name: `Edit Lunch ${name}` }).click();
    await expect(page.getByRole("textbox", { name: "Deal Name" })).toHaveValue(`Lunch ${name}`);
    await expect(page.getByRole("combobox", { name: "Variant of option 2 of group 1" })).toHaveValue(`Lime ${run}`);
    await page.getByRole("textbox", { name: "Deal Price" }).fill("1200");
    await page.getByRole("button", { name: "Update" }).click();
    await successOk(page, "Deal updated successfully");
    await expect(page).toHaveURL(at(DEAL_LIST));
    await page.getByRole("searchbox", { name: "Search name or code" }).fill(`Lunch ${name}`);
    await expect(allocation).toContainText(`Zinger L ${run}1,000.00of 1,000.00`);
    await expect(allocation).toContainText(`Cola ${run}200.00of 200.00`);

    // Deactivate and delete ask first.
    await row.getByRole("button", { name: `Deactivate Lunch ${name}` }).click();
    await page.getByRole("dialog", { name: "Deactivate deal" }).getByRole("button", { name: "Deactivate" }).click();
    await successOk(page, "is inactive now");
    await expect(row).toContainText("Inactive");
    await row.getByRole("button", { name: `Delete Lunch ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete deal" });
    await expect(confirm).toContainText("deactivate it instead");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await successOk(page, "Deal deleted successfully");
    await expect(page.getByText(`No deal matches "Lunch ${name}".`)).toBeVisible();
  });
});
