import { DEFAULT_VAT_ID, SHIPMENT_DEFAULTS, type ShipmentType } from "@cargodesk/shared";

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

export const blankParty = (): PartyState => ({
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
  | { type: "insertLine"; index: number; line: ItemLine }
  | { type: "noRate" };
