import type { APIRequestContext } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, expect, openAsAccounts, snap, test } from "./helpers";
import { apiSignIn } from "./rates-helpers";

const STORE_UPLOAD = "/inventory/product/uploadProduct";
/** Master Control's Product Upload: one capital letter apart, a different screen. */
const MASTER_UPLOAD = "/inventory/Product/uploadProduct";
const STORE_LIST = "/inventory/Product/storeProductList";
const HEADER =
  "code,name,group,stock_uom,purchase_uom,purchase_factor,reorder_level,par_level,barcode,opening_qty,opening_unit_cost";

/** A suffix no other run or test uses. */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function productsNamed(request: APIRequestContext, search: string) {
  const token = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const response = await request.get(`/api/inventory/store_product?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).total_results as number;
}

test.describe.configure({ timeout: 120_000 });

test.describe("Store > Store Product", () => {
  test("the Store's and Master Control's upload routes differ by one capital letter and open different screens", async ({
    page,
  }) => {
    await openAsAccounts(page, ADMIN, STORE_UPLOAD);
    await expect(page.getByRole("heading", { level: 1, name: "Store Product Upload" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Check file" })).toBeVisible();

    await page.goto(MASTER_UPLOAD);
    await expect(page).toHaveURL(at(MASTER_UPLOAD));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Upload Product" })).toBeVisible();
    // Master Control's upload takes menu products (one row per variant), not store products.
    await expect(page.getByLabel("Products file (CSV or XLSX)")).toBeAttached();
    await expect(page.getByLabel("Store products file (CSV or XLSX)")).toHaveCount(0);
  });

  test("a file with one bad row shows the row's error and saves nothing; the corrected file creates the products and shows the opening JV", async ({
    page,
    request,
  }) => {
    const chicken = `Chicken breast ${suffix}`;
    const rice = `Basmati rice ${suffix}`;
    const good = [`,${chicken},Meat,KG,,,12.5,3,,10,200.00`, `,${rice},Dry,KG,,,0,0,,25.5,180.40`];
    const badFile = [HEADER, ...good, `,Cooking oil ${suffix},Dry,BARREL,,,0,0,,3,410.10`].join("\n");
    const goodFile = [HEADER, ...good, `,Cooking oil ${suffix},Dry,LITRE,,,0,0,,3,410.10`].join("\n");

    await openAsAccounts(page, ADMIN, STORE_UPLOAD);
    const input = page.getByLabel("Store products file (CSV or XLSX)");
    await input.setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(badFile) });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByRole("status").filter({ hasText: "3 row(s) checked" })).toContainText(
      "1 row(s) have errors",
    );
    await expect(page.getByTestId("checked-row-4")).toContainText("stock_uom: No such unit: BARREL");
    await expect(page.getByTestId("checked-row-2")).toContainText("OK");
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
    await snap(page, "store-products-upload-check");
    expect(await productsNamed(request, suffix)).toBe(0);

    await input.setInputFiles({ name: "products-fixed.csv", mimeType: "text/csv", buffer: Buffer.from(goodFile) });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByRole("status").filter({ hasText: "3 row(s) checked" })).toContainText("No errors");
    const save = page.getByRole("button", { name: "Save", exact: true });
    await expect(save).toBeEnabled();
    await save.click();
    const saved = page.getByRole("status").filter({ hasText: "products-fixed.csv" });
    await expect(saved).toContainText("3 store product(s) created, 0 updated");
    await expect(saved).toContainText(/Opening JV: JV-\d{4}-\d{5}/);
    await snap(page, "store-products-upload-saved");
    expect(await productsNamed(request, suffix)).toBe(3);

    await page.goto(STORE_LIST);
    await expect(page.getByRole("heading", { level: 1, name: "Store Product List" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search code, name or barcode" }).fill(suffix);
    const row = page.getByRole("row", { name: new RegExp(chicken) });
    await expect(row).toContainText("10");
    await expect(row).toContainText("200.00");
    await expect(row).toContainText("2,000.00");
    await expect(page.getByRole("row", { name: new RegExp(rice) })).toContainText("4,600.20");
    await snap(page, "store-products-list");
  });

  test("Add one enters a single product with its opening stock, and the list edits it", async ({ page }) => {
    const name = `Tomato ${suffix}`;
    await openAsAccounts(page, ADMIN, STORE_UPLOAD);
    const form = page.getByRole("form", { name: "Add one store product" });
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("combobox", { name: "Stock UOM" }).click();
    await page.getByRole("option", { name: /^KG/ }).click();
    await form.getByRole("textbox", { name: "Opening quantity" }).fill("2.5");
    await form.getByRole("textbox", { name: "Opening unit cost" }).fill("120.30");
    await snap(page, "store-products-add-one");
    await form.getByRole("button", { name: "Add product" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Success" }).or(page.getByRole("dialog", { name: "Success" }));
    await expect(dialog).toContainText(`Store product added: ${name}`);
    await expect(dialog).toContainText(/Opening stock 300\.75 posted as JV-\d{4}-\d{5}/);
    await dialog.getByRole("button").first().click();

    await page.goto(STORE_LIST);
    await page.getByRole("searchbox", { name: "Search code, name or barcode" }).fill(name);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(edit).toContainText("its stock UOM cannot change");
    await edit.getByRole("textbox", { name: "Reorder level" }).fill("5");
    await edit.getByRole("button", { name: "Update" }).click();
    const row = page.locator('[data-testid^="store-product-"]', { hasText: name });
    await expect(row).toContainText("Below 5", { timeout: 20_000 });

    // It has stock, so Delete asks first and is then refused; Deactivate is allowed.
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete store product" });
    await expect(confirm).toContainText("deactivate it instead");
    await confirm.getByRole("button", { name: "Delete" }).click();
    const refused = page.getByRole("alertdialog", { name: "Error" }).or(page.getByRole("dialog", { name: "Error" }));
    await expect(refused).toContainText("deactivate it instead");
    await refused.getByRole("button").first().click();
    await page.getByRole("button", { name: `Deactivate ${name}` }).click();
    await expect(row).toContainText("Inactive");
    await snap(page, "store-products-list-inactive");
  });
});

test.describe("UOM", () => {
  test("Master Control adds a unit; Store's read-only list shows it with its usage", async ({ page }) => {
    const name = `TRAY${suffix}`.toUpperCase().slice(0, 30);
    await openAsAccounts(page, ADMIN, "/inventory/uom/adduom");
    await expect(page.getByRole("heading", { level: 1, name: "Add UOM" })).toBeVisible();
    await page.getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("textbox", { name: "Symbol" }).fill("tr");
    await page.getByRole("textbox", { name: "Factor to base" }).fill("30");
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Success" }).or(page.getByRole("dialog", { name: "Success" }));
    await expect(dialog).toContainText(`Unit added: ${name}`);
    await dialog.getByRole("button").first().click();

    await page.goto("/inventory/uom/listUom");
    await expect(page.getByTestId(`unit-${name}`)).toContainText("30");
    await expect(page.getByRole("button", { name: "Delete PCS" })).toHaveCount(0);
    await snap(page, "store-uom-manage");

    await page.goto("/inventory/uomlist");
    await expect(page.getByRole("heading", { level: 1, name: "UOM" })).toBeVisible();
    await expect(page.getByTestId("unit-KG")).toContainText("mass");
    await expect(page.getByTestId(`unit-${name}`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Delete ${name}` })).toHaveCount(0);
    await snap(page, "store-uom-list");
  });
});
