import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  shipmentLines,
  shipmentPackages,
  shipmentParties,
  shipmentSearchTerms,
  shipmentTallies,
  users,
} from "../../db/schema/index";
import type { LineInput, PartyInput, packageRows } from "./shipments.rules";
import { customerName } from "./shipments.views";

/** Lower-case words (letters and digits) of a text, at most 60 characters each. */
export function searchWords(text: string | null | undefined): string[] {
  return (text ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, 60));
}

const partyValues = (shipmentId: number, role: "sender" | "receiver", party: PartyInput) => ({
  shipmentId,
  role,
  name: party.name,
  company: party.company,
  countryId: party.country_id,
  address: party.address,
  address2: party.address_2,
  address3: party.address_3,
  postalCode: party.postal_code,
  city: party.city,
  state: party.state,
  email: party.email,
  phone: party.phone,
  gst: party.gst,
  ntn: party.ntn,
  cnic: party.cnic,
  vat: party.vat,
});

/** Writes (or rewrites) one party snapshot. */
export async function saveParty(tx: Db, shipmentId: number, role: "sender" | "receiver", party: PartyInput) {
  const values = partyValues(shipmentId, role, party);
  const { shipmentId: _id, role: _role, ...changes } = values;
  await tx
    .insert(shipmentParties)
    .values(values)
    .onConflictDoUpdate({ target: [shipmentParties.shipmentId, shipmentParties.role], set: changes });
}

export async function replaceLines(
  tx: Db,
  shipmentId: number,
  lines: readonly (LineInput & { valueMinor: number })[],
): Promise<void> {
  await tx.delete(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId));
  if (lines.length === 0) return;
  await tx.insert(shipmentLines).values(
    lines.map((line, index) => ({
      shipmentId,
      lineNo: index + 1,
      desc: line.desc,
      code: line.code,
      quantity: line.quantity,
      uomId: line.uom_id,
      currencyId: line.currency_id,
      valueMinor: line.valueMinor,
      countryId: line.country_id,
    })),
  );
}

export async function replacePackages(
  tx: Db,
  shipmentId: number,
  rows: ReturnType<typeof packageRows>["rows"],
): Promise<void> {
  await tx.delete(shipmentPackages).where(eq(shipmentPackages.shipmentId, shipmentId));
  await tx.insert(shipmentPackages).values(
    rows.map((row, index) => ({
      shipmentId,
      lineNo: index + 1,
      name: row.name,
      quantity: row.quantity,
      weight: String(row.weight),
      length: String(row.length),
      width: String(row.width),
      height: String(row.height),
      accWeight: String(row.accWeight),
      chWeight: String(row.chWeight),
    })),
  );
}

/** Rebuilds the shipment's search words from its party snapshots and its customer's name. */
export async function indexShipment(tx: Db, shipmentId: number, customerUserId: number | null): Promise<void> {
  await tx.delete(shipmentSearchTerms).where(eq(shipmentSearchTerms.shipmentId, shipmentId));
  const parties = await tx
    .select({ name: shipmentParties.name, company: shipmentParties.company })
    .from(shipmentParties)
    .where(eq(shipmentParties.shipmentId, shipmentId));
  const [customer] = customerUserId
    ? await tx
        .select({ firstName: users.firstName, lastName: users.lastName, companyName: users.companyName })
        .from(users)
        .where(eq(users.id, customerUserId))
    : [];
  const texts = [
    ...parties.flatMap((party) => [party.name, party.company]),
    customer ? `${customer.firstName} ${customer.lastName} ${customerName(customer)}` : "",
  ];
  const words = [...new Set(texts.flatMap(searchWords))];
  if (words.length === 0) return;
  await tx.insert(shipmentSearchTerms).values(words.map((term) => ({ shipmentId, customerUserId, term })));
}

export async function dropSearchTerms(tx: Db, shipmentId: number): Promise<void> {
  await tx.delete(shipmentSearchTerms).where(eq(shipmentSearchTerms.shipmentId, shipmentId));
}

/** Adds `delta` to the customer's count of live shipments. */
export async function adjustTally(tx: Db, customerUserId: number | null, delta: number): Promise<void> {
  if (!customerUserId) return;
  await tx
    .insert(shipmentTallies)
    .values({ customerUserId, live: Math.max(0, delta) })
    .onConflictDoUpdate({
      target: shipmentTallies.customerUserId,
      set: { live: sql`${shipmentTallies.live} + ${delta}` },
    });
}
