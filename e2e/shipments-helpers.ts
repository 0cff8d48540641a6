/**
 * Helpers of the shipment list, view, status and tracking browser tests (shipments.spec.ts,
 * tracking.spec.ts): the screens' routes, bookings and other setup through the API with the
 * signed-in user's token, and the list's row menu and dialogs.
 */
import type { Locator, Page } from "@playwright/test";
import { companyDay } from "./dates";
import { ADMIN, USERS } from "./fixtures";
import { expect, openAsCargo, snap, storedToken } from "./helpers";

export const SHIPMENTS = {
  list: "/cargo/shipment/shipments_list",
  cards: "/cargo/shipment/view_shipments",
  view: "/cargo/shipment/view_shipment_by_id",
  byId: "/cargo/shipment/shipment_by_id",
  edit: "/cargo/shipment/edit_shipment",
} as const;

/** Seeded service 4 (ARAMEX PRIORITY) has no rate sheet in these tests, so staff give the amount. */
export const SERVICE = { id: 4, name: "ARAMEX PRIORITY" } as const;
export const AMOUNT = 1500;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Opens the dashboard as the seeded admin (a stored session, not the sign-in form). */
export const signInAdmin = (page: Page): Promise<void> => openAsCargo(page, ADMIN);

/** A full-page screenshot in test-results/screens/shipments-<name>.png. */
export const snapShipments = (page: Page, name: string): Promise<void> => snap(page, `shipments-${name}`);

/** Calls `/api{path}` with the signed-in user's token. */
export async function api(
  page: Page,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  data?: object,
): Promise<{ status: number; body: unknown }> {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const response = await page.request.fetch(`/api${path}`, { method, headers, data });
  return { status: response.status(), body: await response.json().catch(() => null) };
}

/** Five upper-case letters, so one run's records never meet another's. */
export function uniqueWord(): string {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * letters.length)]).join("");
}

export { companyDay };

/** "Monday, December 7, 2026": how the pages write an expected delivery date. */
export const deliveryText = (day: string): string =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(`${day}T00:00:00Z`));

async function readCountryIds(page: Page): Promise<{ pk: number; gb: number }> {
  const { body } = await api(page, "GET", "/country/get_country");
  const idOf = (iso2: string): number => {
    const row = Array.isArray(body) ? body.find((candidate) => isRecord(candidate) && candidate.iso2 === iso2) : null;
    if (!isRecord(row) || typeof row.country_id !== "number") throw new Error(`no seeded country ${iso2}`);
    return row.country_id;
  };
  return { pk: idOf("PK"), gb: idOf("GB") };
}

/** The seeded countries' ids, read once per worker (its server's seed never changes them). */
let seededCountries: Promise<{ pk: number; gb: number }> | null = null;
function countryIds(page: Page): Promise<{ pk: number; gb: number }> {
  seededCountries ??= readCountryIds(page);
  seededCountries.catch(() => {
    seededCountries = null;
  });
  return seededCountries;
}

/** The id of a fixture user, approving them first when asked (approval opens their receivable account). */
export async function customerId(page: Page, email: string, approve: boolean): Promise<number> {
  const { body } = await api(page, "GET", "/user_cargo");
  const row = Array.isArray(body) ? body.find((user) => isRecord(user) && user.email === email) : null;
  if (!isRecord(row) || typeof row.id !== "number") throw new Error(`${email} is not seeded`);
  if (approve && row.userStatusId !== 2) {
    const approved = await api(page, "POST", `/user_cargo/update_user_status/${row.id}`, { userStatusId: 2 });
    expect(approved.status, "customer approved").toBe(200);
  }
  return row.id;
}

/** listcustomer, approved (with a receivable account), and listothercustomer. */
export async function listCustomers(page: Page): Promise<{ mine: number; other: number }> {
  return {
    mine: await customerId(page, USERS.listCustomer.email, true),
    other: await customerId(page, USERS.listOtherCustomer.email, false),
  };
}

export interface Booked {
  shipment_id: number;
  tracking_id: string;
}

export interface BookingOptions {
  customer: number;
  /** The receiver's name, searchable in the lists. */
  receiver?: string;
  type?: "Doc" | "Pack";
  expectedDays?: number;
}

