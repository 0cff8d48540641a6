import { ADMIN } from "./fixtures";
import { at, errorDialog, expect, openAsAccounts, snap, test } from "./helpers";

const ADD_CATEGORY = "/inventory/catagory/addcatagory";
const LIST_CATEGORY = "/inventory/catagory/listcatagory";
const ADD_SIZE = "/inventory/Size/addSize";
const LIST_SIZE = "/inventory/Size/listSize";
const ADD_FLAVOUR = "/inventory/Flavour/addFlavour";
const LIST_FLAVOUR = "/inventory/Flavour/listFlavour";

/** Names no other run or test uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ timeout: 60_000 });

test.describe("Master Control > Menu, Size and Flavour", () => {
  test("a category with a sub-category shows as a tree; the parent cannot be deleted while it has one", async ({
    page,
  }) => {
    const parent = unique("Pizzas");
    const child = unique("Thin Crust");
    await openAsAccounts(page, ADMIN, ADD_CATEGORY);
    await expect(page.getByRole("heading", { level: 1, name: "Add Menu Category" })).toBeVisible();
    await page.getByRole("textbox", { name: "Category Name" }).fill(parent);
    await page.getByRole("textbox", { name: "Colour" }).fill("#FF8800");
    await page.getByRole("button", { name: "Save" }).click();
    const saved = page.getByRole("dialog", { name: "Success" });
    await expect(saved).toContainText(`Category added successfully: ${parent}`);
    await saved.getByRole("button", { name: "Ok" }).click();

    await page.getByRole("textbox", { name: "Category Name" }).fill(child);
    await page.getByRole("combobox", { name: "Parent Category" }).click();
    await page.getByRole("option", { name: parent }).click();
    await page.getByLabel("Send to kitchen").uncheck();
    await snap(page, "menu-category-add");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(saved).toContainText(`Category added successfully: ${child}`);
    await saved.getByRole("button", { name: "Ok" }).click();

    const second = unique("Deep Pan");
    await page.getByRole("textbox", { name: "Category Name" }).fill(second);
    await page.getByRole("combobox", { name: "Parent Category" }).click();
    await page.getByRole("option", { name: parent }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(saved).toContainText(`Category added successfully: ${second}`);
    await saved.getByRole("button", { name: "Ok" }).click();

    await page.goto(LIST_CATEGORY);
    await expect(page).toHaveURL(at(LIST_CATEGORY));
    // Same sort, so by name: Deep Pan first; moving it down puts Thin Crust first.
    const order = async () =>
      (await page.getByRole("row").allTextContents()).filter((text) => text.includes(child) || text.includes(second));
    await expect.poll(order).toEqual([expect.stringContaining(second), expect.stringContaining(child)]);
    await page.getByRole("button", { name: `Move ${second} down` }).click();
    await expect.poll(order).toEqual([expect.stringContaining(child), expect.stringContaining(second)]);
    await expect(page.getByRole("button", { name: `Move ${second} down` })).toBeDisabled();
    const parentRow = page.getByRole("row", { name: new RegExp(`^${parent}`) });
    const childRow = page.getByRole("row", { name: new RegExp(child) });
    await expect(parentRow).toBeVisible();
    await expect(childRow).toContainText(`↳ ${child}`);
    await expect(childRow).toContainText("No");
    const names = await page.getByRole("row").allTextContents();
    const parentAt = names.findIndex((text) => text.startsWith(parent));
    expect(names[parentAt + 1]).toContain(child);
    await snap(page, "menu-category-list");

    await parentRow.getByRole("button", { name: `Delete ${parent}` }).click();
    await page.getByRole("dialog", { name: "Delete category" }).getByRole("button", { name: "Delete" }).click();
    await expect(errorDialog(page)).toContainText("This category has sub-categories");
    await errorDialog(page).getByRole("button", { name: "Ok" }).click();
    await expect(parentRow).toBeVisible();
  });

  test("a size and a flavour are added and listed", async ({ page }) => {
    const size = unique("Large");
    const flavour = unique("Spicy");
    await openAsAccounts(page, ADMIN, ADD_SIZE);
    await expect(page.getByRole("heading", { level: 1, name: "Add Size" })).toBeVisible();
    await page.getByRole("textbox", { name: "Size Name" }).fill(size);
    await page.getByRole("textbox", { name: "Short Code" }).fill("l");
    await page.getByRole("button", { name: "Save" }).click();
    const saved = page.getByRole("dialog", { name: "Success" });
    await expect(saved).toContainText(`Size added successfully: ${size}`);
    await saved.getByRole("button", { name: "Ok" }).click();
    await page.goto(LIST_SIZE);
    const sizeRow = page.getByRole("row", { name: new RegExp(size) });
    await expect(sizeRow).toContainText("L");
    await expect(sizeRow).toContainText("Active");
    await snap(page, "menu-size-list");

    await page.goto(ADD_FLAVOUR);
    await expect(page.getByRole("heading", { level: 1, name: "Add Flavour" })).toBeVisible();
    await page.getByRole("textbox", { name: "Flavour Name" }).fill(flavour);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(saved).toContainText(`Flavour added successfully: ${flavour}`);
    await saved.getByRole("button", { name: "Ok" }).click();
    const duplicate = page.getByRole("textbox", { name: "Flavour Name" });
    await duplicate.fill(flavour.toUpperCase());
    await page.getByRole("button", { name: "Save" }).click();
    await expect(errorDialog(page)).toContainText("A flavour with this name already exists");
    await errorDialog(page).getByRole("button", { name: "Ok" }).click();
    await page.goto(LIST_FLAVOUR);
    await expect(page.getByRole("row", { name: new RegExp(flavour) })).toBeVisible();
    await snap(page, "menu-flavour-list");
  });
});
