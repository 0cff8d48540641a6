/**
 * Shipment fixtures for API tests: a valid booking payload, booking through the API, approved
 * customers (with their receivable account) and rate sheets written straight into the database.
 *
 *   const customer = await createCustomer(t);
 *   const view = await bookShipment(t.app, staffToken, { customer_user_id: customer.id, amount: 1500 });
 *   const own = await bookShipment(t.app, customer.token, {}); // needs a rate: insertRateSheet(t.db, ...)
 */
import { ROLE, type ShipmentCreateInput, type ShipmentView, USER_STATUS } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client";
import { addDays, todayIn } from "../lib/dates";
import { col, rowsOf } from "../lib/sql";
import { adminToken, bearer, createUser, loginCargo, type TestApp } from "./harness";

/** Country ids by alpha-2 code, read once per app from the public country list. */
const countryCache = new WeakMap<FastifyInstance, Map<string, number>>();
export async function countryIds(app: FastifyInstance): Promise<Map<string, number>> {
  const cached = countryCache.get(app);
  if (cached) return cached;
  const response = await app.inject({ method: "GET", url: "/api/country/get_country" });
  const rows = response.json<{ country_id: number; iso2: string | null }[]>();
  const map = new Map(rows.filter((row) => row.iso2).map((row) => [row.iso2 as string, row.country_id]));
  countryCache.set(app, map);
  return map;
}

export async function countryId(app: FastifyInstance, iso2: string): Promise<number> {
  const id = (await countryIds(app)).get(iso2);
  if (!id) throw new Error(`no country ${iso2}`);
  return id;
}

/** Today plus `days` as YYYY-MM-DD on the company's calendar (the tests' APP_TZ default), as the server checks dates. */
export const daysFromNow = (days: number) => addDays(todayIn("Asia/Karachi"), days);

export type ShipmentOverrides = Partial<Omit<ShipmentCreateInput, "sender" | "receiver">> & {
  sender?: Partial<ShipmentCreateInput["sender"]>;
  receiver?: Partial<ShipmentCreateInput["receiver"]>;
};

/**
 * A valid Doc shipment from Karachi (PK) to London (GB), service 1, one 2.5 kg box of 30x20x10 cm
 * (chargeable 3 kg). Sender and receiver overrides merge into the default parties.
 */
export function shipmentPayload(
  countries: { pk: number; gb: number },
  overrides: ShipmentOverrides = {},
): ShipmentCreateInput {
  const { sender, receiver, ...rest } = overrides;
  return {
    shipment_type: "Doc",
    shipment_desc: "Contract papers",
    shipment_purpose_id: null,
    service_type_id: 1,
    type: null,
    shipment_tax_id: 1,
    expected_delivery_date: daysFromNow(7),
    shipment_ref: "REF-1",
    invoice_type: 1,
    rebate: 1,
    sro_number: "",
    financial_instruments: 0,
    financial_instruments_no: "",
    financial_instruments_bank: "",
    sender_id: null,
    receiver_id: null,
    sender: {
      name: "Bilal Ahmed",
      company: "Ahmed Textiles",
      country_id: countries.pk,
      address: "Plot 22, Sector 7, Korangi",
      address_2: "",
      address_3: "",
      postal_code: "74900",
      city: "Karachi",
      state: "Sindh",
      email: "bilal@example.com",
      phone: "03001234567",
      gst: "",
      ntn: "7654321-0",
      cnic: "4210112345671",
      ...sender,
    },
    receiver: {
      name: "Oliver Smith",
      company: "Smith Imports",
      country_id: countries.gb,
      address: "10 Downing Street",
      address_2: "",
      address_3: "",
      postal_code: "SW1A 2AA",
      city: "London",
      state: "England",
      email: "oliver@example.co.uk",
      phone: "07400123456",
      vat: "00000",
      ...receiver,
    },
    data: [],
    packages: [{ weight: 2.5, length: 30, width: 20, height: 10 }],
    ...rest,
  };
}

/** A Pack shipment's item line (an HS code of 8 characters, 2 pieces of 12.5 USD made in Pakistan). */
export const itemLine = (originCountryId: number, overrides: Record<string, unknown> = {}) => ({
  desc: "Cotton shirts",
  code: "62052000",
  quantity: 2,
  uom_id: 1,
  currency_id: 5,
  value: 12.5,
  country_id: originCountryId,
  ...overrides,
});

/** The default payload with this app's country ids. */
export async function validShipmentPayload(app: FastifyInstance, overrides: ShipmentOverrides = {}) {
  return shipmentPayload({ pk: await countryId(app, "PK"), gb: await countryId(app, "GB") }, overrides);
}

/** Books through POST /api/shipment and answers the stored shipment; throws with the body when refused. */
export async function bookShipment(
  app: FastifyInstance,
  token: string,
  overrides: ShipmentOverrides = {},
): Promise<ShipmentView> {
  const response = await app.inject({
    method: "POST",
    url: "/api/shipment",
    headers: bearer(token),
    payload: await validShipmentPayload(app, overrides),
  });
  if (response.statusCode !== 200) throw new Error(`booking refused (${response.statusCode}): ${response.body}`);
  const view = response.json<{ shipment_data: ShipmentView[] }>().shipment_data[0];
  if (!view) throw new Error("booking answered no shipment");
  return view;
}

/** An approved business customer with a receivable account (approved through the API), signed in. */
export async function createCustomer(t: TestApp, roleId: number = ROLE.businessCustomer) {
  const user = await createUser(t.db, { roleId, userStatusId: USER_STATUS.pending });
  const approve = await t.app.inject({
    method: "POST",
    url: `/api/user_cargo/update_user_status/${user.id}`,
    headers: bearer(await adminToken(t.app)),
    payload: { userStatusId: USER_STATUS.approved },
  });
  if (approve.statusCode !== 200) throw new Error(`approval failed: ${approve.body}`);
  return { ...user, token: await loginCargo(t.app, user.email, user.password) };
}

export interface RateBand {
  countryId?: number | null;
  zipPrefix?: string | null;
  minKg: number;
  maxKg: number;
  currencyId?: number;
  /** Minor units of the band's currency. */
  flat?: number | null;
  firstKg?: number | null;
  addKg?: number | null;
}

/** A rate sheet and its bands, written straight into the database; answers the sheet id. */
export async function insertRateSheet(
  db: Db,
  sheet: { serviceTypeId: number; shipmentType: "Doc" | "Pack"; type2?: string; effectiveDate: string },
  bands: RateBand[],
): Promise<number> {
  const [row] = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`insert into rate_sheets (service_type_id, shipment_type, type, effective_date, path, original_name, row_count)
      values (${sheet.serviceTypeId}, ${sheet.shipmentType}, ${sheet.type2 ?? ""}, ${sheet.effectiveDate}, 'rates/test.csv', 'test.csv', ${bands.length})
      returning id`),
  );
  if (!row) throw new Error("rate sheet not stored");
  for (const [index, band] of bands.entries()) {
    await db.execute(sql`insert into rate_bands (sheet_id, row_no, country_id, zip_prefix, min_kg, max_kg, currency_id, flat, first_kg, add_kg)
      values (${row.id}, ${index + 2}, ${band.countryId ?? null}, ${band.zipPrefix ?? null}, ${band.minKg}, ${band.maxKg},
        ${band.currencyId ?? 1}, ${band.flat ?? null}, ${band.firstKg ?? null}, ${band.addKg ?? null})`);
  }
  return row.id;
}
