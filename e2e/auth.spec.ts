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
  test,
  USER_LIST,
} from "./helpers";

/**
 * The sign-in pages are each opened once per test: a refused sign-in leaves the form as it was, so
 * the next attempt types over it and submits again, as a person would.
 */
async function retype(page: Page, who: string, password: string): Promise<void> {
  const cargo = cargoForm(page);
  const name = (await cargo.email.count()) > 0 ? cargo.email : accountsForm(page).userName;
  await name.fill(who);
  await cargo.password.fill(password);
  await cargo.signIn.click();
}

/** The Error pop-up says `message`; Ok closes it and leaves the sign-in page signed out. */
async function refused(page: Page, message: string, signInPath: string): Promise<void> {
  const dialog = errorDialog(page);
  await expect(dialog).toContainText(message);
  await expect(page).toHaveURL(at(signInPath));
  expect(await storage(page)).toEqual({});
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(dialog).toBeHidden();
}

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
  test("admin lands on the dashboard, the drawer opens the user, country and currency lists, and logout clears the session", async ({
    page,
  }) => {
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

    // The drawer opens the currency, country and user lists.
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

    // Logout clears the session and lands on /cargo-login.
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
  test("admin via /accounts-login and via /login lands on /home, the Setting tile opens the user list, Home returns to the tiles and logout clears the session", async ({
    page,
  }) => {
    /** Home's Setting tile opens List User with the admin's row. */
    const openUserList = async () => {
      await expect(page.getByTestId("accounts-sidebar")).toBeVisible();
      const setting = page.getByTestId("home-tile-Setting");
      await expect(setting).toBeVisible();
      await expect(setting).toContainText("User");
      await setting.click();
      await expect(page).toHaveURL(at(USER_LIST));
      await expect(page.locator("h1")).toHaveText("List User");
      const adminRow = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: ADMIN.email });
      await expect(adminRow).toHaveCount(1);
      await expect(adminRow).toContainText(ADMIN.userName);
      await expect(adminRow).toContainText("Admin");
    };

    await signInAccounts(page, ADMIN.userName, ADMIN.password, "/accounts-login");
    await expect(page.getByTestId("home-tile-Setting")).toBeVisible();
    await snap(page, "home-admin");
    await openUserList();

    // The account menu's Home returns to the tiles.
    await accountMenu(page, "Home");
    await expect(page).toHaveURL(at(HOME));
    await expect(page.getByTestId("home-tile-Setting")).toBeVisible();

    // Logout clears the session and lands on /login; Home then sends back to sign in.
    expect(Object.keys(await storage(page))).toContain("token");
    await accountMenu(page, "Logout");
    await expect(page).toHaveURL(at("/login"));
    await expect(page.getByRole("heading", { level: 1, name: "Accounts sign in" })).toBeVisible();
    expect(await storage(page)).toEqual({});
    await page.goto(HOME);
    await expect(page).toHaveURL(at("/cargo-login"));

    await signInAccounts(page, ADMIN.userName, ADMIN.password, "/login");
    await openUserList();
  });
});

test.describe("bad sign-in input", () => {
  test("cargo: Sign In waits for both fields; an invalid email sends nothing; wrong, unknown, pending and blocked sign-ins show their Error, and no tile or drawer is reachable after", async ({
    page,
  }) => {
    const calls = countSignInCalls(page);
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

    // An invalid email shows the spec's message and sends nothing.
    await retype(page, "not-an-email", ADMIN.password);
    await expect(page.getByText(AUTH_MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(at("/cargo-login"));
    expect(calls.count).toBe(0);
    expect(await storage(page)).toEqual({});

    // A wrong password shows the Error dialog and Ok closes it; the form keeps what was typed.
    await retype(page, ADMIN.email, "Wrong@12345");
    await expect(errorDialog(page)).toBeVisible();
    await snap(page, "error-dialog");
    await refused(page, AUTH_MESSAGES.wrongEmail, "/cargo-login");
    await expect(form.email).toHaveValue(ADMIN.email);

    // An unknown email gets the same message as a wrong password.
    await retype(page, "nobody@e2e.local", ADMIN.password);
    await refused(page, AUTH_MESSAGES.wrongEmail, "/cargo-login");

    // Pending and blocked users are told which.
    await retype(page, USERS.pending.email, USERS.pending.password);
    await refused(page, AUTH_MESSAGES.pending, "/cargo-login");
    await retype(page, USERS.blocked.email, USERS.blocked.password);
    await refused(page, AUTH_MESSAGES.blocked, "/cargo-login");

    // No tile or drawer is reachable after a refused sign-in.
    await page.goto(HOME);
    await expect(page).toHaveURL(at("/cargo-login"));
    await expect(homeTiles(page)).toHaveCount(0);
  });

  test("accounts: Sign In waits for both fields; a wrong password and a blocked user show their Error", async ({
    page,
  }) => {
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

    // Not the admin: wrong passwords count per account, and other tests sign the admin in.
    await retype(page, USERS.accountant.userName, "Wrong@12345");
    await refused(page, AUTH_MESSAGES.wrongUserName, "/accounts-login");

    // The blocked user is refused on the accounts sign-in too.
    await retype(page, USERS.blocked.userName, USERS.blocked.password);
    await refused(page, AUTH_MESSAGES.blocked, "/accounts-login");
  });
});
