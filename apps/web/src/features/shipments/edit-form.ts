import {
  type ItemDraft,
  itemRowIncomplete,
  normalizeDimension,
  packageWeights,
  SHIPMENT_DEFAULTS,
  SHIPMENT_MESSAGES,
  type ShipmentType,
  type ShipmentUpdateInput,
  shipmentUpdateSchema,
  TYPE2_CHOICES,
  VAT_PAID_SERVICE_ID,
} from "@cargodesk/shared";
import { companyToday } from "../../lib/dates";
import { partyCorePayload } from "./create/draft";
import type { PartyFields, PartySide } from "./create/state";
import type { PartyView, ShipmentDetail } from "./schemas";

/** An item line as the form holds it: every input is text until the payload is built. */
export interface LineForm {
  desc: string;
  code: string;
  quantity: string;
  uom_id: string;
  currency_id: string;
  value: string;
  country_id: number;
}

export interface PackageForm {
  name: string;
  weight: string;
  length: string;
  width: string;
  height: string;
}

/** A sender or receiver snapshot as the form holds it: the wizard's fields plus GST and VAT. */
export interface PartyForm extends PartyFields {
  gst: string;
  vat: string;
}

export type { PartySide };

export interface EditForm {
  sender: PartyForm;
  receiver: PartyForm;
  shipment_type: ShipmentType;
  shipment_desc: string;
  shipment_purpose_id: string;
  service_type_id: string;
  type: string;
  shipment_tax_id: string;
  expected_delivery_date: string;
  shipment_ref: string;
  invoice_type: string;
  financial_instruments: string;
  financial_instruments_no: string;
  financial_instruments_bank: string;
  rebate: string;
  sro_number: string;
  /** Base-currency charge, sent only when no rate sheet covers a re-rated shipment (staff's manual amount). */
  amount: string;
  lines: LineForm[];
  packages: PackageForm[];
}

const str = (value: number | string | null | undefined): string =>
  value === null || value === undefined ? "" : String(value);

export const blankLine = (currencyId = str(SHIPMENT_DEFAULTS.currencyId)): LineForm => ({
  desc: "",
  code: "",
  quantity: "",
  uom_id: str(SHIPMENT_DEFAULTS.uomId),
  currency_id: currencyId,
  value: "",
  country_id: 0,
});

export const blankPackage = (): PackageForm => ({ name: "BOX 1", weight: "", length: "", width: "", height: "" });

/** A stored party snapshot as the form starts (a shipment always has one of each). */
export function partyFormOf(party: PartyView | undefined): PartyForm {
  return {
    name: party?.name ?? "",
    company: party?.company ?? "",
    country_id: party?.country_id ?? 0,
    address: party?.address ?? "",
    address_2: party?.address_2 ?? "",
    address_3: party?.address_3 ?? "",
    postal_code: party?.postal_code ?? "",
    city: party?.city ?? "",
    state: party?.state ?? "",
    email: party?.email ?? "",
    phone: party?.phone ?? "",
    cnic: party?.cnic ?? "",
    ntn: party?.ntn ?? "",
    gst: party?.gst ?? "",
    vat: party?.vat ?? "",
  };
}

/** The stored shipment as the edit form starts. */
export function formOf(shipment: ShipmentDetail): EditForm {
  const type: ShipmentType = shipment.shipment_type === "Pack" ? "Pack" : "Doc";
  return {
    sender: partyFormOf(shipment.shipment_senders[0]),
    receiver: partyFormOf(shipment.shipment_receivers[0]),
    shipment_type: type,
    shipment_desc: shipment.shipment_desc ?? "",
    shipment_purpose_id: str(shipment.shipment_purpose_id || ""),
    service_type_id: str(shipment.service_type_id),
    type: shipment.type ?? "",
    shipment_tax_id: str(shipment.shipment_tax_id),
    expected_delivery_date: shipment.expected_delivery_date?.slice(0, 10) ?? "",
    shipment_ref: shipment.shipment_ref ?? "",
    invoice_type: str(shipment.invoice_type ?? SHIPMENT_DEFAULTS.invoiceType),
    financial_instruments: str(shipment.financial_instruments),
    financial_instruments_no: shipment.financial_instruments_no ?? "",
    financial_instruments_bank: shipment.financial_instruments_bank ?? "",
    rebate: str(shipment.rebate ?? SHIPMENT_DEFAULTS.rebate),
    sro_number: shipment.sro_number ?? "",
    amount: shipment.rate_manual === 1 ? str(shipment.base_amount) : "",
    lines: shipment.shipment_data.map((line) => ({
      desc: line.desc,
      code: line.code,
      quantity: str(line.quantity),
      uom_id: str(line.uom_id),
      currency_id: str(line.currency_id),
      value: str(line.value),
      country_id: line.country_id,
    })),
    packages: shipment.shipment_packages.map((row, index) => ({
      name: row.name || `BOX ${index + 1}`,
      weight: str(row.weight),
      length: str(row.length),
      width: str(row.width),
      height: str(row.height),
    })),
  };
}

const numberOr = (value: string): number | "" => (value.trim() === "" ? "" : Number(value));

/** The shared rule's view of a form line (quantity or value 0 counts as empty). */
export const lineDraft = (line: LineForm): ItemDraft => ({
  desc: line.desc,
  code: line.code,
  quantity: numberOr(line.quantity),
  uom_id: numberOr(line.uom_id),
  currency_id: numberOr(line.currency_id),
  value: numberOr(line.value),
  country_id: line.country_id,
});
export const lineIncomplete = (line: LineForm): boolean => itemRowIncomplete(lineDraft(line));

