import {
  itemRowIncomplete,
  MASTER_MESSAGES,
  type PartyDraft,
  packageCellError,
  SHIPMENT_MESSAGES,
  type ShipmentCreateInput,
  type ShipmentDraft,
  shipmentCreateSchema,
  shipmentLineSchema,
  shipmentPartySchema,
  shipmentSaveBlockers,
  toMinor,
  VAT_PAID_SERVICE_ID,
} from "@cargodesk/shared";
import { validPhoneFor } from "@cargodesk/shared/phone";
import { companyToday } from "../../../lib/dates";
import type { ItemLine, PackageLine, PartyFields, PartySide, PartyState, WizardState } from "./state";

export const CODE_MIN = 8;

export type PartyErrors = Partial<Record<keyof PartyFields, string>>;

/** What the party rules need from outside the party: the country list and the other side's country. */
export interface PartyContext {
  iso2Of: (countryId: number) => string | null | undefined;
  /** For the receiver: the sender's country, which the receiver's must differ from. */
  senderCountryId?: number;
}

/** The fields whose rules are the shared payload schema's own (shipmentPartySchema), checked once filled in. */
const SCHEMA_FIELDS = ["name", "company", "address", "address_2", "email", "cnic"] as const;

/** Messages for what is filled in but wrong; empty required fields are reported by `missingFor`. */
export function partyErrors(party: PartyState, context: PartyContext): PartyErrors {
  const errors: PartyErrors = {};
  for (const field of SCHEMA_FIELDS) {
    if (party[field].trim() === "") continue;
    const parsed = shipmentPartySchema.shape[field].safeParse(party[field]);
    if (!parsed.success) errors[field] = parsed.error.issues[0]?.message ?? parsed.error.message;
  }
  // The phone's rule depends on the country (shared phone rules), which the schema alone cannot know.
  if (party.phone !== "" && !validPhoneFor(party.phone, context.iso2Of(party.country_id)))
    errors.phone = MASTER_MESSAGES.cell;
  if (context.senderCountryId && party.country_id && party.country_id === context.senderCountryId)
    errors.country_id = SHIPMENT_MESSAGES.sameCountry;
  return errors;
}

/** The spec's lists: Continue needs company, country, address and phone; Save Sender/Receiver more. */
const REQUIRED = {
  continue: ["company", "country_id", "address", "phone"],
  saveSender: ["name", "company", "country_id", "address", "city", "state", "postal_code", "phone", "ntn"],
  saveReceiver: ["name", "company", "country_id", "address", "postal_code", "city", "state", "phone"],
} as const satisfies Record<string, readonly (keyof PartyFields)[]>;

export type PartyAction = "continue" | "save";

export function missingFor(party: PartyState, side: PartySide, action: PartyAction): (keyof PartyFields)[] {
  const list =
    action === "continue" ? REQUIRED.continue : side === "sender" ? REQUIRED.saveSender : REQUIRED.saveReceiver;
  return list.filter((field) => (field === "country_id" ? !party.country_id : party[field].trim() === ""));
}

// ---------------------------------------------------------------- save conditions

const numberOrBlank = (value: string): number | "" => (value.trim() === "" ? "" : Number(value));
const partyDraft = (party: PartyState): PartyDraft => ({
  name: party.name,
  company: party.company,
  address: party.address,
  phone: party.phone,
  country_id: party.country_id,
});
const itemDraft = (line: ItemLine) => ({
  ...line,
  quantity: numberOrBlank(line.quantity),
  value: numberOrBlank(line.value),
});

export function toDraft(state: WizardState): ShipmentDraft {
  return {
    sender: partyDraft(state.sender),
    receiver: partyDraft(state.receiver),
    shipmentType: state.shipmentType,
    shipmentPurpose: state.purpose,
    serviceType: state.serviceType,
    taxType: state.taxType,
    estimatedDeliveryDate: state.deliveryDate,
    instrument: state.instrument,
    lines: state.lines.map(itemDraft),
    packages: state.packages.map((row) => ({
      weight: numberOrBlank(row.weight),
      length: numberOrBlank(row.length),
      width: numberOrBlank(row.width),
      height: numberOrBlank(row.height),
    })),
  };
}

/** An item row is filled when every cell holds a usable value (the add-row button waits for it). */
export function itemLineFilled(line: ItemLine): boolean {
  return (
    !itemRowIncomplete(itemDraft(line)) &&
    line.code.trim().length >= CODE_MIN &&
    line.quantity.trim() !== "" &&
    quantityError(line.quantity) === undefined &&
    Number(line.value) >= 0
  );
}

export type PackageErrors = Partial<Record<keyof Omit<PackageLine, "name">, string>>;

