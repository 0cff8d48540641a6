/**
 * Helpers of the master-data browser tests (master-data.spec.ts): the screens' routes, their form
 * fields by accessible name, the country picker, the pop-ups, the tables and API setup calls made
 * with the signed-in user's token.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, cargoMenu, expect, openAsCargo, snap, storedToken } from "./helpers";

export const MASTER = {
  addSender: "/cargo/sender/add_sender",
  viewSenders: "/cargo/sender/view_senders",
  editSender: "/cargo/sender/edit_sender",
  addReceiver: "/cargo/receiver/add_receiver",
  viewReceivers: "/cargo/receiver/view_receivers",
  editReceiver: "/cargo/receiver/edit_receiver",
  addCountry: "/cargo/country/add_country",
  viewCountries: "/cargo/country/view_countries",
  addPackage: "/cargo/package/add_package",
  viewPackages: "/cargo/package/view_packages",
  addService: "/cargo/service/add_service",
  viewServices: "/cargo/service/view_services",
  addCurrency: "/cargo/currency/add_currency",
  viewCurrencies: "/cargo/currency/view_currencies",
} as const;

/** Opens the dashboard as the seeded admin, who holds every permission (a stored session). */
export async function signInAdmin(page: Page): Promise<void> {
  await openAsCargo(page, ADMIN);
}

/** Opens a screen from the cargo drawer: its group's entry named `item`, landing on `path` under `heading`. */
export async function openFromMenu(page: Page, item: string, path: string, heading: string): Promise<void> {
  await cargoMenu(page).getByRole("link", { name: item, exact: true }).click();
  await expect(page).toHaveURL(at(path));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}

/** A full-page screenshot in test-results/screens/master-<name>.png. */
export const snapMaster = (page: Page, name: string): Promise<void> => snap(page, `master-${name}`);

/** Five upper-case letters, so the records one run makes never meet another's. */
export function uniqueWord(): string {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join("");
}

/**
 * A numeric country code no ISO country uses. The server reads the alpha-2 code (unique) from the
 * last three digits, so 9180 would be Congo's CD and be refused as a duplicate, a quarter of all
 * 9000-9999; no ISO number lies in 900-979.
 */
export const unusedCountryCode = (): string => String(9900 + Math.floor(Math.random() * 80));

/** A text input by its accessible name (MUI's required " *" is not part of it). */
export const textbox = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole("textbox", { name, exact: true });

export const saveButton = (page: Page): Locator => page.getByRole("button", { name: "Save", exact: true });

/** The country picker of the sender and receiver forms. */
export const countryPicker = (page: Page): Locator => page.getByRole("combobox", { name: "Country", exact: true });

/** Types `search` into the country picker and picks the option whose name is `name`. */
export async function pickCountry(page: Page, name: string, search = name): Promise<void> {
  const picker = countryPicker(page);
  await picker.click();
  await picker.fill(search);
  await page
    .getByRole("option")
    .filter({ hasText: new RegExp(`^${name}\\+`) })
    .click();
  await expect(picker).toHaveValue(name);
}

/** The Success pop-up (role dialog) or the Error pop-up (role alertdialog). */
export const resultDialog = (page: Page, title: "Success" | "Error"): Locator =>
  page.getByRole(title === "Error" ? "alertdialog" : "dialog", { name: title });

/** Expects the pop-up with `message`, then closes it with Ok. */
export async function closeResult(page: Page, title: "Success" | "Error", message: string | RegExp): Promise<void> {
  const dialog = resultDialog(page, title);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(message);
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(dialog).toBeHidden();
}

/** A table by its accessible name and its rows holding `text`. */
export const table = (page: Page, name: string): Locator => page.getByRole("table", { name });
export const rowsWith = (page: Page, tableName: string, text: string): Locator =>
  table(page, tableName).getByRole("row").filter({ hasText: text });

/** The one row being edited in place (its text sits in inputs then, so rowsWith no longer finds it). */
export const editedRow = (page: Page, tableName: string): Locator =>
  table(page, tableName)
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: "Save", exact: true }) });

/** Clicks a table's Export CSV and answers the downloaded file's name and lines (header first). */
export async function exportCsv(page: Page): Promise<{ fileName: string; lines: string[] }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const file = await download.path();
  const text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
  return { fileName: download.suggestedFilename(), lines: text.split("\r\n").filter((line) => line !== "") };
}

export interface SenderSetup {
  name: string;
  company: string;
  country_id: number;
  phone: string;
}

/** Calls `/api{path}` with the signed-in user's token. */
export async function apiCall(
  page: Page,
  method: "GET" | "POST" | "DELETE",
  path: string,
  data?: object,
): Promise<{ status: number; body: unknown }> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const response = await page.request.fetch(`/api${path}`, { method, headers, data });
  return { status: response.status(), body: await response.json() };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The id of the seeded country with ISO alpha-2 `iso2`, from the public country list. */
export async function countryIdOf(page: Page, iso2: string): Promise<number> {
  const { body } = await apiCall(page, "GET", "/country/get_country");
  const found = Array.isArray(body) ? body.find((row) => isRecord(row) && row.iso2 === iso2) : undefined;
  const id = isRecord(found) ? found.country_id : undefined;
  if (typeof id !== "number") throw new Error(`no seeded country ${iso2}`);
  return id;
}

/** Adds a sender through the API (setup for a test about something else). */
export async function addSenderByApi(page: Page, sender: SenderSetup): Promise<void> {
  const { status } = await apiCall(page, "POST", "/sender", {
    ...sender,
    address: "PLOT 1, MAIN ROAD",
    postal_code: "74000",
    city: "KARACHI",
    state: "SINDH",
    ntn: "1234567-8",
  });
  expect(status, "sender added for setup").toBe(200);
}
