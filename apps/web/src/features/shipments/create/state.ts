import { DEFAULT_VAT_ID, resizePackages, SHIPMENT_DEFAULTS, type ShipmentType } from "@cargodesk/shared";

/** The spec's sender/receiver type selector: New (1) or From Contact (2). */
export const PARTY_MODE = { new: 1, contact: 2 } as const;
export type PartyMode = (typeof PARTY_MODE)[keyof typeof PARTY_MODE];
export type PartySide = "sender" | "receiver";

/** The text fields of a party as typed (upper-cased except e-mail); the country is its id, 0 for none. */
export interface PartyFields {
  name: string;
  company: string;
  country_id: number;
  address: string;
  address_2: string;
  address_3: string;
  postal_code: string;
  city: string;
  state: string;
  email: string;
  phone: string;
  /** Sender only: the address book requires an NTN for a saved sender. */
  ntn: string;
  cnic: string;
}
export type PartyTextField = Exclude<keyof PartyFields, "country_id">;

export interface PartyState extends PartyFields {
  mode: PartyMode;
  /** The address-book record the fields came from (chosen or just saved), else null. */
  id: number | null;
  /** The spec's existing-contact flag. */
  key: boolean;
  vatId: string;
}

/** A packaging line as typed; weights are worked out from it (packageWeights). */
export interface PackageLine {
  name: string;
  weight: string;
  length: string;
  width: string;
  height: string;
}
export type PackageField = Exclude<keyof PackageLine, "name">;

/** An item row of a Pack shipment as typed. */
export interface ItemLine {
  desc: string;
  code: string;
  quantity: string;
  uom_id: number | "";
  currency_id: number | "";
  value: string;
  country_id: number;
}

export type YesNo = 0 | 1;
export const WIZARD_STEPS = ["Select Sender", "Select Receiver", "Select Package"] as const;
export type WizardStep = 0 | 1 | 2;

export interface WizardState {
  step: WizardStep;
  sender: PartyState;
  receiver: PartyState;
  /** Staff only: the approved customer the shipment is booked for. */
  customerId: number | null;
  /** What the number-of-packages box shows while it is being typed; the rows follow valid counts. */
  packageCount: string;
  packages: PackageLine[];
  serviceType: number | "";
  /** DHL or UPS (VAT paid), for service 11. */
  type2: "" | "DHL" | "UPS";
  invoiceType: YesNo;
  shipmentType: ShipmentType;
  description: string;
  purpose: number;
  lines: ItemLine[];
  taxType: number | "";
  deliveryDate: string;
  /** "" until chosen. */
  instrument: YesNo | "";
  instrumentNo: string;
  instrumentBank: string;
  rebate: YesNo;
  sro: string;
  /** Staff may enter the charge (PKR) once the server has said no rate covers the shipment. */
  noRate: boolean;
  amount: string;
}

const blankParty = (): PartyState => ({
  mode: PARTY_MODE.new,
  id: null,
  key: false,
  vatId: DEFAULT_VAT_ID,
  name: "",
  company: "",
  country_id: 0,
  address: "",
  address_2: "",
  address_3: "",
  postal_code: "",
  city: "",
  state: "",
  email: "",
  phone: "",
  ntn: "",
  cnic: "",
});

export const blankPackage = (): PackageLine => ({ name: "BOX 1", weight: "", length: "", width: "", height: "" });

export const blankItem = (currencyId: number | "" = SHIPMENT_DEFAULTS.currencyId): ItemLine => ({
  desc: "",
  code: "",
  quantity: "",
  uom_id: SHIPMENT_DEFAULTS.uomId,
  currency_id: currencyId,
  value: "",
  country_id: 0,
});

export function initialWizard(): WizardState {
  return {
    step: 0,
    sender: blankParty(),
    receiver: blankParty(),
    customerId: null,
    packageCount: "1",
    packages: [blankPackage()],
    serviceType: "",
    type2: "",
    invoiceType: SHIPMENT_DEFAULTS.invoiceType,
    shipmentType: SHIPMENT_DEFAULTS.shipmentType,
    description: "",
    purpose: 0,
    lines: [],
    taxType: "",
    deliveryDate: "",
    instrument: "",
    instrumentNo: "",
    instrumentBank: "",
    rebate: SHIPMENT_DEFAULTS.rebate,
    sro: "",
    noRate: false,
    amount: "",
  };
}

/** The plain top-level values a single input sets. */
type Scalar = Pick<
  WizardState,
  | "customerId"
  | "serviceType"
  | "type2"
  | "invoiceType"
  | "description"
  | "purpose"
  | "taxType"
  | "deliveryDate"
  | "instrument"
  | "instrumentNo"
  | "instrumentBank"
  | "rebate"
  | "sro"
  | "amount"
>;

