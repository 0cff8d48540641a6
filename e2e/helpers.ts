import path from "node:path";
import { accountsLoginResponseSchema, cargoLoginResponseSchema } from "@cargodesk/shared";
import { type APIResponse, test as base, expect, type Locator, type Page } from "@playwright/test";

export const DASHBOARD = "/cargo/dashboard/dashboard";
export const HOME = "/home";
export const USER_LIST = "/setting/listUser";

/** The session keys the web app keeps in localStorage (spec names). */
export const SESSION_KEYS = ["token", "id", "userType", "isAdmin", "permissions"] as const;

/**
 * Playwright's test, failing any test whose page threw an uncaught error: a crash that leaves a
 * blank page is reported as the crash, not as a missing heading.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
      await use(errors);
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** test-results/screens, unless E2E_SCREENS_DIR says otherwise (another run in the checkout empties test-results). */
const SCREENS_DIR = process.env.E2E_SCREENS_DIR ?? path.resolve(import.meta.dirname, "..", "test-results", "screens");

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Matches a full URL whose path is exactly `pathname` (any query or hash). */
export const at = (pathname: string): RegExp => new RegExp(`^https?://[^/]+${escapeRegExp(pathname)}(?:[?#].*)?$`);

/** A full-page screenshot in test-results/screens/<name>.png, with transitions finished. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true, animations: "disabled" });
}

/** Everything in the page's localStorage, as a plain object. */
export function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key !== null) entries[key] = localStorage.getItem(key) ?? "";
    }
    return entries;
  });
}

/** The bearer token the app stored at sign-in; fails the test when there is none. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token, "a token in localStorage").toBeTruthy();
  return token ?? "";
}

/**
 * A form field by its accessible name. MUI appends an aria-hidden " *" to required labels, which
 * getByLabel(..., { exact: true }) counts but the accessible name (and so getByRole) does not.
 */
const textbox = (page: Page, name: string): Locator => page.getByRole("textbox", { name, exact: true });

export function cargoForm(page: Page) {
  return {
    email: textbox(page, "Email"),
    password: textbox(page, "Password"),
    signIn: page.getByRole("button", { name: "Sign In" }),
  };
}

export function accountsForm(page: Page) {
  return {
    userName: textbox(page, "User Name"),
    password: textbox(page, "Password"),
    signIn: page.getByRole("button", { name: "Sign In" }),
  };
}

