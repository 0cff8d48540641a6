/**
 * The Reports module's hub (/report) and the restaurant's stock reports: food cost and purchases by
 * vendor, on this file's own vendor, store product and dish, sold in the open business day.
 */
import { dayOpenCurrentSchema, stockLocationRowSchema } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { z } from "zod";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, openAsAccounts, test } from "./helpers";
import { bootstrap, kitchenItem, methodOf, sell } from "./pos-days-helpers";
import { adminToken, apiJson, openCounter, posTag } from "./pos-helpers";
import { pdfFromPopup } from "./reports-helpers";

/** Screenshots of the screens (E2E_SCREENS_DIR, else test-results/screens). */
const SHOTS = process.env.E2E_SCREENS_DIR ?? "test-results/screens";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const state = { tag: posTag(), businessDate: "", vendor: "", beef: "" };

/**
 * 10 kg of beef at 1,500.00 received from this file's vendor into the Store, 6 kg issued to the
 * Kitchen (9,000.00), and five burgers of 0.2 kg each sold in cash: the Kitchen used 1 kg, 1,500.00.
 */
async function stockAndSell(page: Page, token: string) {
  const post = (url: string, data: object) => apiJson(page, token, "POST", url, data);
  const { counterId } = await openCounter(page, token, state.tag);
  const current = dayOpenCurrentSchema.parse(await apiJson(page, token, "GET", "/api/setting/day_open/current"));
  state.businessDate = current.day?.businessDate ?? "";
  expect(state.businessDate, "the open business day").not.toBe("");
  const units = (await apiJson(page, token, "GET", "/api/uom")) as { uomId: number; uomName: string }[];
  const kg = units.find((unit) => unit.uomName === "KG")?.uomId ?? 0;
  state.vendor = `Butcher ${state.tag}`;
  state.beef = `Beef ${state.tag}`;
  const vendor = ((await post("/api/inventory/vendor", { name: state.vendor })) as { data: { id: number } }).data;
  const beef = (
    (await post("/api/inventory/store_product", { name: state.beef, stockUomId: kg })) as {
      data: { id: number };
    }
  ).data;
  const locations = z
    .array(stockLocationRowSchema)
    .parse(await apiJson(page, token, "GET", "/api/inventory/stock_location"));
  const store = locations.find((location) => location.kind === "store")?.id ?? 0;
  const kitchen = locations.find((location) => location.kind === "kitchen")?.id ?? 0;
  await post("/api/inventory/receiving", {
    vendorId: vendor.id,
    businessDate: state.businessDate,
    locationId: store,
    payment: "credit",
    lines: [{ storeProductId: beef.id, qty: 10, uomId: kg, unitCost: 1500 }],
    post: true,
  });
  await post("/api/inventory/issuance", {
    fromLocationId: store,
    toLocationId: kitchen,
    businessDate: state.businessDate,
    lines: [{ storeProductId: beef.id, qty: 6, uomId: kg }],
    post: true,
  });
  const burger = await kitchenItem(page, token, state.tag, 800, { storeProductId: beef.id, qty: 0.2 });
  // 5 x 800.00 and the Food class's 16% in cash: 4,640.00.
  await sell(page, token, {
    counterId,
    variantId: burger.variantId,
    qty: 5,
    methodId: methodOf(await bootstrap(page, token, counterId), "cash"),
    amount: 4640,
  });
}

