import { AUTH_MESSAGES } from "@cargodesk/shared";
import { USERS } from "./fixtures";
import {
  at,
  cargoMenu,
  DASHBOARD,
  expect,
  field,
  HOME,
  homeTiles,
  openAsAccounts,
  openAsCargo,
  signInCargo,
  snap,
  storedToken,
  test,
  USER_LIST,
} from "./helpers";

const NO_ACCESS = "You do not have access to this screen";
const { clerk, accountant } = USERS;

test.describe("the clerk (Dashboard View and Country View only)", () => {
  test("sees only Dashboard and View Countries in the drawer", async ({ page }) => {
    await openAsCargo(page, clerk);

    const links = cargoMenu(page).getByRole("link");
    await expect(links).toHaveText(["Dashboard", "View Countries"]);
    await expect(cargoMenu(page).getByRole("link", { name: "View Users" })).toHaveCount(0);
    await expect(cargoMenu(page).getByRole("link", { name: "View Currencies" })).toHaveCount(0);
    // The dashboard shows staff holding Dashboard View the company's figures.
    await expect(page.getByTestId("dashboard-scope")).toContainText("Whole company");
    await snap(page, "cargo-dashboard-clerk");
  });

  test("can open the country list it holds", async ({ page }) => {
    await openAsCargo(page, clerk);
    await cargoMenu(page).getByRole("link", { name: "View Countries" }).click();
    await expect(page).toHaveURL(at("/cargo/country/view_countries"));
    await expect(
      page.getByRole("table", { name: "Countries" }).getByRole("row").filter({ hasText: "Afghanistan" }),
    ).toContainText("+93");
    await expect(page.getByText(NO_ACCESS)).toHaveCount(0);
  });

  for (const [screen, path] of [
    ["currency list", "/cargo/currency/view_currencies"],
    ["user list", "/cargo/user/view_users"],
    ["accounts user list", USER_LIST],
  ] as const) {
    test(`opening the ${screen} directly shows the no-access page`, async ({ page }) => {
      await openAsCargo(page, clerk);

      await page.goto(path);

      await expect(page).toHaveURL(at(path));
      await expect(page.getByRole("heading", { name: NO_ACCESS })).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      if (path === "/cargo/currency/view_currencies") await snap(page, "no-access");

      await page.getByRole("link", { name: "Go to home" }).click();
      await expect(page).toHaveURL(at(DASHBOARD));
    });
  }

  test("the API refuses the currencies and users with 403 and serves the countries", async ({ page }) => {
    await openAsCargo(page, clerk);
    const headers = { Authorization: `Bearer ${await storedToken(page)}` };

    for (const path of ["/api/currency", "/api/user_cargo"]) {
      const refused = await page.request.get(path, { headers });
      expect(refused.status(), `GET ${path}`).toBe(403);
      expect(await field(refused, "message")).toBe(AUTH_MESSAGES.forbidden);
    }

    const countries = await page.request.get("/api/country", { headers });
    expect(countries.status()).toBe(200);
    const list: unknown = await countries.json();
    expect(Array.isArray(list)).toBe(true);
    expect(Array.isArray(list) ? list.length : 0).toBeGreaterThan(0);

    // Without the token the same call is not merely forbidden: it needs a sign-in.
    const anonymous = await page.request.get("/api/country");
    expect(anonymous.status()).toBe(401);
  });

  test("on the accounts side sees the no-modules state", async ({ page }) => {
    await openAsAccounts(page, clerk);

    await expect(page.getByRole("heading", { name: "No modules are available to you yet" })).toBeVisible();
    await expect(homeTiles(page)).toHaveCount(0);
    await snap(page, "home-no-modules");

    await page.getByRole("link", { name: "Go to your cargo screens" }).click();
    await expect(page).toHaveURL(at(DASHBOARD));
    await expect(cargoMenu(page).getByRole("link")).toHaveText(["Dashboard", "View Countries"]);
  });
});

test.describe("the accountant (Setting > User > List User only)", () => {
  test("sees only the Setting tile and can open the user list", async ({ page }) => {
    await openAsAccounts(page, accountant);

    await expect(page.getByTestId("home-tile-Setting")).toBeVisible();
    await expect(homeTiles(page)).toHaveCount(1);
    const sidebar = page.getByTestId("accounts-sidebar");
    await expect(sidebar.getByRole("link")).toHaveText(["Home", "List User"]);
    await snap(page, "home-accountant");

    await page.getByTestId("home-tile-Setting").click();
    await expect(page).toHaveURL(at(USER_LIST));
    await expect(
      page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: accountant.email }),
    ).toBeVisible();
  });

  test("cannot open cargo screens", async ({ page }) => {
    await openAsAccounts(page, accountant);

    await page.goto(DASHBOARD);
    await expect(page.getByRole("heading", { name: NO_ACCESS })).toBeVisible();
    await expect(cargoMenu(page).getByRole("link")).toHaveCount(0);

    const headers = { Authorization: `Bearer ${await storedToken(page)}` };
    expect((await page.request.get("/api/country", { headers })).status()).toBe(403);
    expect((await page.request.get("/api/currency", { headers })).status()).toBe(403);
    expect((await page.request.get("/api/user_cargo", { headers })).status()).toBe(200);
  });

  test("a module entry route without permission says so", async ({ page }) => {
    await openAsAccounts(page, accountant);

    await page.goto("/setting");
    await expect(page).toHaveURL(at(USER_LIST));

    await page.goto("/accounts");
    await expect(page.getByRole("heading", { name: "You do not have access to any Accounts screen" })).toBeVisible();
  });

  test("signing in on the cargo page lands on the home tiles", async ({ page }) => {
    await signInCargo(page, accountant.email, accountant.password, HOME);
    await expect(homeTiles(page)).toHaveCount(1);
    await expect(page.getByTestId("home-tile-Setting")).toBeVisible();
  });
});
