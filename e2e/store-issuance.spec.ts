import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, expect, HOME, homeTiles, openAsAccounts, openAsCargo, snap, test } from "./helpers";
import { apiSignIn } from "./rates-helpers";
import { newStaffMember } from "./users-helpers";

const ADD_ISSUANCE = "/inventory/issuance/addIssuance";
const LIST_ISSUANCE = "/inventory/Issuance/IssuanceDetail";
const LEDGER = "/inventory/ledger";

/** Names no other run or test uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function adminHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await apiSignIn(request, ADMIN.email, ADMIN.password)}` };
}

/** A store product of this test alone, kept in kg, with 12 kg at 220.00 in the Store (its opening stock). */
async function productWithStock(request: APIRequestContext, name: string) {
  const headers = await adminHeaders(request);
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

async function pickProduct(page: Page, label: string, name: string) {
  const box = page.getByRole("combobox", { name: label });
  await box.fill(name);
  await page
    .getByRole("option", { name: new RegExp(name) })
    .first()
    .click();
}

test.describe.configure({ timeout: 90_000 });

test.describe("Store > Issuance", () => {
  test("too little stock puts the shortfall on the line; 3 kg posts with its ISS and voucher numbers; the ledger shows it", async ({
    page,
    request,
  }) => {
    const product = await productWithStock(request, unique("Chicken breast"));
    await openAsAccounts(page, ADMIN, ADD_ISSUANCE);
    await expect(page.getByRole("heading", { level: 1, name: "Issuance Add" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "From" })).toHaveText("Store");
    await expect(page.getByRole("combobox", { name: "To" })).toHaveText("Kitchen");

    await pickProduct(page, "Product of line 1", product.name);
    const line = page.getByTestId("line-1");
    await expect(line.getByTestId("available-1")).toHaveText("12 kg");
    await expect(line).toContainText("220.00");
    await page.getByRole("spinbutton", { name: "Qty of line 1" }).fill("13");
    await expect(line.getByTestId("value-1")).toHaveText("2,860.00");
    await page.getByRole("button", { name: "Post" }).click();
    await expect(line).toContainText("Not enough stock: 12 kg available, 13 kg asked");
    await snap(page, "store-issuance-short");

    await page.getByRole("spinbutton", { name: "Qty of line 1" }).fill("3");
    await expect(line.getByTestId("value-1")).toHaveText("660.00");
    await page.getByRole("button", { name: "Post" }).click();
    const dialog = page.getByRole("dialog", { name: "Issuance posted" });
    await expect(dialog.getByTestId("issuance-number")).toHaveText(/^ISS-\d{4}-\d{5}$/);
    await expect(dialog.getByTestId("issuance-voucher")).toHaveText(/^JV-\d{4}-\d{5}$/);
    const number = (await dialog.getByTestId("issuance-number").textContent()) ?? "";
    await snap(page, "store-issuance-posted");
    await dialog.getByRole("button", { name: "New issuance" }).click();

    await page.goto(LIST_ISSUANCE);
    const row = page.getByRole("row", { name: new RegExp(number) });
    await expect(row).toContainText("660.00");
    await row.getByRole("button", { name: `Show lines of ${number}` }).click();
    await expect(page.getByRole("table", { name: `Lines of ${number}` })).toContainText(product.name);
    await snap(page, "store-issuance-list");

    await page.goto(LEDGER);
    await expect(page.getByRole("heading", { level: 1, name: "Inventory Ledger" })).toBeVisible();
    await pickProduct(page, "Product", product.name);
    await page.getByRole("combobox", { name: "Location" }).click();
    await page.getByRole("option", { name: "Store" }).click();
    await page.getByRole("button", { name: "Search" }).click();
    const ledger = page.getByRole("table", { name: "Inventory ledger" });
    const issued = ledger.getByRole("row", { name: new RegExp(number) });
    await expect(issued).toContainText("Issued to Kitchen");
    await expect(issued).toContainText("660.00");
    await expect(page.getByTestId("ledger-closing")).toContainText("9 kg");
    await expect(page.getByTestId("ledger-closing")).toContainText("1,980.00");
    await snap(page, "store-inventory-ledger");
  });

  test("a user holding only Issuance List sees the Store tile with exactly that screen", async ({ page, request }) => {
    const person = await newStaffMember(request, await apiSignIn(request, ADMIN.email, ADMIN.password), {
      permissions: [{ name: "Store", cat: "Issuance", sub: "Issuance List" }],
    });

    await openAsCargo(page, person, HOME);
    await expect(page.getByTestId("home-tile-Store")).toBeVisible();
    await expect(homeTiles(page)).toHaveCount(1);
    await page.getByTestId("home-tile-Store").click();
    await expect(page).toHaveURL(at(LIST_ISSUANCE));
    const sidebar = page.getByTestId("accounts-sidebar");
    await expect(sidebar.getByRole("link")).toHaveText(["Home", "Issuance List"]);
    await expect(page.getByRole("table", { name: "Issuances" })).toBeVisible();
    await snap(page, "store-issuance-list-only");

    await page.goto(ADD_ISSUANCE);
    await expect(page.getByRole("button", { name: "Post" })).toHaveCount(0);
  });
});
