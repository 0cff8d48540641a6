/**
 * lib/invalidation.ts: a change made on one screen shows on another at once, from the cache's own
 * refetch, without a reload and without waiting out react-query's 30 s staleTime (the expect
 * timeout, 10 s, is shorter: a figure left stale fails this test).
 */
import type { Page } from "@playwright/test";
import { USERS } from "./fixtures";
import { at, cargoMenu, DASHBOARD, expect, test } from "./helpers";
import {
  bookShipment,
  closeResult,
  customerId,
  findInList,
  rowAction,
  SHIPMENTS,
  signInAdmin,
} from "./shipments-helpers";

const balance = (page: Page) => page.getByTestId("tile-balance");

/** Picks cachecustomer on the staff dashboard; the same criteria each time, so the same cached query. */
async function showCustomer(page: Page): Promise<void> {
  await expect(page).toHaveURL(at(DASHBOARD));
  await page.getByRole("combobox", { name: "Customer" }).fill(USERS.cacheCustomer.userName);
  await page.getByRole("option", { name: new RegExp(USERS.cacheCustomer.email) }).click();
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByTestId("dashboard-scope")).toContainText("CACHECUSTOMER");
}

/** "1,500.00 DR" -> 150000 minor units; a customer with nothing posted shows no debit. */
const minorUnits = (text: string): number => {
  const digits = text.replace(/[^\d]/g, "");
  return digits === "" ? 0 : Number(digits);
};

test("a shipment charge posted from Shipment Details shows on the cached dashboard at once, without a reload", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  const customer = await customerId(page, USERS.cacheCustomer.email, true);
  const booked = await bookShipment(page, { customer, receiver: "CACHE RECEIVER" });

  await showCustomer(page);
  await expect(balance(page)).toHaveText(/^[\d,]+\.\d{2} (?:DR|CR)$/);
  const before = minorUnits(await balance(page).innerText());
  // A full page load would drop this mark: it proves every step below stays in the one app session.
  await page.evaluate(() => {
    document.body.dataset.cacheMark = "kept";
  });

  await cargoMenu(page).getByRole("link", { name: "Shipment List", exact: true }).click();
  await expect(page).toHaveURL(at(SHIPMENTS.list));
  await findInList(page, booked.tracking_id);
  await (await rowAction(page, booked.tracking_id, "Post Voucher")).click();
  await page.getByRole("dialog", { name: "Post Voucher" }).getByRole("button", { name: "Post" }).click();
  await closeResult(page, "Success", /Voucher .+ posted/);

  await cargoMenu(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await showCustomer(page);
  await expect(balance(page)).toHaveText(
    new RegExp(`^${((before + 150_000) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} DR$`),
  );
  expect(await page.evaluate(() => document.body.dataset.cacheMark)).toBe("kept");
});
