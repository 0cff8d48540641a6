import {
  countryRowSchema,
  countrySchema,
  currencyRowSchema,
  currencySchema,
  isStaffRole,
  MASTER_MESSAGES,
  packageRowSchema,
  packageSchema,
  perm,
  type ReceiverInput,
  receiverRowSchema,
  receiverSchema,
  type SenderUpdate,
  senderRowSchema,
  senderSchema,
  senderUpdateSchema,
  serviceRowSchema,
  serviceSchema,
} from "@cargodesk/shared";
import { validPhoneFor } from "@cargodesk/shared/phone";
import { eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import countriesLib from "i18n-iso-countries";
import { getCountryCallingCode, isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import type { Db } from "../../db/client";
import { cargoCompanies, countries, currencies, packages, receivers, senders } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { AppDeps, Ctx } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";
import { crudRoutes } from "./crud";

type SenderRow = typeof senders.$inferSelect;
type ReceiverRow = typeof receivers.$inferSelect;

/** Customers keep their own address book; staff see and keep the company's. */
const ownOnly =
  (column: typeof senders.ownerUserId | typeof receivers.ownerUserId) =>
  (ctx: Ctx): SQL | undefined =>
    ctx.user && !isStaffRole(ctx.user.roleId) ? eq(column, ctx.user.id) : undefined;
const owner = (ctx: Ctx) => ({ ownerUserId: ctx.user && !isStaffRole(ctx.user.roleId) ? ctx.user.id : null });

/** The country must exist, and the phone must be valid for it (exactly 10 digits for the US). */
async function checkPhone(db: Db, countryId: number, phone: string) {
  const [country] = await db.select().from(countries).where(eq(countries.countryId, countryId));
  if (!country)
    throw new AppError("VALIDATION", `country_id: ${MASTER_MESSAGES.countryRequired}`, [
      { field: "country_id", message: MASTER_MESSAGES.countryRequired },
    ]);
  if (!validPhoneFor(phone, country.iso2))
    throw new AppError("VALIDATION", `phone: ${MASTER_MESSAGES.cell}`, [
      { field: "phone", message: MASTER_MESSAGES.cell },
    ]);
  return country;
}

const countryOf = async (db: Db, id: number) => {
  const [country] = await db.select().from(countries).where(eq(countries.countryId, id));
  return country ? { name: country.name, code: country.code, iso2: country.iso2, dial_code: country.dialCode } : null;
};

const partyValues = (input: SenderUpdate | ReceiverInput) => ({
  name: input.name,
  company: input.company,
  countryId: input.country_id,
  address: input.address,
  address2: input.address_2,
  address3: input.address_3,
  postalCode: input.postal_code,
  city: input.city,
  state: input.state,
  email: input.email,
  phone: input.phone,
});
const partyView = async (row: SenderRow | ReceiverRow, db: Db) => ({
  name: row.name,
  company: row.company,
  country_id: row.countryId,
  country: await countryOf(db, row.countryId),
  address: row.address,
  address_2: row.address2,
  address_3: row.address3,
  postal_code: row.postalCode,
  city: row.city,
  state: row.state,
  email: row.email,
  phone: row.phone,
});

const cargo = (group: string) => ({
  add: [perm(group, `${group} Add`)],
  view: [perm(group, `${group} View`), perm(group, `${group} Edit`)],
  edit: [perm(group, `${group} Edit`)],
  remove: [perm(group, `${group} Delete`)],
});

export function masterDataRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(
      // POST requires NTN; PUT may leave it out, and an update then keeps the stored one.
      crudRoutes<SenderUpdate, SenderRow>(deps, {
        path: "/sender",
        tag: "senders",
        row: senderRowSchema,
        noun: "sender",
        table: senders,
        id: senders.senderId,
        schema: senderSchema,
        updateSchema: senderUpdateSchema,
        searchable: [senders.name, senders.company, senders.city, senders.phone],
        order: senders.senderId,
        permissions: cargo("Sender"),
        scope: ownOnly(senders.ownerUserId),
        stamp: owner,
        values: async (_ctx, input, tx) => {
          await checkPhone(tx, input.country_id, input.phone);
          return { ...partyValues(input), gst: input.gst, ntn: input.ntn, cnic: input.cnic };
        },
        view: async (row, db) => ({
          sender_id: row.senderId,
          ...(await partyView(row, db)),
          gst: row.gst,
          ntn: row.ntn,
          cnic: row.cnic,
        }),
      }),
    );
    await app.register(
      crudRoutes<ReceiverInput, ReceiverRow>(deps, {
        path: "/receiver",
        tag: "receivers",
        row: receiverRowSchema,
        noun: "receiver",
        table: receivers,
        id: receivers.receiverId,
        schema: receiverSchema,
        searchable: [receivers.name, receivers.company, receivers.city, receivers.phone],
        order: receivers.receiverId,
        permissions: cargo("Receiver"),
        scope: ownOnly(receivers.ownerUserId),
        stamp: owner,
        values: async (_ctx, input, tx) => {
          await checkPhone(tx, input.country_id, input.phone);
          return { ...partyValues(input), vat: input.vat ?? "00000" };
        },
        view: async (row, db) => ({ receiver_id: row.receiverId, ...(await partyView(row, db)), vat: row.vat }),
      }),
    );
    await app.register(
      crudRoutes(deps, {
        path: "/package",
        tag: "packages",
        row: packageRowSchema,
        noun: "package",
        table: packages,
        id: packages.packageId,
        schema: packageSchema,
        searchable: [packages.name],
        order: packages.packageId,
        permissions: cargo("Packages"),
        values: async (_ctx, input) => ({
          name: input.name,
          weight: String(input.weight),
          length: String(input.length),
          width: String(input.width),
          height: String(input.height),
          quantity: input.quantity ?? 1,
        }),
        view: (row: typeof packages.$inferSelect) => ({
          package_id: row.packageId,
          name: row.name,
          weight: Number(row.weight),
          length: Number(row.length),
          width: Number(row.width),
          height: Number(row.height),
          quantity: row.quantity,
        }),
      }),
    );
    await app.register(
      crudRoutes(deps, {
        path: "/cargo_company",
        tag: "services",
        row: serviceRowSchema,
        noun: "service",
        table: cargoCompanies,
        id: cargoCompanies.id,
        schema: serviceSchema,
        searchable: [cargoCompanies.name, cargoCompanies.code],
        order: cargoCompanies.id,
        permissions: cargo("Service"),
        values: async (_ctx, input) => ({ name: input.name, code: input.code }),
        view: (row: typeof cargoCompanies.$inferSelect) => ({ id: row.id, name: row.name, code: row.code }),
      }),
    );
  };
}

