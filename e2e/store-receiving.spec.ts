import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, expect, openAsAccounts, snap, storedToken, test } from "./helpers";
import { apiSignIn, pdfText } from "./rates-helpers";

const ADD_VENDOR = "/inventory/Vendor/addVendor";
const LIST_VENDOR = "/inventory/Vendor/listVendor";
const ADD_RECEIVING = "/inventory/Product/addReciving";
const LIST_RECEIVING = "/inventory/Product/listReciving";
const REPORT_BY_DATES = "/inventory/Product/RecivingReportDate";

/** Names no other run or test uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function adminApi(request: APIRequestContext) {
  const token = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
  const units = (await (await request.get("/api/uom", { headers })).json()) as { uomId: number; uomName: string }[];
  const kg = units.find((unit) => unit.uomName === "KG")?.uomId;
  if (!kg) throw new Error("no KG unit");
  return {
    vendor: async (name: string) => (await post("/inventory/vendor", { name })).data as { id: number; name: string },
    product: async (name: string) => {
      const answer = await post("/inventory/store_product", { name, stockUomId: kg });
      return (answer.data ?? answer) as { id: number; name: string; code: string };
    },
  };
}

/** Picks `text` in the autocomplete labelled `label` after typing `search`. */
async function pick(page: Page, label: string, search: string, option: string | RegExp): Promise<void> {
  const box = page.getByRole("combobox", { name: label });
  await box.fill(search);
  await page.getByRole("option", { name: option }).first().click();
}

test.describe.configure({ timeout: 60_000 });

test.describe("Master Control > Vendor", () => {
  test("adds a vendor, which the list finds with its own payable account", async ({ page }) => {
    const name = unique("Karachi Poultry");
    await openAsAccounts(page, ADMIN, ADD_VENDOR);
    await expect(page.getByRole("heading", { level: 1, name: "Add Vendor" })).toBeVisible();
    await page.getByRole("textbox", { name: "Vendor Name" }).fill(name);
    await page.getByRole("textbox", { name: "Phone" }).fill("0300-1234567");
    await page.getByRole("spinbutton", { name: "Payment Terms (days)" }).fill("30");
    await snap(page, "store-vendor-add");
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Success" }).or(page.getByRole("dialog", { name: "Success" }));
    await expect(dialog).toContainText(`Vendor added successfully: ${name}`);
    await dialog.getByRole("button").first().click();

    await page.goto(LIST_VENDOR);
    await expect(page).toHaveURL(at(LIST_VENDOR));
    await page.getByRole("searchbox", { name: "Search name or code" }).fill(name);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(/V-\d{5}/);
    await expect(row).toContainText("2-");
    await expect(row).toContainText("Active");
    await snap(page, "store-vendor-list");
  });
});

