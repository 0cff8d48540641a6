import type { PermissionEntry } from "@cargodesk/shared";
import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, type Locator, type Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { openAsCargo, snap } from "./helpers";

export const REGISTER = "/cargo-register";
export const ADD_USER = "/cargo/user/add_user";
export const VIEW_USERS = "/cargo/user/view_users";
export const USER_PERMISSIONS = "/cargo/permissions/user_permissions";
export const FORGOT_PASSWORD = "/forgot-password";

/** A valid 1x1 PNG: the server checks that uploads are real images. */
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A text box by its exact accessible name (MUI's hidden " *" is not part of it). */
export const textbox = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole("textbox", { name, exact: true });

/** A per-run suffix of `digits` digits, so e-mails and CNICs do not clash between runs or tests. */
export function uniqueDigits(digits: number): string {
  const raw = `${Date.now()}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, "0")}`;
  return raw.slice(-digits);
}

/** Screenshot in test-results/screens/users-<name>.png. */
export const shot = (page: Page, name: string): Promise<void> => snap(page, `users-${name}`);

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  cell: string;
  cnic: string;
  password: string;
}

/** A fresh customer with a unique e-mail and 13-digit CNIC. */
export function newPerson(prefix: string): Person {
  const stamp = uniqueDigits(8);
  return {
    firstName: "ayesha",
    lastName: "malik",
    email: `${prefix}${stamp}@e2e.local`,
    cell: "03001234567",
    cnic: `35202${stamp}`,
    password: "Customer@123",
  };
}

export const IMAGE_FIELDS = [
  ["Company Logo", "image-companyLogo", "logo.png"],
  ["CNIC Front Image", "image-cnicFrontImage", "front.png"],
  ["CNIC Back Image", "image-cnicBackImage", "back.png"],
] as const;

/** Uploads the PNG to each image field and waits for its "Uploaded." caption. */
export async function uploadImages(page: Page): Promise<void> {
  for (const [label, testId, name] of IMAGE_FIELDS) {
    await page.getByLabel(label).setInputFiles({ name, mimeType: "image/png", buffer: PNG_1X1 });
    await expect(page.getByTestId(testId).getByText("Uploaded.", { exact: false })).toBeVisible();
  }
}

/** Fills every field of the public register form (business customer), uploads the images, accepts the terms. */
export async function fillRegistration(page: Page, person: Person): Promise<void> {
  await textbox(page, "First Name").fill(person.firstName);
  await textbox(page, "Last Name").fill(person.lastName);
  await textbox(page, "Email").fill(person.email);
  await textbox(page, "Cell Number").fill(person.cell);
  await textbox(page, "CNIC").fill(person.cnic);
  await page.getByRole("radio", { name: "Business customer" }).check();
  await textbox(page, "Company Name").fill("malik freight");
  await textbox(page, "Website").fill("https://malik.example.com");
  await textbox(page, "GST").fill("GST-1001");
  await textbox(page, "NTN").fill("NTN-2002");
  await textbox(page, "Company Address").fill("12 mall road, lahore");
  await uploadImages(page);
  await textbox(page, "Password").fill(person.password);
  await textbox(page, "Confirm Password").fill(person.password);
  await page.getByRole("checkbox", { name: "I accept the Terms of Use" }).click();
  const terms = page.getByRole("dialog", { name: "Terms of Use" });
  await expect(terms).toBeVisible();
  await terms.getByRole("button", { name: "OK" }).click();
  await expect(terms).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "I accept the Terms of Use" })).toBeChecked();
}

/** Clears the session, as if signing out, so the next sign-in starts clean. */
export async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
}

/** The only row of the Users table that holds `email`, after searching for it. */
export async function userRow(page: Page, email: string): Promise<Locator> {
  await page.goto(VIEW_USERS);
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  const row = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

/** Clicks a status button in the user's row and confirms it in the "<Verb> user?" dialog. */
export async function changeStatus(
  page: Page,
  row: Locator,
  action: "Approve" | "Cancel" | "Block" | "Unblock",
  confirm: "Approve" | "Cancel User" | "Block" | "Unblock",
): Promise<void> {
  await row.getByRole("button", { name: action, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `${action} user?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** A cargo permission group card (the accounts side repeats some names). */
export const cargoGroup = (page: Page, name: string): Locator =>
  page.getByRole("region", { name: "Cargo", exact: true }).getByTestId(`permission-group-${name}`);

/**
 * The admin signed in on the dashboard in a browser of their own, beside the person a test follows
 * in `page`, so neither signs the other out. `close()` fails the test on an uncaught page error.
 */
export async function adminBeside(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
  await openAsCargo(page, ADMIN);
  return {
    page,
    async close() {
      await context.close();
      expect(errors, "uncaught errors in the admin's page").toEqual([]);
    },
  };
}

/**
 * An approved staff member of this test alone, registered by the admin through the API with every
 * form field (role 4: employee, 1: admin) and given `permissions`; answers their id and credentials.
 */
export async function newStaffMember(
  request: APIRequestContext,
  adminToken: string,
  options: { role?: 1 | 4; permissions?: readonly PermissionEntry[] } = {},
) {
  const stamp = uniqueDigits(8);
  const person = { email: `staff${stamp}@e2e.local`, password: "Staff@12345" };
  const headers = { Authorization: `Bearer ${adminToken}` };
  const created = await request.post("/api/user_cargo/cargo_register", {
    headers,
    data: {
      firstName: "Imran",
      lastName: `Staff ${stamp}`,
      email: person.email,
      cnic: `61101${stamp}`,
      phone_number: "03001234567",
      role: options.role ?? 4,
      password: person.password,
      confirmPassword: person.password,
      term_and_condition: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  if (options.permissions?.length) {
    const assigned = await request.post("/api/cargo_permission/add_permission_data", {
      headers,
      data: {
        user: id,
        permission: options.permissions.map((entry) => ({
          permissions_name: entry.name,
          permissions_cat_name: entry.cat,
          permissions_sub_cat_name: entry.sub,
        })),
      },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
  }
  return { id, ...person };
}