/** A package row's dimensional and chargeable weight, as the wizard shows them. */
export function weightsOf(row: PackageForm) {
  const dims = [row.weight, row.length, row.width, row.height].map((value) => Number(value) || 0);
  const [weight = 0, length = 0, width = 0, height = 0] = dims;
  return packageWeights({ weight, length, width, height });
}

/** A dimension typed as 0 or less becomes 0.1 (the spec's packaging rule). */
export const normalizedText = (value: string): string =>
  value.trim() === "" ? "" : String(normalizeDimension(Number(value)));

/** Why Save is disabled, in the spec's terms; empty when it may be pressed. */
export function editBlockers(form: EditForm, storedDate: string): string[] {
  const reasons: string[] = [];
  for (const side of ["sender", "receiver"] as const) {
    const party = form[side];
    if (
      [party.name, party.company, party.address, party.phone].some((value) => value.trim() === "") ||
      !party.country_id
    )
      reasons.push(`${side}'s name, company, country, address and cell number`);
  }
  if (form.sender.country_id !== 0 && form.sender.country_id === form.receiver.country_id)
    reasons.push("a receiver in another country than the sender");
  if (form.service_type_id === "") reasons.push("service type");
  if (Number(form.service_type_id) === VAT_PAID_SERVICE_ID && form.type === "") reasons.push("DHL or UPS");
  if (form.shipment_tax_id === "") reasons.push("tax payer");
  if (form.expected_delivery_date === "") reasons.push("estimated delivery date");
  else if (form.expected_delivery_date !== storedDate && form.expected_delivery_date < companyToday())
    reasons.push("estimated delivery date in the past");
  if (form.packages.some((row) => [row.weight, row.length, row.width, row.height].some((v) => v.trim() === "")))
    reasons.push("package dimensions");
  if (form.financial_instruments === "") reasons.push("financial instrument");
  if (form.shipment_type === "Doc" && form.shipment_desc.trim() === "") reasons.push("description");
  if (form.shipment_type === "Pack") {
    if (form.shipment_purpose_id === "") reasons.push("purpose");
    if (form.lines.length === 0 || form.lines.some(lineIncomplete)) reasons.push("item rows");
  }
  return reasons;
}

const linePayload = (line: LineForm) => ({
  desc: line.desc,
  code: line.code,
  quantity: Number(line.quantity),
  uom_id: Number(line.uom_id),
  currency_id: Number(line.currency_id),
  value: Number(line.value),
  country_id: line.country_id,
});

/** The DHL or UPS choice of service 11, or null. */
const type2Of = (value: string): (typeof TYPE2_CHOICES)[number] | null =>
  TYPE2_CHOICES.find((choice) => choice === value) ?? null;

const orNull = (value: string): string | null => (value.trim() === "" ? null : value.trim());

const partyPayload = (party: PartyForm) => ({
  ...partyCorePayload(party),
  cnic: orNull(party.cnic),
  ntn: orNull(party.ntn),
  gst: orNull(party.gst),
  vat: orNull(party.vat),
});

const sameParty = (a: PartyForm, b: PartyForm): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The edit screen's PUT body: Doc sends no purpose and no lines; the instrument fields only when it
 * applies; a sender or receiver only when it was changed (an old snapshot is not checked again).
 */
export function payloadOf(form: EditForm, initial: EditForm, withAmount: boolean): ShipmentUpdateInput {
  const storedDate = initial.expected_delivery_date;
  const pack = form.shipment_type === "Pack";
  const instrument = form.financial_instruments === "1";
  const rebate = instrument && form.rebate === "1";
  const body: ShipmentUpdateInput = {
    shipment_type: form.shipment_type,
    shipment_desc: pack ? null : orNull(form.shipment_desc),
    shipment_purpose_id: pack ? Number(form.shipment_purpose_id) : null,
    service_type_id: Number(form.service_type_id),
    type: Number(form.service_type_id) === VAT_PAID_SERVICE_ID ? type2Of(form.type) : null,
    shipment_tax_id: Number(form.shipment_tax_id),
    shipment_ref: orNull(form.shipment_ref),
    invoice_type: Number(form.invoice_type),
    financial_instruments: Number(form.financial_instruments),
    financial_instruments_no: instrument ? orNull(form.financial_instruments_no) : null,
    financial_instruments_bank: instrument ? orNull(form.financial_instruments_bank) : null,
    rebate: instrument ? Number(form.rebate) : 0,
    sro_number: rebate ? orNull(form.sro_number) : null,
    shipment_data: pack ? form.lines.map(linePayload) : [],
    packages: form.packages.map((row) => ({
      name: row.name,
      weight: Number(row.weight),
      length: Number(row.length),
      width: Number(row.width),
      height: Number(row.height),
    })),
  };
  if (!sameParty(form.sender, initial.sender)) body.sender = partyPayload(form.sender);
  if (!sameParty(form.receiver, initial.receiver)) body.receiver = partyPayload(form.receiver);
  if (withAmount && form.amount.trim() !== "") body.amount = Number(form.amount);
  // An unchanged date is left out, so a date already past does not block other changes.
  if (form.expected_delivery_date !== storedDate) body.expected_delivery_date = form.expected_delivery_date;
  return body;
}

/** The form path of a payload issue path, e.g. ["shipment_data", 0, "code"] -> "lines.0.code". */
export function formPathOf(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  const root = head === "shipment_data" || head === "data" ? "lines" : head;
  return [root, ...rest].join(".");
}

/** The shared schema checks the body before it is sent; its messages land under the fields. */
export function checkPayload(body: ShipmentUpdateInput): { path: string; message: string }[] {
  const parsed = shipmentUpdateSchema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ path: formPathOf(issue.path), message: issue.message }));
}

export const DATE_PAST_MESSAGE = SHIPMENT_MESSAGES.deliveryDatePast;
