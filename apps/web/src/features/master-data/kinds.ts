import { countrySchema, currencySchema, packageSchema, serviceSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import {
  type CountryRow,
  type CurrencyRow,
  countryRowSchema,
  currencyRowSchema,
  MASTER_PATHS,
  type PackageRow,
  packageRowSchema,
  type ServiceRow,
  serviceRowSchema,
} from "./api";
import { dialCode } from "./fields";
import type { InlineKind } from "./InlineEditTable";
import { MASTER_PERMISSIONS, MASTER_ROUTES } from "./paths";
import type { AddKind } from "./SimpleAddPage";

/**
 * The shared schemas check what the server checks, with the spec's messages. The forms hold every
 * value as typed text, so a number field reads its text through the shared number rule.
 */
const asNumber = (rule: z.ZodType<number>) =>
  z.string().transform((text, ctx) => {
    const parsed = rule.safeParse(text);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
    return z.NEVER;
  });

// ---- Countries ---------------------------------------------------------------------------------

type CountryForm = z.input<typeof countrySchema>;
const countryResolver = zodResolver(countrySchema);

/** ISO numeric codes are three digits: 4 is shown as 004. */
const numericCode = (code: string): string => (/^\d+$/.test(code) ? code.padStart(3, "0") : code);

export const COUNTRY_TABLE: InlineKind<CountryRow, CountryForm, z.output<typeof countrySchema>> = {
  path: MASTER_PATHS.country,
  rowSchema: countryRowSchema,
  label: "Countries",
  noun: "Country",
  singular: "country",
  plural: "countries",
  columns: [
    { key: "name", header: "Name", value: (row) => row.name, edit: { name: "name", mode: "upper", required: true } },
    {
      key: "code",
      header: "Numeric Code",
      value: (row) => numericCode(row.code),
      edit: { name: "code", mode: "digits", maxLength: 4, required: true },
    },
    { key: "iso2", header: "ISO Alpha-2", value: (row) => row.iso2 },
    { key: "dial", header: "Dial Code", value: (row) => dialCode(row.dial_code) },
  ],
  rowId: (row) => row.country_id,
  describe: (row) => `${row.name} (${numericCode(row.code)})`,
  toForm: (row) => ({ name: row.name, code: row.code }),
  resolver: countryResolver,
  permissions: MASTER_PERMISSIONS.country,
  addPath: MASTER_ROUTES.addCountry,
};

export const COUNTRY_ADD: AddKind<CountryRow, CountryForm, z.output<typeof countrySchema>> = {
  path: MASTER_PATHS.country,
  rowSchema: countryRowSchema,
  label: "Add Country",
  fields: [
    { name: "name", label: "Country Name", mode: "upper", maxLength: 100 },
    { name: "code", label: "Country Code", mode: "digits", maxLength: 4, hint: "The ISO numeric code, e.g. 586" },
  ],
  empty: { name: "", code: "" },
  resolver: countryResolver,
  permissions: MASTER_PERMISSIONS.country,
  listPath: MASTER_ROUTES.viewCountries,
  listLabel: "View Countries",
};

// ---- Packages ----------------------------------------------------------------------------------

const packageFormSchema = packageSchema.extend({
  weight: asNumber(packageSchema.shape.weight),
  length: asNumber(packageSchema.shape.length),
  width: asNumber(packageSchema.shape.width),
  height: asNumber(packageSchema.shape.height),
  quantity: asNumber(z.coerce.number().int().min(1, "Quantity must be at least 1")),
});
const packageAddSchema = packageFormSchema.omit({ quantity: true });
type PackageForm = z.input<typeof packageFormSchema>;
type PackageAddForm = z.input<typeof packageAddSchema>;

const measure = (value: number): string => String(Number(value.toFixed(3)));

export const PACKAGE_TABLE: InlineKind<PackageRow, PackageForm, z.output<typeof packageFormSchema>> = {
  path: MASTER_PATHS.package,
  rowSchema: packageRowSchema,
  label: "Packages",
  noun: "Package",
  singular: "package",
  plural: "packages",
  columns: [
    { key: "name", header: "Name", value: (row) => row.name, edit: { name: "name", mode: "upper", required: true } },
    {
      key: "weight",
      header: "Weight (kg)",
      align: "right",
      value: (row) => measure(row.weight),
      edit: { name: "weight", mode: "decimal", maxLength: 10, required: true },
    },
    {
      key: "length",
      header: "Length (cm)",
      align: "right",
      value: (row) => measure(row.length),
      edit: { name: "length", mode: "decimal", maxLength: 10, required: true },
    },
    {
      key: "width",
      header: "Width (cm)",
      align: "right",
      value: (row) => measure(row.width),
      edit: { name: "width", mode: "decimal", maxLength: 10, required: true },
    },
    {
      key: "height",
      header: "Height (cm)",
      align: "right",
      value: (row) => measure(row.height),
      edit: { name: "height", mode: "decimal", maxLength: 10, required: true },
    },
    {
      key: "quantity",
      header: "Quantity",
      align: "right",
      value: (row) => row.quantity ?? 1,
      edit: { name: "quantity", mode: "digits", maxLength: 6, required: true },
    },
  ],
  rowId: (row) => row.package_id,
  describe: (row) => `${row.name} (${measure(row.weight)} kg)`,
  toForm: (row) => ({
    name: row.name,
    weight: measure(row.weight),
    length: measure(row.length),
    width: measure(row.width),
    height: measure(row.height),
    quantity: String(row.quantity ?? 1),
  }),
  resolver: zodResolver(packageFormSchema),
  permissions: MASTER_PERMISSIONS.package,
  addPath: MASTER_ROUTES.addPackage,
};

export const PACKAGE_ADD: AddKind<PackageRow, PackageAddForm, z.output<typeof packageAddSchema>> = {
  path: MASTER_PATHS.package,
  rowSchema: packageRowSchema,
  label: "Add Package",
  fields: [
    { name: "name", label: "Package Name", mode: "upper", maxLength: 100 },
    { name: "weight", label: "Weight (kg)", mode: "decimal", maxLength: 10, hint: "At least 0.1 kg" },
    { name: "length", label: "Length (cm)", mode: "decimal", maxLength: 10, hint: "At least 1 cm" },
    { name: "width", label: "Width (cm)", mode: "decimal", maxLength: 10, hint: "At least 1 cm" },
    { name: "height", label: "Height (cm)", mode: "decimal", maxLength: 10, hint: "At least 1 cm" },
  ],
  empty: { name: "", weight: "", length: "", width: "", height: "" },
  resolver: zodResolver(packageAddSchema),
  permissions: MASTER_PERMISSIONS.package,
  listPath: MASTER_ROUTES.viewPackages,
  listLabel: "View Packages",
};

// ---- Services (cargo companies) ------------------------------------------------------------------

const serviceFormSchema = serviceSchema;
const serviceAddSchema = serviceSchema.pick({ name: true });
type ServiceForm = z.input<typeof serviceFormSchema>;
type ServiceAddForm = z.input<typeof serviceAddSchema>;

export const SERVICE_TABLE: InlineKind<ServiceRow, ServiceForm, z.output<typeof serviceFormSchema>> = {
  path: MASTER_PATHS.service,
  rowSchema: serviceRowSchema,
  label: "Services",
  noun: "Service",
  singular: "service",
  plural: "services",
  columns: [
    {
      key: "name",
      header: "Name",
      value: (row) => row.name,
      edit: { name: "name", mode: "upper", maxLength: 100, required: true },
    },
    {
      key: "code",
      header: "Code",
      value: (row) => row.code,
      edit: { name: "code", mode: "upper", maxLength: 30, required: false },
    },
  ],
  rowId: (row) => row.id,
  describe: (row) => (row.code ? `${row.name} (${row.code})` : row.name),
  toForm: (row) => ({ name: row.name, code: row.code ?? "" }),
  resolver: zodResolver(serviceFormSchema),
  permissions: MASTER_PERMISSIONS.service,
  addPath: MASTER_ROUTES.addService,
};

export const SERVICE_ADD: AddKind<ServiceRow, ServiceAddForm, z.output<typeof serviceAddSchema>> = {
  path: MASTER_PATHS.service,
  rowSchema: serviceRowSchema,
  label: "Add Service",
  fields: [{ name: "name", label: "Service Name", mode: "upper", maxLength: 100 }],
  empty: { name: "" },
  resolver: zodResolver(serviceAddSchema),
  permissions: MASTER_PERMISSIONS.service,
  listPath: MASTER_ROUTES.viewServices,
  listLabel: "View Services",
};

// ---- Currencies ----------------------------------------------------------------------------------

const currencyFormSchema = currencySchema.extend({ rate: asNumber(currencySchema.shape.rate) });
type CurrencyForm = z.input<typeof currencyFormSchema>;
type CurrencyOutput = z.output<typeof currencyFormSchema>;
const currencyResolver = zodResolver(currencyFormSchema);

const rateFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6, useGrouping: false });

