/**
 * One product, two halves (daily-use issue, item 8): an admin moves between Cargo and Accounts,
 * the accounts sidebar collapses, no page is wider than a 1280 px screen, and public tracking fits
 * a 390 px phone.
 */
import type { Page } from "@playwright/test";
import { accountingApi, signIn } from "./accounting-helpers";
import { ADMIN } from "./fixtures";
import { at, DASHBOARD, expect, HOME, openAsCargo, snap, test } from "./helpers";

/** How far the page is wider than the window (0 when nothing scrolls sideways). */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const WIDE_PAGES = [
  DASHBOARD,
  "/cargo/shipment/shipments_list",
  "/cargo/ledger/ledger_table",
  "/cargo/user/view_users",
  "/cargo/rate/rate_logs",
  HOME,
  "/accounts/voucherverification",
  "/accounts/vouchersearch",
  "/accounts/vouchers/journal",
  "/accounts/vouchers/cashpayment",
  "/accounts/level5/details",
  "/accounts/trailbalance",
  "/accounts/cash-book",
  "/setting/listUser",
  "/setting/permission",
];

test("no page is wider than a 1280 px screen", async ({ page }) => {
  test.setTimeout(300_000); // fifteen pages, one sign-in
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAsCargo(page, ADMIN);
  // Voucher Verification with a pending voucher to show (its table is the wide part).
  const api = await accountingApi(page);
  await api.postVoucher(5, [
    { account: await api.account("UTILITIES"), side: "debit", amount: 12.5, description: "layout check" },
    { account: await api.account("SUNDRY INCOME"), side: "credit", amount: 12.5, description: "layout check" },
  ]);
  // Soft: every page too wide is reported, each once its layout has settled (tables size their columns after the data).
  const soft = expect.configure({ soft: true });
  for (const path of WIDE_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await soft.poll(() => overflow(page), { message: `${path} is wider than 1280 px by` }).toBe(0);
    if (path === DASHBOARD || path === "/accounts/voucherverification")
      await snap(page, `layout-1280${path.replaceAll("/", "-")}`);
  }
});

test("public tracking fits a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tracking");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => overflow(page)).toBe(0);
  await snap(page, "tracking-phone");
});

test("an admin moves between Cargo and Accounts from the home tiles and the account menu", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("home-tile-Cargo").click();
  await expect(page).toHaveURL(at(DASHBOARD));
  await chooseFromAccountMenu(page, "Accounts");
  await expect(page).toHaveURL(at(HOME));
  await chooseFromAccountMenu(page, "Cargo");
  await expect(page).toHaveURL(at(DASHBOARD));
});

/** A click that lands while the page is still settling can miss the menu: click until it shows. */
async function chooseFromAccountMenu(page: Page, item: string): Promise<void> {
  const entry = page.getByRole("menuitem", { name: item });
  await expect(async () => {
    if (!(await entry.isVisible())) await page.getByRole("button", { name: "Account menu" }).click();
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await entry.click();
}

test("the accounts sidebar collapses and comes back, remembered across pages", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const sidebar = page.getByTestId("accounts-sidebar");
  await expect(sidebar).toBeVisible();
  await page.getByRole("button", { name: "Toggle menu" }).click();
  await expect(sidebar).toBeHidden();
  await snap(page, "accounts-sidebar-collapsed");
  await page.goto("/accounts/voucherverification");
  await expect(sidebar).toBeHidden();
  await page.getByRole("button", { name: "Toggle menu" }).click();
  await expect(sidebar).toBeVisible();
});
