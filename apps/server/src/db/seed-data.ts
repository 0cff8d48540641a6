import { createRequire } from "node:module";
import countriesLib from "i18n-iso-countries";
import { getCountryCallingCode, isSupportedCountry } from "libphonenumber-js";

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require("i18n-iso-countries/langs/en.json"));

/** Every ISO 3166-1 country, from the maintained package; dial codes from libphonenumber's metadata. */
export function isoCountries(): { name: string; code: string; iso2: string; dialCode: string | null }[] {
  const names = countriesLib.getNames("en", { select: "official" });
  return Object.entries(names)
    .map(([iso2, name]) => ({
      name,
      code: countriesLib.alpha2ToNumeric(iso2) ?? "",
      iso2,
      dialCode: isSupportedCountry(iso2) ? `+${getCountryCallingCode(iso2)}` : null,
    }))
    .filter((country) => country.code !== "")
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Id 1 is the default unit of a shipment line. */
/** Units in id order (id 1 = PCS, the shipment lines' default); factors convert within a dimension only. */
export const UNITS = [
  { uomName: "PCS", symbol: "pcs", dimension: "count", factorToBase: "1" },
  { uomName: "KG", symbol: "kg", dimension: "mass", factorToBase: "1000" },
  { uomName: "SET", symbol: "set", dimension: "count", factorToBase: "1" },
  { uomName: "PAIR", symbol: "pair", dimension: "count", factorToBase: "2" },
  { uomName: "DOZEN", symbol: "doz", dimension: "count", factorToBase: "12" },
  { uomName: "BOX", symbol: "box", dimension: "count", factorToBase: "1" },
  { uomName: "METER", symbol: "m", dimension: "length", factorToBase: "1" },
  { uomName: "LITRE", symbol: "L", dimension: "volume", factorToBase: "1000" },
  { uomName: "GRAM", symbol: "g", dimension: "mass", factorToBase: "1" },
  { uomName: "ROLL", symbol: "roll", dimension: "count", factorToBase: "1" },
  { uomName: "MILLILITRE", symbol: "ml", dimension: "volume", factorToBase: "1" },
] as const;

/** The outlet every install starts with, and its two stock locations (design D1, D15). */
export const FIRST_OUTLET = { id: 1, name: "MAIN OUTLET" };
export const FIRST_LOCATIONS = [
  { id: 1, outletId: 1, code: "STORE", name: "Store", kind: "store" },
  { id: 2, outletId: 1, code: "KITCHEN", name: "Kitchen", kind: "kitchen", allowNegative: true },
];

/** Id 5 is USD, the spec's default currency. Rates are to the Pakistani rupee, editable by staff. */
export const CURRENCIES = [
  { id: 1, name: "PAKISTANI RUPEE", sign: "Rs", code: "PKR", rate: "1" },
  { id: 2, name: "EURO", sign: "€", code: "EUR", rate: "300" },
  { id: 3, name: "POUND STERLING", sign: "£", code: "GBP", rate: "355" },
  { id: 4, name: "UAE DIRHAM", sign: "AED", code: "AED", rate: "76" },
  { id: 5, name: "US DOLLAR", sign: "$", code: "USD", rate: "280" },
  { id: 6, name: "SAUDI RIYAL", sign: "SAR", code: "SAR", rate: "74.5" },
  { id: 7, name: "CHINESE YUAN", sign: "¥", code: "CNY", rate: "39" },
  { id: 8, name: "CANADIAN DOLLAR", sign: "C$", code: "CAD", rate: "205" },
  { id: 9, name: "AUSTRALIAN DOLLAR", sign: "A$", code: "AUD", rate: "185" },
];

export const SHIPMENT_PURPOSES = [
  "GIFT",
  "SAMPLE",
  "COMMERCIAL",
  "PERSONAL EFFECTS",
  "RETURNED GOODS",
  "REPAIR AND RETURN",
];

export const TAX_PAYERS = ["SENDER (DDP)", "RECEIVER (DDU)"];

/** Ids matter: 11 is the UK DHL/UPS (VAT paid) service and 16 the zip-code based one. */
export const SERVICE_TYPES = [
  "DHL EXPRESS",
  "FEDEX INTERNATIONAL PRIORITY",
  "UPS EXPRESS SAVER",
  "ARAMEX PRIORITY",
  "TNT EXPRESS",
  "SKYNET WORLDWIDE",
  "DPD CLASSIC",
  "EMIRATES POST EMS",
  "SF EXPRESS",
  "AIR CARGO",
  "UK DHL/UPS (VAT PAID)",
  "EUROPE ROAD FREIGHT",
  "GCC ECONOMY",
  "USA EXPRESS",
  "CANADA EXPRESS",
  "USA ZONE (ZIP CODE)",
];

export const COMPLAINT_STATUSES = ["OPEN", "IN PROGRESS", "RESOLVED", "CLOSED"];

export const SHIPMENT_STATUSES = [
  "BOOKED",
  "PICKED UP",
  "ARRIVED AT ORIGIN FACILITY",
  "DEPARTED ORIGIN FACILITY",
  "IN TRANSIT",
  "ARRIVED AT DESTINATION FACILITY",
  "CUSTOMS CLEARANCE",
  "OUT FOR DELIVERY",
  "DELIVERED",
  "RETURNED TO SENDER",
  "ON HOLD",
];

/** Level 1 of the chart of accounts: the five classes. */
export const ACCOUNT_CLASSES = ["ASSETS", "LIABILITIES", "EQUITY", "REVENUE", "EXPENSES"];