export const CURRENCY_TABLE: InlineKind<CurrencyRow, CurrencyForm, CurrencyOutput> = {
  path: MASTER_PATHS.currency,
  rowSchema: currencyRowSchema,
  label: "Currencies",
  noun: "Currency",
  singular: "currency",
  plural: "currencies",
  columns: [
    {
      key: "name",
      header: "Name",
      value: (row) => row.name,
      edit: { name: "name", mode: "upper", maxLength: 100, required: true },
    },
    {
      key: "sign",
      header: "Sign",
      value: (row) => row.sign,
      // A sign is a symbol (Rs, C$, €): kept as typed.
      edit: { name: "sign", mode: "plain", maxLength: 10, required: true },
    },
    {
      key: "code",
      header: "Code",
      value: (row) => row.code,
      edit: { name: "code", mode: "upper", maxLength: 10, required: true },
    },
    {
      key: "rate",
      header: "Rate",
      align: "right",
      value: (row) => rateFormat.format(row.rate),
      edit: { name: "rate", mode: "decimal", maxLength: 16, required: true },
    },
  ],
  rowId: (row) => row.id,
  describe: (row) => `${row.name} (${row.code})`,
  toForm: (row) => ({ name: row.name, sign: row.sign ?? "", code: row.code, rate: rateFormat.format(row.rate) }),
  resolver: currencyResolver,
  permissions: MASTER_PERMISSIONS.currency,
  addPath: MASTER_ROUTES.addCurrency,
};

export const CURRENCY_ADD: AddKind<CurrencyRow, CurrencyForm, CurrencyOutput> = {
  path: MASTER_PATHS.currency,
  rowSchema: currencyRowSchema,
  label: "Add Currency",
  fields: [
    { name: "name", label: "Currency Name", mode: "upper", maxLength: 100 },
    { name: "code", label: "Currency Code", mode: "upper", maxLength: 10, hint: "e.g. USD" },
    { name: "sign", label: "Currency Sign", mode: "plain", maxLength: 10, hint: "e.g. $" },
    { name: "rate", label: "Rate", mode: "decimal", maxLength: 16, hint: "In Pakistani rupees" },
  ],
  empty: { name: "", code: "", sign: "", rate: "" },
  resolver: currencyResolver,
  permissions: MASTER_PERMISSIONS.currency,
  listPath: MASTER_ROUTES.viewCurrencies,
  listLabel: "View Currencies",
};