export type WizardAction =
  | { type: "reset" }
  | { type: "step"; step: WizardStep }
  | { type: "set"; values: Partial<Scalar> }
  | { type: "partyMode"; side: PartySide; mode: PartyMode }
  | { type: "partyField"; side: PartySide; field: PartyTextField; value: string }
  | { type: "partyName"; side: PartySide; value: string }
  | { type: "partyCountry"; side: PartySide; countryId: number }
  | { type: "partyContact"; side: PartySide; id: number; fields: PartyFields; vat: string | null }
  | { type: "partySaved"; side: PartySide; id: number }
  | { type: "packageCount"; value: string }
  | { type: "packageField"; index: number; field: PackageField; value: string }
  | { type: "packageBlur"; index: number; field: PackageField }
  | { type: "shipmentType"; value: ShipmentType }
  | { type: "lineField"; index: number; values: Partial<ItemLine> }
  | { type: "addLine" }
  | { type: "removeLine"; index: number }
  | { type: "noRate" };

const upper = (value: string) => value.toUpperCase();

/** A typed edit makes the fields differ from the address book: the record link and contact flag go. */
const edited = (party: PartyState, change: Partial<PartyState>): PartyState => ({
  ...party,
  ...change,
  id: null,
  key: false,
});

function partyReducer(party: PartyState, action: WizardAction): PartyState {
  switch (action.type) {
    case "partyMode":
      // Switching the selector starts the party afresh: a New party is typed, a contact is chosen.
      return { ...blankParty(), mode: action.mode };
    case "partyField":
      return edited(party, { [action.field]: action.field === "email" ? action.value : upper(action.value) });
    case "partyName":
      // The spec: typing a name by hand clears the other fields and the existing-contact flag.
      return { ...blankParty(), mode: party.mode, name: upper(action.value) };
    case "partyCountry":
      // Changing the country clears the phone (its rule depends on the country).
      return edited(party, { country_id: action.countryId, phone: "" });
    case "partyContact":
      return {
        ...party,
        ...action.fields,
        id: action.id,
        key: true,
        vatId: action.vat || DEFAULT_VAT_ID,
      };
    case "partySaved":
      return { ...party, id: action.id, key: true };
    default:
      return party;
  }
}

/** Keeps a package cell as typed, except that a size or weight of 0 or less becomes 0.1 once left. */
function normalizedCell(value: string): string {
  if (value.trim() === "") return value;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? value : "0.1";
}

/** What the charge depends on: service, type, parties' countries and packages. */
const RATE_INPUTS = new Set<WizardAction["type"]>([
  "partyMode",
  "partyName",
  "partyCountry",
  "partyContact",
  "packageCount",
  "packageField",
  "packageBlur",
  "shipmentType",
]);
const changesRate = (action: WizardAction): boolean =>
  RATE_INPUTS.has(action.type) ||
  (action.type === "set" && ("serviceType" in action.values || "type2" in action.values));

/**
 * The wizard's state. Once the server has said no rate covers the shipment, the manual amount
 * applies to that shipment only: changing what the charge depends on asks the rate sheets again.
 */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  const next = reduce(state, action);
  return changesRate(action) && next.noRate ? { ...next, noRate: false, amount: "" } : next;
}

function reduce(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "reset":
      return initialWizard();
    case "step":
      return { ...state, step: action.step };
    case "set":
      return { ...state, ...action.values };
    case "partyMode":
    case "partyField":
    case "partyName":
    case "partyCountry":
    case "partyContact":
    case "partySaved": {
      const side = action.side;
      return { ...state, [side]: partyReducer(state[side], action) };
    }
    case "packageCount": {
      const count = Number(action.value);
      const valid = action.value.trim() !== "" && Number.isInteger(count) && count >= 1 && count <= 200;
      return {
        ...state,
        packageCount: action.value,
        packages: valid ? resizePackages(state.packages, count, blankPackage) : state.packages,
      };
    }
    case "packageField":
      return {
        ...state,
        packages: state.packages.map((row, index) =>
          index === action.index ? { ...row, [action.field]: action.value } : row,
        ),
      };
    case "packageBlur":
      return {
        ...state,
        packageCount: String(state.packages.length),
        packages: state.packages.map((row, index) =>
          index === action.index ? { ...row, [action.field]: normalizedCell(row[action.field]) } : row,
        ),
      };
    case "shipmentType":
      // Choosing Pack with no item rows adds an empty one.
      return {
        ...state,
        shipmentType: action.value,
        lines: action.value === "Pack" && state.lines.length === 0 ? [blankItem()] : state.lines,
      };
    case "lineField":
      return { ...state, lines: editLine(state.lines, action.index, action.values) };
    case "addLine":
      return {
        ...state,
        lines: [...state.lines, blankItem(state.lines[0]?.currency_id ?? SHIPMENT_DEFAULTS.currencyId)],
      };
    case "removeLine":
      return state.lines.length > 1
        ? { ...state, lines: state.lines.filter((_, index) => index !== action.index) }
        : state;
    case "noRate":
      return { ...state, noRate: true };
  }
}

/** Edits one item row; the currency is chosen on the first row only and copied to every row. */
function editLine(lines: readonly ItemLine[], at: number, values: Partial<ItemLine>): ItemLine[] {
  const { currency_id, ...rest } = values;
  const typed = { ...rest, ...(rest.desc !== undefined ? { desc: upper(rest.desc) } : {}) };
  const coded = typed.code !== undefined ? { ...typed, code: upper(typed.code) } : typed;
  return lines.map((line, index) => ({
    ...line,
    ...(index === at ? coded : {}),
    ...(currency_id !== undefined && at === 0 ? { currency_id } : {}),
  }));
}