/**
 * Books a Doc (or Pack) shipment through POST /api/shipment as the signed-in staff user: Karachi to
 * London, service 4 at 1500 PKR, one 2.5 kg box of 30x20x10 cm (chargeable 3 kg).
 */
export async function bookShipment(page: Page, options: BookingOptions): Promise<Booked> {
  const countries = await countryIds(page);
  const pack = options.type === "Pack";
  const { status, body } = await api(page, "POST", "/shipment", {
    shipment_type: pack ? "Pack" : "Doc",
    shipment_desc: pack ? null : "CONTRACT PAPERS",
    shipment_purpose_id: pack ? 1 : null,
    service_type_id: SERVICE.id,
    shipment_tax_id: 1,
    expected_delivery_date: companyDay(options.expectedDays ?? 7),
    shipment_ref: "E2E",
    invoice_type: 1,
    rebate: 1,
    financial_instruments: 0,
    customer_user_id: options.customer,
    amount: AMOUNT,
    sender: {
      name: "BILAL AHMED",
      company: "AHMED TEXTILES",
      country_id: countries.pk,
      address: "PLOT 22, SECTOR 7, KORANGI",
      postal_code: "74900",
      city: "KARACHI",
      state: "SINDH",
      phone: "03001234567",
      ntn: "7654321-0",
    },
    receiver: {
      name: options.receiver ?? "OLIVER SMITH",
      company: "SMITH IMPORTS",
      country_id: countries.gb,
      address: "10 DOWNING STREET",
      postal_code: "SW1A 2AA",
      city: "LONDON",
      state: "ENGLAND",
      phone: "07400123456",
      vat: "00000",
    },
    data: pack
      ? [
          {
            desc: "COTTON SHIRTS",
            code: "62052000",
            quantity: 2,
            uom_id: 1,
            currency_id: 5,
            value: 12.5,
            country_id: countries.pk,
          },
        ]
      : [],
    packages: [{ weight: 2.5, length: 30, width: 20, height: 10 }],
  });
  expect(status, `booked: ${JSON.stringify(body)}`).toBe(200);
  const shipment = isRecord(body) && Array.isArray(body.shipment_data) ? body.shipment_data[0] : null;
  if (!isRecord(shipment) || typeof shipment.shipment_id !== "number" || typeof shipment.tracking_id !== "string")
    throw new Error(`no shipment in ${JSON.stringify(body)}`);
  return { shipment_id: shipment.shipment_id, tracking_id: shipment.tracking_id };
}

/** GET /api/shipment/{id} (data[0]). */
export async function shipmentById(page: Page, id: number): Promise<Record<string, unknown>> {
  const { status, body } = await api(page, "GET", `/shipment/${id}`);
  expect(status).toBe(200);
  const data = isRecord(body) && Array.isArray(body.data) ? body.data[0] : null;
  if (!isRecord(data)) throw new Error(`no shipment ${id}`);
  return data;
}

/** The tracking id with its check digit changed: well formed, but no shipment's. */
export const wrongCheckDigit = (trackingId: string): string =>
  `${trackingId.slice(0, -1)}${(Number(trackingId.at(-1)) + 1) % 10}`;

// ---------------------------------------------------------------- the list

export const shipmentTable = (page: Page): Locator => page.getByRole("table", { name: "Shipment Details" });
export const rowOf = (page: Page, trackingId: string): Locator =>
  shipmentTable(page).getByRole("row").filter({ hasText: trackingId });

/** Opens Shipment Details and searches for `trackingId` until its row is the only one. */
export async function findInList(page: Page, trackingId: string): Promise<Locator> {
  if (!new URL(page.url()).pathname.endsWith(SHIPMENTS.list)) await page.goto(SHIPMENTS.list);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipment Details");
  await page.getByRole("searchbox", { name: "Search shipments" }).fill(trackingId);
  const row = rowOf(page, trackingId);
  await expect(row).toHaveCount(1);
  await expect(shipmentTable(page).getByRole("row")).toHaveCount(2);
  return row;
}

export type MenuAction = "Edit" | "Post Voucher" | "Add Status" | "Edit Status" | "Delete";

/** Opens the row menu of `trackingId` and answers the entry `action`. */
export async function rowAction(page: Page, trackingId: string, action: MenuAction): Promise<Locator> {
  await page.getByRole("button", { name: `Actions for ${trackingId}` }).click();
  return page.getByRole("menuitem", { name: action, exact: true });
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
