import { AUTH_MESSAGES, type PermissionEntry } from "@cargodesk/shared";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, DASHBOARD, expect, snap, test } from "./helpers";
import { newStaffMember } from "./users-helpers";

const EDIT_USER = "/cargo/user/edit_user";

interface SignedIn {
  token: string;
  id: number;
  roleId: number;
  Permissions: unknown[];
}

async function signIn(request: APIRequestContext, email: string, password: string): Promise<SignedIn> {
  const answer = await request.post("/api/user_cargo/cargo_login", { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as SignedIn;
}

/** Opens the app as an already signed-in user, as the cargo sign-in page would have left it. */
async function useSession(page: Page, session: SignedIn): Promise<void> {
  await page.goto("/cargo-login");
  await page.evaluate((value) => {
    localStorage.setItem("token", value.token);
    localStorage.setItem("id", String(value.id));
    localStorage.setItem("userType", String(value.roleId));
    localStorage.setItem("isAdmin", String(value.roleId === 1));
    localStorage.setItem("permissions", JSON.stringify(value.Permissions));
  }, session);
}

// Two browsers, several sign-ins and a shared two-core machine: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const USER_EDITOR: PermissionEntry[] = [
  { name: "Dashboard", cat: "Dashboard View", sub: null },
  { name: "User", cat: "User View", sub: null },
  { name: "User", cat: "User Edit", sub: null },
];

test("an employee holding User Edit cannot take over an admin's e-mail: the reason is shown", async ({
  page,
  request,
}) => {
  const admin = await signIn(request, ADMIN.email, ADMIN.password);
  const otherAdmin = await newStaffMember(request, admin.token, { role: 1 });
  const editor = await newStaffMember(request, admin.token, { permissions: USER_EDITOR });
  await useSession(page, await signIn(request, editor.email, editor.password));

  await page.goto(`${EDIT_USER}?id=${otherAdmin.id}`);
  const email = page.getByRole("textbox", { name: "Email", exact: true });
  await expect(email).toHaveValue(otherAdmin.email);
  await email.fill("taken-over@e2e.local");
  await page.getByRole("button", { name: "Save" }).click();

  const dialog = page.getByRole("alertdialog", { name: "Error" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Only an Admin changes an Admin's e-mail");
  await snap(page, "staff-privileges-refused");

  // The admin can still sign in with the unchanged e-mail.
  await signIn(request, otherAdmin.email, otherAdmin.password);
});

test("after sign out everywhere, the user's other browser lands on sign-in and is told why", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const admin = await signIn(request, ADMIN.email, ADMIN.password);
  const target = await newStaffMember(request, admin.token, { permissions: USER_EDITOR });

  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await useSession(other, await signIn(request, target.email, target.password));
  await other.goto(DASHBOARD);
  await expect(other).toHaveURL(at(DASHBOARD));
  await expect(other.getByRole("heading", { level: 1 })).toBeVisible();

  await useSession(page, admin);
  await page.goto(`${EDIT_USER}?id=${target.id}`);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const confirm = page.getByRole("dialog", { name: "Sign out everywhere?" });
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("dialog")).toContainText(AUTH_MESSAGES.signedOutEverywhere);
  await snap(page, "staff-privileges-signed-out");

  await other.reload();
  await expect(other).toHaveURL(at("/cargo-login"));
  await expect(other.getByTestId("session-ended")).toHaveText(AUTH_MESSAGES.sessionEnded);
  await snap(other, "staff-privileges-session-ended");
  await elsewhere.close();
});

test("signing out one's other sessions ends the other browser's and keeps this one", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const admin = await signIn(request, ADMIN.email, ADMIN.password);
  const employee = await newStaffMember(request, admin.token, { permissions: USER_EDITOR });

  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await useSession(other, await signIn(request, employee.email, employee.password));
  await other.goto(DASHBOARD);
  await expect(other.getByRole("heading", { level: 1 })).toBeVisible();

  await useSession(page, await signIn(request, employee.email, employee.password));
  await page.goto(DASHBOARD);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out other sessions" }).click();
  await expect(page.getByRole("dialog", { name: "Success" })).toContainText(AUTH_MESSAGES.signedOutOthers);
  await page.getByRole("button", { name: "Ok" }).click();

  await other.reload();
  await expect(other).toHaveURL(at("/cargo-login"));
  await expect(other.getByTestId("session-ended")).toHaveText(AUTH_MESSAGES.sessionEnded);

  await page.reload();
  await expect(page).toHaveURL(at(DASHBOARD));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await elsewhere.close();
});
