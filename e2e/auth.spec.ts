import { AUTH_MESSAGES } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { ADMIN, USERS } from "./fixtures";
import {
  accountMenu,
  accountsForm,
  at,
  cargoForm,
  cargoMenu,
  DASHBOARD,
  errorDialog,
  expect,
  HOME,
  homeTiles,
  openCargoLogin,
  SESSION_KEYS,
  signInAccounts,
  signInCargo,
  snap,
  storage,
  submitAccounts,
  submitCargo,
  test,
  USER_LIST,
} from "./helpers";

/** Counts the sign-in calls the page makes, to prove client-side validation stops bad input. */
function countSignInCalls(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/(user_cargo\/cargo_login|users\/login)$/.test(request.url())) {
      counter.count++;
    }
  });
  return counter;
}

test.describe("cargo sign-in", () => {
  test("admin lands on the dashboard with users, countries and currencies in the drawer", async ({ page }) => {
    await openCargoLogin(page);
    await expect(page.getByRole("button", { name: "Register" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forget Password" })).toBeVisible();
    await snap(page, "cargo-login");

    await signInCargo(page, ADMIN.email, ADMIN.password);

    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText("Dashboard");
    // "Last sign-in" is the sign-in before this one ("Never" on an account's first).
    await expect(page.getByText(/^Last sign-in: /)).toBeVisible();

    const menu = cargoMenu(page);
    for (const item of ["Dashboard", "View Users", "View Countries", "View Currencies"]) {
      await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "page");

    const session = await storage(page);
    for (const key of SESSION_KEYS) expect(session[key], `localStorage.${key}`).toBeDefined();
    expect(session.id).toBe("1");
    expect(session.userType).toBe("1");
    await snap(page, "cargo-dashboard-admin");
  });

  test("the drawer opens the currency, country and user lists", async ({ page }) => {
    await signInCargo(page, ADMIN.email, ADMIN.password);
    const menu = cargoMenu(page);

    await menu.getByRole("link", { name: "View Currencies" }).click();
    await expect(page).toHaveURL(at("/cargo/currency/view_currencies"));
    await expect(page.locator("h1")).toHaveText("Currency List");
    await expect(
      page.getByRole("table", { name: "Currencies" }).getByRole("row").filter({ hasText: "USD" }),
    ).toContainText("US DOLLAR");

    await menu.getByRole("link", { name: "View Countries" }).click();
    await expect(page).toHaveURL(at("/cargo/country/view_countries"));
    await expect(page.locator("h1")).toHaveText("Country Details");
    await expect(
      page.getByRole("table", { name: "Countries" }).getByRole("row").filter({ hasText: "Afghanistan" }),
    ).toContainText("+93");

    await menu.getByRole("link", { name: "View Users" }).click();
    await expect(page).toHaveURL(at("/cargo/user/view_users"));
    await expect(page.locator("h1")).toHaveText("User List");
    await expect(
      page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: ADMIN.email }),
    ).toBeVisible();
  });

  test("logout clears the session and lands on /cargo-login", async ({ page }) => {
    await signInCargo(page, ADMIN.email, ADMIN.password);
    expect(Object.keys(await storage(page))).toContain("token");

    await accountMenu(page, "Logout");

    await expect(page).toHaveURL(at("/cargo-login"));
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    expect(await storage(page)).toEqual({});
    // The old session is really gone: the dashboard now sends us back to sign in.
    await page.goto(DASHBOARD);
    await expect(page).toHaveURL(at("/cargo-login"));
  });
});

test.describe("accounts sign-in", () => {
  for (const entry of ["/accounts-login", "/login"] as const) {
    test(`admin via ${entry} lands on /home and the Setting tile opens the user list`, async ({ page }) => {
      await signInAccounts(page, ADMIN.userName, ADMIN.password, entry);

      await expect(page.getByTestId("accounts-sidebar")).toBeVisible();
      const setting = page.getByTestId("home-tile-Setting");
      await expect(setting).toBeVisible();
      await expect(setting).toContainText("User");
      if (entry === "/accounts-login") await snap(page, "home-admin");

      await setting.click();
      await expect(page).toHaveURL(at(USER_LIST));
      await expect(page.locator("h1")).toHaveText("List User");
      const adminRow = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: ADMIN.email });
      await expect(adminRow).toHaveCount(1);
      await expect(adminRow).toContainText(ADMIN.userName);
      await expect(adminRow).toContainText("Admin");
    });
  }

  test("the account menu's Home returns to the tiles", async ({ page }) => {
    await signInAccounts(page, ADMIN.userName, ADMIN.password);
    await page.getByTestId("home-tile-Setting").click();
    await expect(page).toHaveURL(at(USER_LIST));

    await accountMenu(page, "Home");

    await expect(page).toHaveURL(at(HOME));
    await expect(page.getByTestId("home-tile-Setting")).toBeVisible();
  });

  test("logout clears the session and lands on /login", async ({ page }) => {
    await signInAccounts(page, ADMIN.userName, ADMIN.password);
    expect(Object.keys(await storage(page))).toContain("token");

    await accountMenu(page, "Logout");

    await expect(page).toHaveURL(at("/login"));
    await expect(page.getByRole("heading", { level: 1, name: "Accounts sign in" })).toBeVisible();
    expect(await storage(page)).toEqual({});
    await page.goto(HOME);
    await expect(page).toHaveURL(at("/cargo-login"));
  });
});

