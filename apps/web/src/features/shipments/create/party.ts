import type { PartyRow } from "../../master-data/api";
import type { PartyFields, PartySide, PartyState } from "./state";

export const FIELD_LABELS: Record<keyof PartyFields, string> = {
  name: "Name",
  company: "Company",
  country_id: "Country",
  address: "Address",
  address_2: "Address 2",
  address_3: "Address 3",
  postal_code: "Postal Code",
  city: "City",
  state: "State",
  email: "Email",
  phone: "Phone",
  ntn: "NTN",
  cnic: "CNIC",
};

const up = (value: string | null | undefined) => (value ?? "").toUpperCase();

/** An address-book record as the wizard's fields: every text upper-cased (e-mail kept as stored). */
export function contactFields(row: PartyRow): PartyFields {
  return {
    name: up(row.name),
    company: up(row.company),
    country_id: row.country_id,
    address: up(row.address),
    address_2: up(row.address_2),
    address_3: up(row.address_3),
    postal_code: up(row.postal_code),
    city: up(row.city),
    state: up(row.state),
    email: row.email ?? "",
    phone: row.phone ?? "",
    ntn: "ntn" in row ? up(row.ntn) : "",
    cnic: "cnic" in row ? (row.cnic ?? "") : "",
  };
}

/** POST /api/sender or /api/receiver: the party as a new address-book record. */
export function partyBody(party: PartyState, side: PartySide) {
  const common = {
    name: party.name,
    company: party.company,
    country_id: party.country_id,
    address: party.address,
    address_2: party.address_2,
    address_3: party.address_3,
    postal_code: party.postal_code,
    city: party.city,
    state: party.state,
    email: party.email,
    phone: party.phone,
  };
  return side === "sender" ? { ...common, ntn: party.ntn, cnic: party.cnic } : { ...common, vat: party.vatId };
}