test.describe("Store > Receiving", () => {
  test("two lines and 100.00 freight: totals, Post gives the GRN and voucher numbers, Print GRN opens the PDF", async ({
    page,
    request,
  }) => {
    const seed = await adminApi(request);
    const vendor = await seed.vendor(unique("Poultry Farm"));
    const chicken = await seed.product(unique("Chicken breast"));
    const mutton = await seed.product(unique("Mutton"));

    await openAsAccounts(page, ADMIN, ADD_RECEIVING);
    await expect(page.getByRole("heading", { level: 1, name: "Receiving Add" })).toBeVisible();
    await pick(page, "Vendor", vendor.name, new RegExp(vendor.name));
    await page.getByRole("textbox", { name: "Vendor Bill No" }).fill(unique("PF"));

    await pick(page, "Product of line 1", chicken.name, new RegExp(chicken.name));
    const line1 = page.getByTestId("line-1");
    await line1.getByRole("spinbutton", { name: "Qty" }).fill("10");
    await line1.getByRole("spinbutton", { name: "Unit Cost" }).fill("200");
    await page.getByRole("button", { name: "Add line" }).click();
    await pick(page, "Product of line 2", mutton.name, new RegExp(mutton.name));
    const line2 = page.getByTestId("line-2");
    await line2.getByRole("spinbutton", { name: "Qty" }).fill("5");
    await line2.getByRole("spinbutton", { name: "Unit Cost" }).fill("260");
    await page.getByRole("button", { name: "Add charge" }).click();
    await page.getByTestId("charge-1").getByRole("spinbutton", { name: "Amount" }).fill("100");

    await expect(page.getByTestId("line-total-1")).toHaveText("2,000.00");
    await expect(page.getByTestId("line-total-2")).toHaveText("1,300.00");
    await expect(page.getByTestId("total-subtotal")).toHaveText("3,300.00");
    await expect(page.getByTestId("total-charges")).toHaveText("100.00");
    await expect(page.getByTestId("total-total")).toHaveText("3,400.00");
    await snap(page, "store-receiving-add");

    await page.getByRole("button", { name: "Post" }).click();
    const posted = page.getByRole("dialog", { name: "Receiving posted" });
    await expect(posted.getByTestId("grn-number")).toHaveText(/^GRN-\d{4}-\d{5}$/);
    await expect(posted.getByTestId("grn-voucher")).toHaveText(/^JV-\d{4}-\d{5}$/);
    const grnNumber = (await posted.getByTestId("grn-number").textContent()) ?? "";
    await snap(page, "store-receiving-posted");

    const [popup, response] = await Promise.all([
      page.waitForEvent("popup"),
      page.waitForResponse((answer) => /\/api\/inventory\/receiving\/\d+\/grn\.pdf$/.test(answer.url())),
      posted.getByRole("button", { name: "Print GRN" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await response.headerValue("content-type")).toContain("application/pdf");
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    const again = await page.request.get(response.url(), {
      headers: { authorization: `Bearer ${await storedToken(page)}` },
    });
    const text = pdfText(await again.body());
    expect(text).toContain("GOODS RECEIVED NOTE");
    expect(text).toContain(grnNumber);
    expect(text).toMatch(/Total: 3,400\.00/);
    await popup.close();
    await posted.getByRole("button", { name: "New receiving" }).click();

    await page.goto(REPORT_BY_DATES);
    await page.getByRole("combobox", { name: "Vendor" }).click();
    await page.getByRole("option", { name: vendor.name }).click();
    await page.getByRole("button", { name: "Search" }).click();
    const report = page.getByRole("table", { name: "Receiving report" });
    // Landed: 2,000.00 + its share of the freight by value (100.00 x 2,000 / 3,300 = 60.61), average 206.06.
    await expect(report.getByRole("row", { name: new RegExp(chicken.name) })).toContainText("206.062,060.61");
    await expect(report.getByRole("row", { name: new RegExp(grnNumber) })).toContainText("3,400.00");
    await expect(page.getByTestId("report-total")).toHaveText("3,400.00");
    await snap(page, "store-receiving-report-dates");

    await page.goto(LIST_RECEIVING);
    const row = page.getByRole("row", { name: new RegExp(grnNumber) });
    await expect(row).toContainText("3,400.00");
    await expect(row).toContainText("posted");
    await snap(page, "store-receiving-list");
    await row.getByRole("button", { name: `Reverse ${grnNumber}` }).click();
    const confirm = page
      .getByRole("dialog", { name: "Reverse receiving" })
      .or(page.getByRole("alertdialog", { name: "Reverse receiving" }));
    await expect(confirm).toContainText(grnNumber);
    await confirm.getByRole("button", { name: "Reverse" }).click();
    await expect(row).toContainText("reversed");
    await expect(row).toContainText(/JV-\d{4}-\d{5} \/ JV-\d{4}-\d{5}/);
  });
});

test.describe("Accounts Integration: POS and Inventory", () => {
  test("the form and the list show the Store's accounts, seeded on a fresh chart", async ({ page }) => {
    await openAsAccounts(page, ADMIN, "/setting/MasterControl/addMasterControl");
    await expect(page.getByRole("heading", { level: 2, name: "POS and Inventory" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Store Inventory Account" })).toHaveValue(/STORE INVENTORY/);
    await expect(page.getByRole("combobox", { name: "Vendors Group" })).toHaveValue(/VENDORS/);
    await page.getByRole("heading", { level: 2, name: "POS and Inventory" }).scrollIntoViewIfNeeded();
    await snap(page, "store-integration-form");
    await page.goto("/setting/MasterControl/listMasterControl");
    const section = page.getByRole("table", { name: "POS and Inventory" });
    await expect(section.getByRole("row", { name: /Input Tax Account/ })).toContainText("INPUT SALES TAX");
    await snap(page, "store-integration-list");
  });
});
