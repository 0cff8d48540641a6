/**
 * Helpers of the rate browser tests (rates.spec.ts): API setup calls (sign-in, sheet uploads),
 * the company's today, the quotation form's fields and the RATE LIST.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { companyToday } from "./dates";
import { expect } from "./helpers";

export const RATES = {
  upload: "/cargo/rate/upload_rate",
  logs: "/cargo/rate/rate_logs",
  inquiry: "/cargo/rate/rate_inquiry",
  calculator: "/calculaterates",
  enquiry: "/rate-enquiry",
} as const;

export { companyToday };

export const sampleRates = (name: string): string => path.resolve(import.meta.dirname, "..", "docs", "samples", name);

export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post("/api/user_cargo/cargo_login", { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Uploads a documented sample sheet through the API, effective from the company's today. */
export async function uploadSample(
  request: APIRequestContext,
  token: string,
  fields: { service_type_id: number; shipment_type: "Doc" | "Pack"; type?: string },
  sample: string,
): Promise<void> {
  const response = await request.post("/api/rate/upload_rate_file", {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      date: companyToday(),
      service_type_id: String(fields.service_type_id),
      shipment_type: fields.shipment_type,
      type: fields.type ?? "",
      file: { name: sample, mimeType: "text/csv", buffer: readFileSync(sampleRates(sample)) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Picks `option` in the MUI select labelled `label`. */
export async function choose(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

/** Types into the country picker and takes the matching option. */
export async function chooseCountry(page: Page, name: string): Promise<void> {
  const picker = page.getByRole("combobox", { name: "Country", exact: true });
  await picker.fill(name);
  await page.getByRole("option", { name, exact: true }).click();
}

export const textbox = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole("textbox", { name, exact: true });

export const rateList = (page: Page): Locator => page.getByRole("table", { name: "RATE LIST" });

/** The RATE LIST rows as their cells' text. */
const rateCells = (page: Page): Promise<string[][]> =>
  rateList(page)
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));

export async function rateRows(page: Page): Promise<string[][]> {
  await expect(rateList(page).locator("tbody tr").first()).toBeVisible();
  return rateCells(page);
}

/** Waits until the rate list shows exactly `expected` (a new calculation replaces the rows it showed). */
export async function expectRateRows(page: Page, expected: readonly (readonly string[])[]): Promise<void> {
  await expect.poll(() => rateCells(page)).toEqual(expected);
}

export const pdfText = (bytes: Buffer): string =>
  execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString();
