import type { APIRequestContext } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { expect, openAsAccounts, snap, test } from "./helpers";
import { apiSignIn } from "./rates-helpers";

const DIFFERENCE_REPORT = "/inventory/product/ProductBalance";

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A store product of this test alone with 12 kg at 220.00 in the Store. */
async function productWithStock(request: APIRequestContext, name: string) {
  const headers = { authorization: `Bearer ${await apiSignIn(request, ADMIN.email, ADMIN.password)}` };
  const units = (await (await request.get("/api/uom", { headers })).json()) as { uomId: number; uomName: string }[];
  const kg = units.find((unit) => unit.uomName === "KG")?.uomId;
  const response = await request.post("/api/inventory/store_product", {
    headers,
    data: { name, stockUomId: kg, openingQty: 12, openingUnitCost: 220 },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = await response.json();
  return (answer.data ?? answer) as { id: number; code: string; name: string };
}

test.describe.configure({ timeout: 90_000 });

test("Difference Report: load book quantities, count 11.5 kg of 12, post a -0.5 kg adjustment with its voucher", async ({
  page,
  request,
}) => {
  const product = await productWithStock(request, unique("Chicken count"));
  await openAsAccounts(page, ADMIN, DIFFERENCE_REPORT);
  await expect(page.getByRole("heading", { level: 1, name: "Difference Report" })).toBeVisible();
  await page.getByRole("button", { name: "Load book quantities" }).click();

  const line = page.getByTestId(`count-line-${product.code}`);
  await expect(line).toContainText("12");
  await line.getByRole("spinbutton", { name: `Counted ${product.name}` }).fill("11.5");
  await expect(page.getByTestId(`diff-${product.code}`)).toHaveText("-0.5");
  await expect(line).toContainText("-110.00");
  await line.getByRole("combobox", { name: `Reason for ${product.name}` }).click();
  await page.getByRole("option", { name: "Spoilage" }).click();
  await line.scrollIntoViewIfNeeded();
  await snap(page, "store-count-grid");

  await page.getByRole("button", { name: "Post", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Post count" });
  await confirm.getByRole("button", { name: "Post" }).click();
  const done = page.getByRole("alertdialog", { name: "Success" }).or(page.getByRole("dialog", { name: "Success" }));
  await expect(done).toContainText(/Count posted: CNT-\d{4}-\d{5}, voucher JV-\d{4}-\d{5}/);
  await done.getByRole("button").first().click();
  await expect(
    page.getByRole("table", { name: "Past counts" }).getByRole("row", { name: /CNT-/ }).first(),
  ).toContainText("-110.00");
  await snap(page, "store-count-posted");
});
