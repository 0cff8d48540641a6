import type { Page } from "@playwright/test";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, openAsAccounts, snap, storedToken, test } from "./helpers";
import { PNG_1X1 } from "./users-helpers";

const ADD_PRODUCT = "/inventory/Product/addProduct";
const LIST_PRODUCT = "/inventory/Product/listProduct";
const UPLOAD_PRODUCT = "/inventory/Product/uploadProduct";
const STORE_UPLOAD = "/inventory/product/uploadProduct";

/** A tag no other run or test uses. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ timeout: 90_000 });

/** A category under a parent, sizes S/M/L and two flavours, all named after `tag`, made through the API. */
async function menu(page: Page, tag: string) {
  const token = await storedToken(page);
  const post = async (url: string, data: object) => {
    const response = await page.request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { id: number } }).data.id;
  };
  const parentId = await post("/api/inventory/category", { name: `Food ${tag}` });
  await post("/api/inventory/category", { name: `Burgers ${tag}`, parentId });
  for (const code of ["S", "M", "L"]) await post("/api/inventory/size", { name: `${code} ${tag}`, code });
  for (const name of ["Spicy", "Plain"]) await post("/api/inventory/flavour", { name: `${name} ${tag}` });
}

async function pick(page: Page, label: string, options: string[]) {
  for (const option of options) {
    await page.getByRole("combobox", { name: label }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  }
  await page.keyboard.press("Escape");
}

test.describe("Master Control > Product", () => {
  test("Product Add builds a 6-variant grid; the list shows it as no recipe, toggles sold out, and available once every variant has a recipe", async ({
    page,
  }) => {
    const tag = unique();
    const name = `Zinger ${tag}`;
    await openAsAccounts(page, ADMIN, ADD_PRODUCT);
    await menu(page, tag);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Add Product" })).toBeVisible();
    await page.getByRole("textbox", { name: "Product Name" }).fill(name);
    await page.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: `Food ${tag} > Burgers ${tag}` }).click();
    await pick(page, "Sizes", [`S ${tag}`, `M ${tag}`, `L ${tag}`]);
    await pick(page, "Flavours", [`Spicy ${tag}`, `Plain ${tag}`]);
    const grid = page.getByRole("table", { name: "Variant grid" });
    await expect(grid.getByRole("row")).toHaveCount(7);
    await expect(page.getByRole("heading", { name: "Variants (6)" })).toBeVisible();
    const prices = [
      ["S", "Spicy", "450"],
      ["S", "Plain", "450"],
      ["M", "Spicy", "550"],
      ["M", "Plain", "550"],
      ["L", "Spicy", "650.50"],
      ["L", "Plain", "650.50"],
    ];
    for (const [size, flavour, price] of prices) {
      await page.getByRole("textbox", { name: `Price of ${size} ${tag} ${flavour} ${tag}` }).fill(price ?? "");
    }
    await expect(page.getByRole("radio", { name: /^Recipe/ })).toBeChecked();

    // On the POS without recipes: the server refuses, naming the variants, with a link to Add Recipe.
    await page.getByRole("switch", { name: "Available in POS" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    const refused = page.getByRole("alertdialog", { name: "Error" }).or(page.getByRole("dialog", { name: "Error" }));
    await expect(refused).toContainText("Add a recipe first for:");
    await refused.getByRole("button", { name: "Ok" }).click();
    const form = page.getByRole("form", { name: "Add Product" });
    await expect(form.getByText(/Add a recipe first for: .*S .*Spicy/)).toBeVisible();
    await expect(form.getByRole("link", { name: "Add Recipe" })).toHaveAttribute("href", "/inventory/Recipe/addRecipe");
    await snap(page, "product-add-needs-recipes");

    await page
      .getByLabel("Product Image")
      .setInputFiles({ name: "zinger.png", mimeType: "image/png", buffer: PNG_1X1 });
    await expect(page.getByTestId("product-image").getByText("Uploaded.", { exact: false })).toBeVisible();
    await page.getByRole("switch", { name: "Available in POS" }).uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    const saved = page.getByRole("dialog", { name: "Success" });
    await expect(saved).toContainText(`Product added successfully: `);
    await expect(saved).toContainText(name);
    await saved.getByRole("button", { name: "Ok" }).click();

    await page.goto(LIST_PRODUCT);
    await expect(page).toHaveURL(at(LIST_PRODUCT));
    await page.getByLabel("Search name or code").fill(name);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("no recipe");
    await expect(row).toContainText("6 variants");
    await expect(row).toContainText("450.00 – 650.50");
    await expect(row.getByRole("img", { name })).toBeVisible();
    await page.getByRole("switch", { name: "Missing recipe" }).check();
    await expect(row).toBeVisible();
    await snap(page, "product-list-no-recipe");
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect.poll(overflow, { message: "List Product is wider than the screen by" }).toBe(0);

    await row.getByRole("button", { name: `Mark ${name} sold out` }).click();
    const marked = page.getByRole("dialog", { name: "Success" });
    await expect(marked).toContainText("Product marked sold out");
    await marked.getByRole("button", { name: "Ok" }).click();
    await expect(row.getByRole("button", { name: `Back on sale: ${name}` })).toBeVisible();

    await row.getByRole("button", { name: `Back on sale: ${name}` }).click();
    const back = page.getByRole("dialog", { name: "Success" });
    await expect(back).toContainText("Product is back on sale");
    await back.getByRole("button", { name: "Ok" }).click();

    // A recipe for every variant (made through the API; Add Recipe is its own screen): the state becomes available.
    const token = await storedToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const found = await page.request.get(`/api/inventory/product?search=${encodeURIComponent(name)}`, { headers });
    const productId = ((await found.json()) as { data: { id: number }[] }).data[0]?.id;
    const product = await page.request.get(`/api/inventory/product/${productId}`, { headers });
    const store = await page.request.post("/api/inventory/store_product", {
      headers,
      data: { name: `Bun ${tag}`, stockUomId: 1 },
    });
    expect(store.status(), await store.text()).toBe(200);
    const storeId = ((await store.json()) as { data: { id: number } }).data.id;
    for (const variant of ((await product.json()) as { variants: { id: number }[] }).variants) {
      const recipe = await page.request.post("/api/inventory/recipe", {
        headers,
        data: { variantId: variant.id, lines: [{ storeProductId: storeId, qty: 1, uomId: 1 }] },
      });
      expect(recipe.status(), await recipe.text()).toBe(200);
    }
    await page.getByRole("switch", { name: "Missing recipe" }).uncheck();
    await page.reload();
    await page.getByLabel("Search name or code").fill(name);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("available");

    // Duplicate opens Product Add prefilled as a copy.
    await row.getByRole("link", { name: `Duplicate ${name}` }).click();
    await expect(page.getByRole("textbox", { name: "Product Name" })).toHaveValue(`${name} (copy)`);
    await expect(page.getByRole("heading", { name: "Variants (6)" })).toBeVisible();
  });

  test("Product Upload checks a sheet, shows row errors, then saves it; the Store upload route stays its own", async ({
    page,
  }) => {
    const tag = unique();
    await openAsAccounts(page, ADMIN, STORE_UPLOAD);
    await expect(page.getByRole("heading", { level: 1, name: "Store Product Upload" })).toBeVisible();
    await menu(page, tag);
    await page.goto(UPLOAD_PRODUCT);
    await expect(page.getByRole("heading", { level: 1, name: "Upload Product" })).toBeVisible();

    const header = "product code,product name,category,size,flavour,price,barcode,tax class,station,tracking";
    const rows = (category: string) =>
      [
        header,
        `W${tag},Wrap ${tag},${category},S ${tag},Spicy ${tag},300,,,,recipe`,
        `W${tag},Wrap ${tag},${category},M ${tag},Spicy ${tag},400,,,,recipe`,
        `C${tag},Cola ${tag},Food ${tag},,,120,,,,none`,
      ].join("\n");
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(rows(`Drinks ${tag}`)) });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByTestId("checked-row-2")).toContainText(`category: No category named "Drinks ${tag}"`);
    await expect(page.getByTestId("checked-row-4")).toContainText("OK");
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await snap(page, "product-upload-checked");

    await input.setInputFiles({
      name: "good.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(rows(`Food ${tag} > Burgers ${tag}`)),
    });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByTestId("checked-row-2")).toContainText("OK");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Saved: 2 product(s) with 3 variant(s) created" }),
    ).toBeVisible();

    await page.goto(LIST_PRODUCT);
    await page.getByLabel("Search name or code").fill(tag);
    await expect(page.getByRole("row").filter({ hasText: `Wrap ${tag}` })).toContainText("no recipe");
    await expect(page.getByRole("row").filter({ hasText: `Cola ${tag}` })).toContainText("available");
  });

  test("a Product List holder sees the list and Mark sold out, but neither Add, Edit nor Duplicate", async ({
    page,
  }) => {
    const tag = unique();
    await openAsAccounts(page, ADMIN, UPLOAD_PRODUCT);
    await menu(page, tag);
    const token = await storedToken(page);
    const categories = await page.request.get(`/api/inventory/category?search=${encodeURIComponent(`Food ${tag}`)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const categoryId = ((await categories.json()) as { data: { id: number; name: string }[] }).data.find(
      (row) => row.name === `Food ${tag}`,
    )?.id;
    const added = await page.request.post("/api/inventory/product", {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `Tea ${tag}`, categoryId, track: "none", variants: [{ price: 80 }] },
    });
    expect(added.status(), await added.text()).toBe(200);

    await openAsAccounts(page, USERS.productLister, LIST_PRODUCT);
    await expect(page.getByRole("heading", { level: 1, name: "List Product" })).toBeVisible();
    await page.getByLabel("Search name or code").fill(`Tea ${tag}`);
    const row = page.getByRole("row").filter({ hasText: `Tea ${tag}` });
    await expect(row).toContainText("available");
    await expect(row.getByRole("button", { name: `Mark Tea ${tag} sold out` })).toBeVisible();
    await expect(row.getByRole("link", { name: `Edit Tea ${tag}` })).toHaveCount(0);
    await expect(row.getByRole("link", { name: `Duplicate Tea ${tag}` })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add Product" })).toHaveCount(0);
  });
});