test.describe("bad sign-in input", () => {
  test("cargo Sign In stays disabled until both email and password are filled", async ({ page }) => {
    await openCargoLogin(page);
    const form = cargoForm(page);
    await expect(form.signIn).toBeDisabled();

    await form.email.fill(ADMIN.email);
    await expect(form.signIn).toBeDisabled();

    await form.email.fill("");
    await form.password.fill(ADMIN.password);
    await expect(form.signIn).toBeDisabled();

    await form.email.fill("   ");
    await expect(form.signIn).toBeDisabled();

    await form.email.fill(ADMIN.email);
    await expect(form.signIn).toBeEnabled();
  });

  test("accounts Sign In stays disabled until both user name and password are filled", async ({ page }) => {
    await page.goto("/accounts-login");
    const form = accountsForm(page);
    await expect(form.signIn).toBeDisabled();

    await form.userName.fill(ADMIN.userName);
    await expect(form.signIn).toBeDisabled();

    await form.userName.fill("");
    await form.password.fill(ADMIN.password);
    await expect(form.signIn).toBeDisabled();

    await form.userName.fill("   ");
    await expect(form.signIn).toBeDisabled();

    await form.userName.fill(ADMIN.userName);
    await expect(form.signIn).toBeEnabled();
  });

  test("an invalid email shows the spec's message and sends nothing", async ({ page }) => {
    const calls = countSignInCalls(page);
    await submitCargo(page, "not-an-email", ADMIN.password);

    await expect(page.getByText(AUTH_MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    await expect(cargoForm(page).email).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(at("/cargo-login"));
    expect(calls.count).toBe(0);
    expect(await storage(page)).toEqual({});
  });

  test("a wrong password shows the Error dialog and Ok closes it", async ({ page }) => {
    await submitCargo(page, ADMIN.email, "Wrong@12345");

    const dialog = errorDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(AUTH_MESSAGES.wrongEmail);
    await snap(page, "error-dialog");

    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(at("/cargo-login"));
    expect(await storage(page)).toEqual({});
    // The form keeps what was typed, so the user can correct the password.
    await expect(cargoForm(page).email).toHaveValue(ADMIN.email);
  });

  test("an unknown email gets the same message as a wrong password", async ({ page }) => {
    await submitCargo(page, "nobody@e2e.local", ADMIN.password);
    await expect(errorDialog(page)).toContainText(AUTH_MESSAGES.wrongEmail);
  });

  test("a wrong accounts password shows the Error dialog", async ({ page }) => {
    // Not the admin: wrong passwords count per account, and other tests sign the admin in.
    await submitAccounts(page, USERS.accountant.userName, "Wrong@12345");

    const dialog = errorDialog(page);
    await expect(dialog).toContainText(AUTH_MESSAGES.wrongUserName);
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(at("/accounts-login"));
    expect(await storage(page)).toEqual({});
  });

  for (const [who, message] of [
    ["pending", AUTH_MESSAGES.pending],
    ["blocked", AUTH_MESSAGES.blocked],
  ] as const) {
    test(`a ${who} user sees that their account is ${who}`, async ({ page }) => {
      const user = USERS[who];
      await submitCargo(page, user.email, user.password);

      const dialog = errorDialog(page);
      await expect(dialog).toContainText(message);
      await expect(page).toHaveURL(at("/cargo-login"));
      expect(await storage(page)).toEqual({});
      await dialog.getByRole("button", { name: "Ok" }).click();
      await expect(dialog).toBeHidden();
    });
  }

  test("the blocked user is refused on the accounts sign-in too", async ({ page }) => {
    await submitAccounts(page, USERS.blocked.userName, USERS.blocked.password);
    await expect(errorDialog(page)).toContainText(AUTH_MESSAGES.blocked);
    expect(await storage(page)).toEqual({});
  });

  test("no tile or drawer is reachable after a refused sign-in", async ({ page }) => {
    await submitCargo(page, USERS.pending.email, USERS.pending.password);
    await expect(errorDialog(page)).toBeVisible();
    await page.goto(HOME);
    await expect(page).toHaveURL(at("/cargo-login"));
    await expect(homeTiles(page)).toHaveCount(0);
  });
});