export async function openCargoLogin(page: Page): Promise<void> {
  await page.goto("/cargo-login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
}

/** Fills and submits the cargo sign-in form without waiting for the outcome. */
export async function submitCargo(page: Page, email: string, password: string): Promise<void> {
  await openCargoLogin(page);
  const form = cargoForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.signIn.click();
}

/** Cargo sign-in that must succeed and land on `landing` with its page heading shown. */
export async function signInCargo(page: Page, email: string, password: string, landing = DASHBOARD): Promise<void> {
  await submitCargo(page, email, password);
  await expect(page).toHaveURL(at(landing));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** Fills and submits the accounts sign-in form at `entry` without waiting for the outcome. */
export async function submitAccounts(
  page: Page,
  userName: string,
  password: string,
  entry: "/accounts-login" | "/login" = "/accounts-login",
): Promise<void> {
  await page.goto(entry);
  await expect(page.getByRole("heading", { level: 1, name: "Accounts sign in" })).toBeVisible();
  const form = accountsForm(page);
  await form.userName.fill(userName);
  await form.password.fill(password);
  await form.signIn.click();
}

/** Accounts sign-in that must succeed and land on the home tiles. */
export async function signInAccounts(
  page: Page,
  userName: string,
  password: string,
  entry: "/accounts-login" | "/login" = "/accounts-login",
): Promise<void> {
  await submitAccounts(page, userName, password, entry);
  await expect(page).toHaveURL(at(HOME));
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
}

/** Who signs in on the cargo side (by email) and on the accounts side (by user name). */
export interface CargoCredentials {
  email: string;
  password: string;
}
export interface AccountsCredentials {
  userName: string;
  password: string;
}

/** localStorage as a sign-in page leaves it (see apps/web/src/lib/session.ts). */
type SessionEntries = Partial<Record<(typeof SESSION_KEYS)[number], string>>;

/**
 * One API sign-in per user per worker. Each worker process drives its own server, so the key needs
 * no port; fixture users' sessions are never ended by a test (tests that end sessions make their
 * own users), so a stored token stays good for the worker's life.
 */
const signedIn = new Map<string, { session: Promise<SessionEntries>; at: number }>();
/** The test server's tokens last an hour; a worker on a busy machine may outlive one. */
const SESSION_REUSE_MS = 30 * 60_000;

function rememberSession(key: string, signIn: () => Promise<SessionEntries>): Promise<SessionEntries> {
  const known = signedIn.get(key);
  if (known && Date.now() - known.at < SESSION_REUSE_MS) return known.session;
  const session = signIn();
  signedIn.set(key, { session, at: Date.now() });
  // A refused sign-in (a customer not approved yet) is not remembered: the next call asks again.
  session.catch(() => signedIn.delete(key));
  return session;
}

/** The cargo sign-in's answer stored as useCargoLogin stores it. */
async function cargoSession(page: Page, who: CargoCredentials): Promise<SessionEntries> {
  const answer = await page.request.post("/api/user_cargo/cargo_login", {
    data: { email: who.email, password: who.password },
  });
  expect(answer.status(), `cargo sign-in of ${who.email}: ${await answer.text()}`).toBe(200);
  const body = cargoLoginResponseSchema.parse(await answer.json());
  return {
    token: body.token,
    id: String(body.id),
    userType: String(body.roleId),
    isAdmin: "false",
    permissions: JSON.stringify(body.Permissions),
  };
}

/** The accounts sign-in's answer stored as useAccountsLogin stores it (no role until /users/me answers). */
async function accountsSession(page: Page, who: AccountsCredentials): Promise<SessionEntries> {
  const answer = await page.request.post("/api/users/login", {
    data: { userName: who.userName, password: who.password },
  });
  expect(answer.status(), `accounts sign-in of ${who.userName}: ${await answer.text()}`).toBe(200);
  const body = accountsLoginResponseSchema.parse(await answer.json());
  return {
    token: body.token,
    id: String(body._id),
    isAdmin: "false",
    permissions: JSON.stringify(
      body.permission.map((row) => ({
        permissions_name: row.permissionsName,
        permissions_cat_name: row.permissionsCatName,
        permissions_sub_cat_name: row.permissionsSubCatName,
      })),
    ),
  };
}

/** Replaces the page's session with `entries`, from the lightest document of the app's origin. */
async function storeSession(page: Page, entries: SessionEntries): Promise<void> {
  await page.goto("/api/health");
  await page.evaluate((values) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(values)) if (value !== undefined) localStorage.setItem(key, value);
  }, entries);
}

/**
 * Opens `landing` signed in as `who` on the cargo side, as the cargo sign-in form leaves the app,
 * without the form: the tests of sign-in itself use signInCargo.
 */
export async function openAsCargo(page: Page, who: CargoCredentials, landing = DASHBOARD): Promise<void> {
  await storeSession(page, await rememberSession(`cargo ${who.email}`, () => cargoSession(page, who)));
  await page.goto(landing);
  await expect(page).toHaveURL(at(landing));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/**
 * Opens `landing` (the home tiles unless said) signed in as `who` on the accounts side, as the
 * accounts sign-in form leaves the app, without the form: the tests of sign-in use signInAccounts.
 */
export async function openAsAccounts(page: Page, who: AccountsCredentials, landing = HOME): Promise<void> {
  await storeSession(page, await rememberSession(`accounts ${who.userName}`, () => accountsSession(page, who)));
  await page.goto(landing);
  await expect(page).toHaveURL(at(landing));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

export const cargoMenu = (page: Page): Locator => page.getByTestId("cargo-menu");
export const homeTiles = (page: Page): Locator => page.locator('[data-testid^="home-tile-"]');
export const errorDialog = (page: Page): Locator => page.getByRole("alertdialog", { name: "Error" });

/** Opens the top bar's account menu and picks `item`. */
export async function accountMenu(page: Page, item: "Home" | "Logout"): Promise<void> {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

/** Puts a session into localStorage as the app would, on any page of the app's origin. */
export async function plantSession(page: Page, token: string): Promise<void> {
  await page.goto("/cargo-login");
  await page.evaluate((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("id", "1");
    localStorage.setItem("userType", "1");
    localStorage.setItem("isAdmin", "false");
    localStorage.setItem(
      "permissions",
      JSON.stringify([
        { permissions_name: "Dashboard", permissions_cat_name: "Dashboard View", permissions_sub_cat_name: null },
      ]),
    );
  }, token);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** One field of a JSON object answer; fails the test when the answer is not an object. */
export async function field(response: APIResponse, name: string): Promise<unknown> {
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error(`Expected a JSON object from ${response.url()}, got ${JSON.stringify(body)}`);
  return body[name];
}
