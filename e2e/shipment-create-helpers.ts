/**
 * Helpers of the create-shipment browser tests (shipment-create.spec.ts): the wizard's fields by
 * accessible name, pickers, the Save button and its reasons, and setup calls made through the API
 * with the signed-in user's token (customer approval, address-book contacts, rate sheets).
 */
import type { Locator, Page, Response } from "@playwright/test";
import { companyDay } from "./dates";
import { USERS } from "./fixtures";
import { expect, snap, storedToken } from "./helpers";

export const ADD_SHIPMENT = "/cargo/shipment/add_shipment";
export const PK_PHONE = "03001234567";
export const US_PHONE = "2025550123";
export const GB_PHONE = "07400123456";
/** Seeded services (seed-data.ts): 1 DHL EXPRESS carries the rate sheets, 4 ARAMEX PRIORITY has none. */
export const RATED_SERVICE = { id: 1, name: "DHL EXPRESS" } as const;
export const UNRATED_SERVICE = { id: 4, name: "ARAMEX PRIORITY" } as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Calls `/api{path}` with the signed-in user's token; multipart when `multipart` is given. */
export async function api(
  page: Page,
  method: "GET" | "POST",
  path: string,
  body?: { data?: object; multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> },
): Promise<{ status: number; body: unknown }> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const response = await page.request.fetch(`/api${path}`, { method, headers, ...body });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

/** The id of the seeded country with ISO alpha-2 `iso2`. */
export async function countryIdOf(page: Page, iso2: string): Promise<number> {
  const { body } = await api(page, "GET", "/country/get_country");
  const found = Array.isArray(body) ? body.find((row) => isRecord(row) && row.iso2 === iso2) : undefined;
  const id = isRecord(found) ? found.country_id : undefined;
  if (typeof id !== "number") throw new Error(`no seeded country ${iso2}`);
  return id;
}

/** Approves the wizard's customer (which opens their receivable account) unless already approved; answers the id. */
export async function approveWizardCustomer(page: Page): Promise<number> {
  const { body } = await api(page, "GET", "/user_cargo");
  const row = Array.isArray(body)
    ? body.find((user) => isRecord(user) && user.email === USERS.wizardCustomer.email)
    : null;
  if (!isRecord(row) || typeof row.id !== "number") throw new Error("the wizard customer is not seeded");
  if (row.userStatusId !== 2) {
    const approved = await api(page, "POST", `/user_cargo/update_user_status/${row.id}`, { data: { userStatusId: 2 } });
    expect(approved.status, "customer approved").toBe(200);
  }
  return row.id;
}

export interface ContactSetup {
  name: string;
  company: string;
  country_id: number;
  phone: string;
  city: string;
  email?: string;
}

/** Adds a sender or receiver to the signed-in user's address book; answers its id. */
export async function addContact(page: Page, kind: "sender" | "receiver", contact: ContactSetup): Promise<number> {
  const { status, body } = await api(page, "POST", `/${kind}`, {
    data: {
      ...contact,
      address: "12 Harbour Road",
      postal_code: "10001",
      state: "STATE",
      ...(kind === "sender" ? { ntn: "1234567-8" } : {}),
    },
  });
  expect(status, `${kind} added for setup`).toBe(200);
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const id = data[`${kind}_id`];
  if (typeof id !== "number") throw new Error(`no ${kind} id in ${JSON.stringify(body)}`);
  return id;
}

/** Today plus `days`, as YYYY-MM-DD on the company's calendar (as the date input starts and the server checks). */
export const isoDay = (days = 0): string => companyDay(days);

/**
 * Uploads a rate sheet effective today for `service` and `shipmentType`: to the US and the UK,
 * 0-1000000 kg, 1000 PKR for the first kg and 500 for each further kg.
 */
export async function uploadRateSheet(page: Page, service: number, shipmentType: "Doc" | "Pack"): Promise<void> {
  const csv = "country,min_kg,max_kg,currency,first_kg,add_kg\nUS,0,1000000,PKR,1000,500\nGB,0,1000000,PKR,1000,500\n";
  const { status, body } = await api(page, "POST", "/rate/upload_rate_file", {
    multipart: {
      date: isoDay(0),
      service_type_id: String(service),
      shipment_type: shipmentType,
      file: { name: `rates-${shipmentType}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) },
    },
  });
  expect(status, `rate sheet uploaded: ${JSON.stringify(body)}`).toBe(200);
}

/** One shipment as GET /api/shipment/{id} answers it (data[0]). */
export async function shipmentById(page: Page, id: number): Promise<Record<string, unknown>> {
  const { status, body } = await api(page, "GET", `/shipment/${id}`);
  expect(status).toBe(200);
  const data = isRecord(body) && Array.isArray(body.data) ? body.data[0] : null;
  if (!isRecord(data)) throw new Error(`no shipment ${id}`);
  return data;
}

// ---------------------------------------------------------------- the page

export const textbox = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole("textbox", { name, exact: true });
export const combobox = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole("combobox", { name, exact: true });
export const section = (page: Page, name: string): Locator => page.getByRole("region", { name });
export const saveShipment = (page: Page): Locator => page.getByRole("button", { name: "Save", exact: true });
export const saveReasons = (page: Page): Locator => page.locator("#save-shipment-reasons");

/** Types into an autocomplete and picks the option whose text starts with `option`. */
export async function pickOption(scope: Page | Locator, page: Page, label: string, search: string, option: RegExp) {
  const input = combobox(scope, label);
  await input.click();
  await input.fill(search);
  await page.getByRole("option").filter({ hasText: option }).first().click();
}

export async function pickCountry(scope: Page | Locator, page: Page, name: string, search = name, label = "Country") {
  await pickOption(scope, page, label, search, new RegExp(`^${name}\\+`));
  await expect(combobox(scope, label)).toHaveValue(name);
}

/** A MUI select: opens it and picks the option named `option`. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string) {
  await combobox(scope, label).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Waits for the PDF answer of `document` and checks it is a PDF. */
export function pdfAnswer(page: Page, document: "waybill" | "invoice"): Promise<Response> {
  return page.waitForResponse((response) => new RegExp(`/api/shipment/\\d+/${document}\\.pdf$`).test(response.url()));
}

/**
 * The page fetched a PDF: checks its answer, then fetches the same file again (the browser's copy
 * went into a blob, whose bytes the protocol no longer holds) to check it is one. Answers the shipment id.
 */
export async function expectPdf(page: Page, response: Response): Promise<number> {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  const again = await page.request.get(response.url(), {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect((await again.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const id = Number(/\/shipment\/(\d+)\//.exec(response.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

export const snapWizard = (page: Page, name: string): Promise<void> => snap(page, `shipment-create-${name}`);