/** The server's own rules (packageCellError): a length of 0 is refused here as it is there. */
export function packageErrors(row: PackageLine): PackageErrors {
  const errors: PackageErrors = {};
  for (const field of ["weight", "length", "width", "height"] as const) {
    const error = packageCellError(field, row[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

export interface SaveContext extends Omit<PartyContext, "senderCountryId"> {
  /** Staff book for a customer, whom they must choose. */
  staff: boolean;
}

/**
 * Why Save is disabled: the spec's conditions (shipmentSaveBlockers), then what the server would
 * refuse anyway, so a shipment that cannot be stored is never sent.
 */
export function saveReasons(state: WizardState, context: SaveContext): string[] {
  const reasons = shipmentSaveBlockers(toDraft(state));
  const add = (reason: string) => {
    if (!reasons.includes(reason)) reasons.push(reason);
  };
  if (context.staff && state.customerId === null) add("customer");
  if (state.serviceType === VAT_PAID_SERVICE_ID && state.type2 === "") add("DHL or UPS");
  if (state.deliveryDate !== "" && state.deliveryDate < companyToday())
    add("estimated delivery date (not before today)");
  if (state.packages.some((row) => Object.keys(packageErrors(row)).length > 0)) add("package sizes");
  if (state.shipmentType === "Doc" && state.description.trim() === "") add("document description");
  if (state.shipmentType === "Pack") {
    if (!state.purpose) add("purpose");
    if (state.lines.length === 0 || !state.lines.every(itemLineFilled)) add("item rows");
  }
  if (state.instrument === 1 && (state.instrumentNo.trim() === "" || state.instrumentBank.trim() === ""))
    add("financial instrument number and bank");
  if (Object.keys(partyErrors(state.sender, context)).length > 0) add("sender details");
  const receiverContext = { ...context, senderCountryId: state.sender.country_id };
  if (Object.keys(partyErrors(state.receiver, receiverContext)).length > 0) add("receiver details");
  if (state.noRate && context.staff && amountMinor(state.amount) === null) add("amount");
  // Last, the server's own schema over the very payload Save would send: nothing it refuses is sent.
  if (reasons.length === 0) {
    const parsed = shipmentCreateSchema.safeParse(toPayload(state, "", context.staff));
    if (!parsed.success) add(parsed.error.issues[0]?.message ?? parsed.error.message);
  }
  return reasons;
}

/** The manual charge in minor units, or null when it is not a valid amount (a charge of 0 is not one). */
export function amountMinor(amount: string): number | null {
  if (amount.trim() === "") return null;
  const minor = toMinor(amount);
  return minor !== null && minor > 0 ? minor : null;
}

/** What is wrong with an item row's quantity as typed, by the server's own rule (1 to 99999 pieces). */
export function quantityError(typed: string): string | undefined {
  if (typed.trim() === "") return undefined;
  const parsed = shipmentLineSchema.shape.quantity.safeParse(typed);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? SHIPMENT_MESSAGES.quantity);
}

// ---------------------------------------------------------------- payload

const orNull = (value: string): string | null => (value.trim() === "" ? null : value.trim());

/** A party's typed fields as the shipment payload carries them (blank optional fields as null). */
export function partyCorePayload(party: PartyFields) {
  return {
    name: party.name.trim(),
    company: party.company.trim(),
    country_id: party.country_id,
    address: party.address.trim(),
    address_2: orNull(party.address_2),
    address_3: orNull(party.address_3),
    postal_code: orNull(party.postal_code),
    city: orNull(party.city),
    state: orNull(party.state),
    email: orNull(party.email),
    phone: party.phone.trim(),
  };
}

function partyPayload(party: PartyState, side: PartySide) {
  return {
    ...partyCorePayload(party),
    ...(side === "sender" ? { ntn: orNull(party.ntn), cnic: orNull(party.cnic) } : { vat: party.vatId }),
  };
}

/** POST /api/shipment's body (shipmentCreateSchema). Doc sends no purpose and no item rows. */
export function toPayload(state: WizardState, reference: string, staff: boolean): ShipmentCreateInput {
  const pack = state.shipmentType === "Pack";
  const instrument = state.instrument === 1;
  const packages = state.packages.map((row) => ({
    name: row.name,
    quantity: 1,
    weight: Number(row.weight),
    length: Number(row.length),
    width: Number(row.width),
    height: Number(row.height),
  }));
  const amount = amountMinor(state.amount);
  return {
    shipment_type: state.shipmentType,
    shipment_desc: pack ? null : state.description.trim(),
    shipment_purpose_id: pack ? state.purpose : null,
    service_type_id: Number(state.serviceType),
    type: state.serviceType === VAT_PAID_SERVICE_ID && state.type2 !== "" ? state.type2 : null,
    shipment_tax_id: Number(state.taxType),
    expected_delivery_date: state.deliveryDate,
    shipment_ref: orNull(reference),
    invoice_type: state.invoiceType,
    rebate: instrument ? state.rebate : 0,
    sro_number: instrument && state.rebate === 1 ? orNull(state.sro) : null,
    financial_instruments: instrument ? 1 : 0,
    financial_instruments_no: instrument ? orNull(state.instrumentNo) : null,
    financial_instruments_bank: instrument ? orNull(state.instrumentBank) : null,
    vat: state.receiver.vatId,
    total_packages: packages.length,
    sender_id: state.sender.id,
    receiver_id: state.receiver.id,
    sender: partyPayload(state.sender, "sender"),
    receiver: partyPayload(state.receiver, "receiver"),
    data: pack
      ? state.lines.map((line) => ({
          desc: line.desc.trim(),
          code: line.code.trim(),
          quantity: Number(line.quantity),
          uom_id: Number(line.uom_id),
          currency_id: Number(line.currency_id),
          value: Number(line.value),
          country_id: line.country_id,
        }))
      : [],
    packages,
    customer_user_id: staff ? state.customerId : null,
    amount: staff && state.noRate && amount !== null ? amount / 100 : null,
  };
}
