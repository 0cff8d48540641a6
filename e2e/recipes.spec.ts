import type { Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, expect, openAsAccounts, snap, storedToken, test } from "./helpers";

const ADD_RECIPE = "/inventory/Recipe/addRecipe";
const LIST_RECIPE = "/inventory/Recipe/listRecipe";
const LIST_PRODUCT = "/inventory/Product/listProduct";

/** A tag no other run or test uses. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ timeout: 120_000 });

/** The signed-in admin's API, for the test's own setup. */
async function apiOf(page: Page) {
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const call = async (method: "get" | "post" | "put", url: string, data?: object) => {
    const response = await page.request[method](url, { headers, ...(data ? { data } : {}) });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
  return call;
}

/** A recipe-tracked product with sizes M and L (1,000.00 and 1,300.00) and chicken kept in kg, named after `tag`. */
async function setUp(page: Page, tag: string) {
  const call = await apiOf(page);
  const categoryId = (await call("post", "/api/inventory/category", { name: `Recipes ${tag}` })).data.id;
  const sizeIds: number[] = [];
  for (const code of ["M", "L"])
    sizeIds.push((await call("post", "/api/inventory/size", { name: `${code} ${tag}`, code })).data.id);
  const body = {
    name: `Zinger ${tag}`,
    categoryId,
    track: "recipe",
    sizeIds,
    variants: sizeIds.map((sizeId, index) => ({ sizeId, price: 1000 + index * 300 })),
  };
  const product = (await call("post", "/api/inventory/product", body)).data as { id: number };
  const units = (await call("get", "/api/uom")) as { uomId: number; uomName: string }[];
  const kgId = units.find((unit) => unit.uomName === "KG")?.uomId;
  await call("post", "/api/inventory/store_product", { name: `Chicken ${tag}`, stockUomId: kgId });
  return { call, product, body };
}

async function chooseOption(page: Page, combobox: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: combobox }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test.describe("Master Control > Recipe", () => {
  test("a recipe-tracked product shows no recipe, gets a recipe per variant on Add Recipe, then goes on sale as available", async ({
    page,
  }) => {
    const tag = unique();
    const name = `Zinger ${tag}`;
    await openAsAccounts(page, ADMIN, LIST_PRODUCT);
    const { call, product, body } = await setUp(page, tag);

    // The Product List (API and screen) says no recipe.
    const listed = await call("get", `/api/inventory/product?search=${encodeURIComponent(name)}`);
    expect(listed.data[0]).toMatchObject({ state: "no recipe", missingRecipes: 2, minCost: null });
    await page.reload();
    await page.getByLabel("Search name or code").fill(name);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("no recipe");

    // Variant M: 150 g of chicken, entered in grams, is 0.15 kg a portion.
    await page.goto(ADD_RECIPE);
    await expect(page.getByRole("heading", { level: 1, name: "Add Recipe" })).toBeVisible();
    await page.getByRole("combobox", { name: "Product", exact: true }).fill(name);
    await page.getByRole("option", { name: new RegExp(name) }).click();
    await chooseOption(page, "Variant", `${name} M ${tag} (no recipe)`);
    await page.getByRole("combobox", { name: "Store product 1" }).fill(`Chicken ${tag}`);
    await page.getByRole("option", { name: new RegExp(`Chicken ${tag}`) }).click();
    await page.getByRole("textbox", { name: "Quantity 1" }).fill("150");
    await chooseOption(page, "Unit 1", "g");
    await expect(page.getByTestId("stock-qty-1")).toHaveText("0.15 kg");
    await expect(page.getByTestId("recipe-totals")).toContainText("Price: 1,000.00");
    await snap(page, "recipe-add-first-variant");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = page.getByRole("dialog", { name: "Success" });
    await expect(saved).toContainText("Recipe saved as version 1");
    await saved.getByRole("button", { name: "Ok" }).click();
    await expect(page.getByRole("table", { name: "Version history" })).toContainText("current");

    // Variant L: copied from M, scaled x 1.3 -> 195 g.
    await chooseOption(page, "Variant", `${name} L ${tag} (no recipe)`);
    await page.getByRole("button", { name: "Copy from variant" }).click();
    const copy = page.getByRole("dialog", { name: "Copy from variant" });
    await copy.getByRole("combobox", { name: "Copy the recipe of" }).click();
    await page.getByRole("option", { name: `${name} M ${tag} (version 1)` }).click();
    await copy.getByRole("textbox", { name: "Scale factor" }).fill("1.3");
    await copy.getByRole("button", { name: "Copy lines" }).click();
    await expect(page.getByRole("textbox", { name: "Quantity 1" })).toHaveValue("195");
    await expect(page.getByTestId("stock-qty-1")).toHaveText("0.195 kg");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Success" })).toContainText("version 1");
    await page.getByRole("dialog", { name: "Success" }).getByRole("button", { name: "Ok" }).click();

    // An edit of M makes version 2; version 1 stays in the history.
    await chooseOption(page, "Variant", `${name} M ${tag} (version 1)`);
    await expect(page.getByRole("textbox", { name: "Quantity 1" })).toHaveValue("150");
    await page.getByRole("textbox", { name: "Quantity 1" }).fill("160");
    await page.getByRole("button", { name: "Save new version" }).click();
    await expect(page.getByRole("dialog", { name: "Success" })).toContainText("version 2");
    await page.getByRole("dialog", { name: "Success" }).getByRole("button", { name: "Ok" }).click();
    const history = page.getByRole("table", { name: "Version history" });
    await expect(history.getByRole("row")).toHaveCount(3);
    await expect(history).toContainText("kept for past sales");

    // On sale now: the server accepts "available in POS", and the list says available.
    await call("put", `/api/inventory/product/${product.id}`, { ...body, availableInPos: true });
    await page.goto(LIST_PRODUCT);
    await page.getByLabel("Search name or code").fill(name);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("available");

    // Recipe List: both variants with their versions; none left without a recipe.
    await page.goto(LIST_RECIPE);
    await expect(page).toHaveURL(at(LIST_RECIPE));
    await page.getByLabel("Search product, size or flavour").fill(tag);
    const table = page.getByRole("table", { name: "Recipes" });
    await expect(table.getByRole("row").filter({ hasText: `${name} M ${tag}` })).toContainText("2");
    await expect(table.getByRole("row").filter({ hasText: `${name} L ${tag}` })).toContainText("1,300.00");
    await snap(page, "recipe-list");
    await page.getByRole("tab", { name: "Variants without recipe" }).click();
    await expect(page.getByText("Nothing matches")).toBeVisible();
  });

  test("a unit that does not convert is refused on the line: ml for a kg product", async ({ page }) => {
    const tag = unique();
    await openAsAccounts(page, ADMIN, ADD_RECIPE);
    const { call, product } = await setUp(page, tag);
    const units = (await call("get", "/api/uom")) as { uomId: number; uomName: string }[];
    const ml = units.find((unit) => unit.uomName === "MILLILITRE")?.uomId;
    const store = await call("get", `/api/inventory/recipe/ingredients`);
    const chicken = (store as { id: number; name: string }[]).find((row) => row.name === `Chicken ${tag}`);
    const variants = (await call("get", `/api/inventory/product/${product.id}`)).variants as { id: number }[];
    const refused = await page.request.post("/api/inventory/recipe", {
      headers: { authorization: `Bearer ${await storedToken(page)}` },
      data: { variantId: variants[0]?.id, lines: [{ storeProductId: chicken?.id, qty: 30, uomId: ml }] },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "cannot convert ml to kg" });

    // The screen offers only units that convert: mass units for chicken, no ml.
    await page.reload();
    await page.getByRole("combobox", { name: "Product", exact: true }).fill(`Zinger ${tag}`);
    await page.getByRole("option", { name: new RegExp(`Zinger ${tag}`) }).click();
    await chooseOption(page, "Variant", new RegExp(`Zinger ${tag} M ${tag}`));
    await page.getByRole("combobox", { name: "Store product 1" }).fill(`Chicken ${tag}`);
    await page.getByRole("option", { name: new RegExp(`Chicken ${tag}`) }).click();
    await page.getByRole("combobox", { name: "Unit 1" }).click();
    await expect(page.getByRole("option", { name: "g", exact: true })).toBeVisible();
    await expect(page.getByRole("option", { name: "ml", exact: true })).toHaveCount(0);
  });
});
