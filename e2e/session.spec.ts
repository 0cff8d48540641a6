import { AUTH_MESSAGES } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { SignJWT } from "jose";
import { ADMIN, E2E_JWT_SECRET } from "./fixtures";
import { at, DASHBOARD, expect, field, HOME, plantSession, signInCargo, snap, storage, test } from "./helpers";

const ADMIN_ID = "1";

/** A token as the server signs them (HS256, issuer cargodesk, subject the user id), valid from `iat` to `exp`. */
function signToken(iat: number, exp: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(ADMIN_ID)
    .setIssuer("cargodesk")
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Opens the dashboard with `token` in localStorage and expects to be sent back to sign in, session gone. */
async function expectBouncedToSignIn(page: Page, token: string): Promise<void> {
  await plantSession(page, token);
  expect((await storage(page)).token).toBe(token);

  await page.goto(DASHBOARD);

  await expect(page).toHaveURL(at("/cargo-login"));
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect.poll(() => storage(page)).toEqual({});
}

test.describe("stored sessions", () => {
  test("a garbage token ends the session and lands on /cargo-login", async ({ page }) => {
    const refused = await page.request.get("/api/users/me", { headers: { Authorization: "Bearer garbage.token" } });
    expect(refused.status()).toBe(401);
    expect(await field(refused, "message")).toBe(AUTH_MESSAGES.signInRequired);

    await expectBouncedToSignIn(page, "garbage.token");
  });

  test("an expired token ends the session and lands on /cargo-login", async ({ page }) => {
    const now = nowSeconds();
    const expired = await signToken(now - 7200, now - 3600);
    // The same signing with a future expiry is accepted, so the token is refused for its age alone.
    const fresh = await signToken(now, now + 3600);
    const accepted = await page.request.get("/api/users/me", { headers: { Authorization: `Bearer ${fresh}` } });
    expect(accepted.status()).toBe(200);
    expect(await field(accepted, "userName")).toBe(ADMIN.userName);
    const refused = await page.request.get("/api/users/me", { headers: { Authorization: `Bearer ${expired}` } });
    expect(refused.status()).toBe(401);
    expect(await field(refused, "message")).toBe(AUTH_MESSAGES.sessionExpired);

    await expectBouncedToSignIn(page, expired);
    // The sign-in page says why the session ended.
    await expect(page.getByTestId("session-ended")).toHaveText(AUTH_MESSAGES.sessionExpired);
  });

  test("a valid stored token opens the dashboard without signing in again", async ({ page }) => {
    const now = nowSeconds();
    await plantSession(page, await signToken(now, now + 3600));

    await page.goto(DASHBOARD);

    await expect(page).toHaveURL(at(DASHBOARD));
    await expect(page.locator("h1")).toHaveText("Dashboard");
    // The server's answer replaces the planted permissions: the admin's full drawer appears.
    await expect(page.getByTestId("cargo-menu").getByRole("link", { name: "View Currencies" })).toBeVisible();
  });

  test("a reload keeps the signed-in session", async ({ page }) => {
    await signInCargo(page, ADMIN.email, ADMIN.password);
    const before = await storage(page);

    await page.reload();

    await expect(page).toHaveURL(at(DASHBOARD));
    await expect(page.locator("h1")).toHaveText("Dashboard");
    expect((await storage(page)).token).toBe(before.token);
  });
});

test.describe("routes", () => {
  test("a signed-out visit to the dashboard lands on /cargo-login", async ({ page }) => {
    await page.goto(DASHBOARD);
    await expect(page).toHaveURL(at("/cargo-login"));
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test("a signed-out visit to the home tiles lands on /cargo-login", async ({ page }) => {
    await page.goto(HOME);
    await expect(page).toHaveURL(at("/cargo-login"));
  });

  test("/ redirects to /cargo-login", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(at("/cargo-login"));
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  });

  test("an unknown route shows Page not found", async ({ page }) => {
    await page.goto("/no/such/page");

    await expect(page).toHaveURL(at("/no/such/page"));
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await snap(page, "not-found");

    await page.getByRole("link", { name: "Go to home" }).click();
    await expect(page).toHaveURL(at("/cargo-login"));
  });

  test("an unknown route signed in offers the way home", async ({ page }) => {
    await signInCargo(page, ADMIN.email, ADMIN.password);

    await page.goto("/cargo/nothing-here");

    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to home" }).click();
    await expect(page).toHaveURL(at(DASHBOARD));
  });

  test("an unknown API route answers JSON 404, not the web app", async ({ page }) => {
    const response = await page.request.get("/api/no-such-route");
    expect(response.status()).toBe(404);
    expect(await field(response, "code")).toBe("NOT_FOUND");
  });
});
