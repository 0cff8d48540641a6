/**
 * The spec's routes that the first rounds left out or placed elsewhere (daily-use issue, item 11):
 * /accounts/level3/*, /setting/addUser, and a permission grid that marks the modules without screens.
 */
import { atPath, openFromSidebar, pageHeading, signIn, snapAccounting } from "./accounting-helpers";
import { USERS } from "./fixtures";
import { expect, HOME, homeTiles, signInAccounts, test } from "./helpers";

test("/accounts/level3/* opens the Level Three screens, keeping the query", async ({ page }) => {
  await signIn(page);
  await page.goto("/accounts/level3/details");
  await expect(page).toHaveURL(atPath("/accounts/level4/details"));
  await expect(pageHeading(page)).toHaveText("Level Three Details");
  await page.goto("/accounts/level3/report?from=alias");
  await expect(page).toHaveURL(/\/accounts\/level4\/report\?from=alias$/);
  await expect(pageHeading(page)).toHaveText("Level Three Report");
});

test("Setting > User > Add User is /setting/addUser on the accounts side", async ({ page }) => {
  await signIn(page);
  await openFromSidebar(page, "User", "Add User", "Add User");
  await expect(page).toHaveURL(atPath("/setting/addUser"));
  await expect(page.getByTestId("accounts-sidebar")).toBeVisible();
  await expect(page.getByRole("form", { name: "Add user" })).toBeVisible();
  await snapAccounting(page, "setting-add-user");
});

test("the permission grid offers ticks for every module now that each has its screens, the restaurant's last two included", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/setting/permission");
  await page.getByRole("combobox", { name: "User" }).click();
  await page.getByRole("option", { name: /\(rateclerk\)/ }).click();
  await expect(page.getByTestId("permission-group-Accounts").getByRole("checkbox").first()).toBeEnabled();
  // No group is marked as having no screens (a module whose screens went missing would be).
  await expect(page.getByText("No screens yet")).toHaveCount(0);
  for (const module of ["Kitchen Display System", "Table Order"]) {
    await expect(page.getByTestId(`permission-group-${module}`).getByRole("checkbox").first()).toBeEnabled();
  }
  await snapAccounting(page, "permission-grid-every-module");
});

test("/report is the Reports module: a user holding Reports gets the report screens and runs one", async ({ page }) => {
  const { reportsReader } = USERS;
  await signInAccounts(page, reportsReader.userName, reportsReader.password);
  await expect(page).toHaveURL(atPath(HOME));
  await expect(homeTiles(page)).toHaveCount(1);
  await page.getByTestId("home-tile-Reports").click();
  await expect(pageHeading(page)).toHaveText("Reports");
  await page.goto("/report");
  await expect(pageHeading(page)).toHaveText("Reports");
  const reports = page.getByTestId("accounts-sidebar").getByRole("list", { name: "Reports: Reports" });
  await expect(reports.getByRole("link", { name: "Trial Balance", exact: true })).toBeVisible();
  await reports.getByRole("link", { name: "Trial Balance", exact: true }).click();
  await expect(pageHeading(page)).toHaveText("Trial Balance");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(pageHeading(page)).toHaveText("Trial Balance Report");
  await expect(page.getByRole("alertdialog", { name: "Error" })).toHaveCount(0);
  await snapAccounting(page, "reports-module-reader");
  // Nothing else of Accounts: the voucher screens stay closed.
  await page.goto("/accounts/vouchers/journal");
  await expect(page.getByText("You do not have access to this screen")).toBeVisible();
});