/**
 * A country's numeric code is stored as ISO's three digits ("4", "004" and "0004" are one code), and
 * the alpha-2 code and dial code come from the same maintained data as the seed, so phones can be
 * checked. A code past 999 is no ISO code: it is kept as typed, with neither (the library would read
 * "1234" as 234, the Faroe Islands).
 */
function countryValues(input: { name: string; code: string }) {
  const number = Number(input.code);
  const code = String(number).padStart(3, "0");
  const iso2 = number <= 999 ? (countriesLib.numericToAlpha2(code) ?? null) : null;
  const dialCode = iso2 && isSupportedCountry(iso2) ? `+${getCountryCallingCode(iso2)}` : null;
  return { name: input.name, code, iso2, dialCode };
}

/** Countries and currencies are seeded lookups that staff may extend and correct. */
export function lookupCrudRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(
      crudRoutes(deps, {
        path: "/country",
        list: false,
        tag: "countries",
        row: countryRowSchema,
        noun: "country",
        uniqueField: "code",
        table: countries,
        id: countries.countryId,
        schema: countrySchema,
        searchable: [countries.name, countries.code, countries.iso2],
        order: countries.name,
        permissions: cargo("Country"),
        values: async (_ctx, input) => countryValues(input),
        view: (row: typeof countries.$inferSelect) => ({
          country_id: row.countryId,
          name: row.name,
          code: row.code,
          iso2: row.iso2,
          dial_code: row.dialCode,
        }),
        inUse: async (db, id) => {
          const [used] = rowsOf(
            z.object({ used: col.bool }),
            await db.execute(sql`select exists (select 1 from senders where country_id = ${id})
              or exists (select 1 from receivers where country_id = ${id})
              or exists (select 1 from shipment_parties where country_id = ${id})
              or exists (select 1 from shipment_lines where country_id = ${id})
              or exists (select 1 from rate_bands where country_id = ${id}) as used`),
          );
          return used?.used ? "address-book parties, shipments or rate sheets use this country" : null;
        },
      }),
    );
    await app.register(
      crudRoutes(deps, {
        path: "/currency",
        tag: "currencies",
        row: currencyRowSchema,
        noun: "currency",
        uniqueField: "code",
        table: currencies,
        id: currencies.id,
        schema: currencySchema,
        searchable: [currencies.name, currencies.code],
        order: currencies.id,
        permissions: { ...cargo("Currency"), view: [...cargo("Currency").view, perm("Shipment", "Shipment Add")] },
        values: async (_ctx, input) => ({
          name: input.name,
          sign: input.sign,
          code: input.code,
          rate: String(input.rate),
        }),
        view: (row: typeof currencies.$inferSelect) => ({
          id: row.id,
          name: row.name,
          sign: row.sign,
          code: row.code,
          rate: Number(row.rate),
        }),
        inUse: async (db, id) => {
          if (id === 5) return "USD is the default currency of shipment lines";
          const [used] = rowsOf(
            z.object({ used: col.bool }),
            await db.execute(sql`select exists (select 1 from shipments where currency_id = ${id})
              or exists (select 1 from shipment_lines where currency_id = ${id})
              or exists (select 1 from rate_bands where currency_id = ${id}) as used`),
          );
          return used?.used ? "shipments or rate sheets use this currency" : null;
        },
      }),
    );
  };
}