test("/report lists the reports a Reports holder may open: Restaurant and Accounts", async ({ page }) => {
  await openAsAccounts(page, USERS.reportsReader, "/report");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
  const restaurant = page.getByRole("region", { name: "Restaurant" });
  await expect(restaurant.getByRole("heading", { level: 3 })).toHaveText([
    "Restaurant Sales",
    "Waste",
    "Food Cost",
    "Purchases by Vendor",
  ]);
  const accounts = page.getByRole("region", { name: "Accounts" });
  for (const name of ["Ledger", "Trial Balance", "Profit Loss", "Aging Report", "Cash Book"])
    await expect(accounts.getByRole("heading", { name, exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/reports-hub.png`, fullPage: true });
  await accounts.getByRole("link", { name: /^Trial Balance Opening/ }).click();
  await expect(page).toHaveURL(at("/accounts/trailbalance"));
});

test("Food cost: the Kitchen's beef, received, used by the recipe of the burgers sold; its PDF and XLSX", async ({
  page,
}) => {
  const token = await adminToken(page);
  await stockAndSell(page, token);
  await openAsAccounts(page, ADMIN, "/report");
  await page
    .getByRole("region", { name: "Restaurant" })
    .getByRole("link", { name: /^Food Cost/ })
    .click();
  await expect(page).toHaveURL(at("/report/food_cost"));
  const form = page.getByRole("form", { name: "Food cost" });
  await form.getByLabel("Start Date").fill(state.businessDate);
  await form.getByLabel("End Date").fill(state.businessDate);
  await form.getByRole("button", { name: "Generate Food Cost Report" }).click();
  await expect(page.getByTestId("food-cost-period")).toHaveText(
    `Business days ${state.businessDate} to ${state.businessDate}`,
  );
  // Opening 0, received 6 kg (9,000.00), theoretical 1 kg (1,500.00), closing 5 kg (7,500.00),
  // actual = 0 + 6 - 5 = 1 kg, so no variance.
  const beef = page.getByRole("row", { name: new RegExp(state.beef) });
  await expect(beef.getByRole("cell")).toHaveText([
    new RegExp(`^${state.beef}`),
    "0.000 KG",
    "9,000.006 KG",
    "1,500.001 KG",
    "0.000 KG",
    "7,500.005 KG",
    "1,500.001 KG",
    "0.000 KG",
  ]);
  await expect(page.getByTestId("food-cost-pct")).toHaveText(/^\d+\.\d\d%$/);
  await expect(page.getByTestId("food-cost-total").getByRole("cell").first()).toHaveText("Total");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/report-food-cost.png` });

  const pdf = await pdfFromPopup(page, "/report/food_cost", () => page.getByTestId("report-pdf").click());
  expect(pdf.fileName).toBe(`food-cost-${state.businessDate}-${state.businessDate}.pdf`);
  expect(pdf.text).toContain("Food cost");
  expect(pdf.text).toMatch(new RegExp(`${state.beef}.*KG\\s+0\\s+0\\.00\\s+6\\s+9,000\\.00\\s+1\\s+1,500\\.00`));
  const download = page.waitForEvent("download");
  await page.getByTestId("report-xlsx").click();
  expect((await download).suggestedFilename()).toBe(`food-cost-${state.businessDate}-${state.businessDate}.xlsx`);
});

test("Purchases by vendor: this file's vendor and its GRN; its PDF and XLSX", async ({ page }) => {
  await openAsAccounts(page, ADMIN, "/report/food_cost");
  await page.getByRole("link", { name: "Purchases", exact: true }).click();
  await expect(page).toHaveURL(at("/report/purchases"));
  const form = page.getByRole("form", { name: "Purchases by vendor" });
  await form.getByLabel("Start Date").fill(state.businessDate);
  await form.getByLabel("End Date").fill(state.businessDate);
  await form.getByRole("combobox", { name: "Vendor" }).click();
  await page.getByRole("option", { name: new RegExp(`^${state.vendor} `) }).click();
  await form.getByRole("button", { name: "Generate Purchases Report" }).click();
  const vendor = page.getByRole("row", { name: new RegExp(`^${state.vendor} `) });
  await expect(vendor.getByRole("cell")).toHaveText([
    new RegExp(`^${state.vendor} \\(`),
    "",
    "1",
    "0",
    "15,000.00",
    "0.00",
    "0.00",
    "0.00",
    "15,000.00",
    "15,000.00",
  ]);
  await expect(page.getByRole("row", { name: /^GRN-\d{4}-\d{5} / })).toContainText(state.businessDate);
  await expect(page.getByTestId("purchases-total").getByRole("cell")).toHaveText([
    "Total",
    "",
    "1",
    "0",
    "15,000.00",
    "0.00",
    "0.00",
    "0.00",
    "15,000.00",
    "15,000.00",
  ]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/report-purchases.png` });

  const pdf = await pdfFromPopup(page, "/report/purchases", () => page.getByTestId("report-pdf").click());
  expect(pdf.text).toContain("Purchases by vendor");
  expect(pdf.text).toMatch(/Total\s+1\s+0\s+15,000\.00\s+0\.00\s+0\.00\s+0\.00\s+15,000\.00\s+15,000\.00/);
  const download = page.waitForEvent("download");
  await page.getByTestId("report-xlsx").click();
  expect((await download).suggestedFilename()).toBe(`purchases-${state.businessDate}-${state.businessDate}.xlsx`);
});
