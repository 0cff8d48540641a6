/**
 * The spec's routes that the first rounds left out or placed elsewhere (daily-use issue, item 11):
 * /accounts/level3/*, /setting/addUser, and a permission grid that marks the modules without screens.
 */
import { atPath, openFromSidebar, pageHeading, signIn, snapAccounting } from "./accounting-helpers";
import { expect, test } from "./helpers";

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

test("the permission grid marks the modules that have no screens yet and offers no ticks there", async ({ page }) => {
  await signIn(page);
  await page.goto("/setting/permission");
  await page.getByRole("combobox", { name: "User" }).click();
  await page.getByRole("option", { name: /\(rateclerk\)/ }).click();
  const store = page.getByTestId("permission-group-Store");
  await expect(store.getByText("No screens yet")).toBeVisible();
  await expect(store.getByRole("checkbox").first()).toBeDisabled();
  const accounts = page.getByTestId("permission-group-Accounts");
  await expect(accounts.getByText("No screens yet")).toHaveCount(0);
  await expect(accounts.getByRole("checkbox").first()).toBeEnabled();
  await expect(page.getByTestId("permission-group-Setting").getByText("No screens yet")).toHaveCount(0);
  await snapAccounting(page, "permission-grid-unbuilt-modules");
});
