import { z } from "zod";
import { idSchema, MAX_ID } from "./input";
import type { OrderType } from "./pricing";

/** Setting > Restaurant: the outlet's POS settings, its counters and its printers (design D15, 4.5). */
export const OUTLET_MESSAGES = {
  serviceCharge: "The service charge is from 0 to 100% (basis points 0 to 10000)",
  serviceChargeTypes: "Choose the order types the service charge applies to (dine-in 1, take-away 2, delivery 4)",
  cashRounding: "Cash rounding is none, 1, 5 or 10 rupees",
  dayCutoff: "Enter the business-day cut-off as HH:MM (00:00 to 23:59)",
  maxDiscount: "The discount without approval is from 0 to 100% (basis points 0 to 10000)",
  saved: "Outlet settings saved successfully",
  counterCode: "Enter a counter code of letters and digits, e.g. A01",
  counterName: "Please enter the counter name",
  counterCodeTaken: "This counter code is already used in this outlet",
  cashAccount: "Choose a cash account, or create one",
  cashAccountNotInGroup: "The counter's cash account must be a level-4 account under the cash group",
  cashAccountTaken: "An account with this counter's cash account name is already under the cash group",
  noCashGroup: "Set the Cash Group in Accounts Integration first",
  printerMissing: "This printer does not exist",
  counterAdded: "Counter added successfully",
  counterUpdated: "Counter updated successfully",
  counterDeleted: "Counter deleted successfully",
  counterNotFound: "Counter not found",
  printerName: "Please enter the printer name",
  printerNameTaken: "A printer with this name already exists",
  printerHost: "A network printer needs its host name or IP address",
  printerPort: "The port is from 1 to 65535",
  printerAdded: "Printer added successfully",
  printerUpdated: "Printer updated successfully",
  printerDeleted: "Printer deleted successfully",
  printerNotFound: "Printer not found",
  printerInUse: "This printer is used by a counter or a kitchen station: choose another printer there first",
  printerSent: "The test page was sent to the printer",
  printerBrowser: "This is a browser printer: the browser prints the test page from the screen",
} as const;

/** A counter's default order type; service_charge_types is a mask of ORDER_TYPE_BITS (pricing.ts). */
export const ORDER_TYPES = ["take_away", "dine_in", "delivery"] as const satisfies readonly OrderType[];
export const CASH_ROUNDINGS = [0, 100, 500, 1000] as const;

const basisPoints = (message: string) => z.number({ message }).int(message).min(0, message).max(10_000, message);

/** Who must approve what at the POS (stored as jsonb; missing keys read as their defaults). */
export const supervisorRulesSchema = z.object({
  maxDiscountBpWithoutApproval: basisPoints(OUTLET_MESSAGES.maxDiscount).default(0),
  voidAfterFireNeedsSupervisor: z.boolean().default(true),
  refundNeedsSupervisor: z.boolean().default(true),
  priceOverrideNeedsSupervisor: z.boolean().default(true),
});
export type SupervisorRules = z.infer<typeof supervisorRulesSchema>;

export const outletSettingsSchema = z.object({
  taxInclusive: z.boolean(),
  serviceChargeBp: basisPoints(OUTLET_MESSAGES.serviceCharge),
  serviceChargeTypes: z
    .number({ message: OUTLET_MESSAGES.serviceChargeTypes })
    .int(OUTLET_MESSAGES.serviceChargeTypes)
    .min(0, OUTLET_MESSAGES.serviceChargeTypes)
    .max(7, OUTLET_MESSAGES.serviceChargeTypes),
  cashRoundingMinor: z
    .number({ message: OUTLET_MESSAGES.cashRounding })
    .refine((value) => (CASH_ROUNDINGS as readonly number[]).includes(value), OUTLET_MESSAGES.cashRounding),
  dayCutoff: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, OUTLET_MESSAGES.dayCutoff),
  kitchenNegativePolicy: z.enum(["block", "allow_flag"]),
  takeAwayFireOn: z.enum(["payment", "send"]),
  supervisorRules: supervisorRulesSchema,
  receiptHeader: z.string().trim().max(500),
  receiptFooter: z.string().trim().max(500),
});
export type OutletSettings = z.infer<typeof outletSettingsSchema>;
export const outletSettingsSavedSchema = z.object({ message: z.string(), data: outletSettingsSchema });

/** An id in a body: a positive whole number the database's integer keys can hold. */
const bodyId = (message?: string) => z.number({ message }).int(message).positive(message).max(MAX_ID, message);
const printerRef = bodyId().nullable();

export const counterInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,10}$/, OUTLET_MESSAGES.counterCode)
      .transform((code) => code.toUpperCase()),
    name: z.string().trim().min(1, OUTLET_MESSAGES.counterName).max(100, OUTLET_MESSAGES.counterName),
    /** A level-4 account under the cash group; null with createCashAccount makes "<CODE> CASH". */
    cashAccountId: bodyId().nullable(),
    createCashAccount: z.boolean().default(false),
    receiptPrinterId: printerRef,
    defaultOrderType: z.enum(ORDER_TYPES),
    active: z.boolean().default(true),
  })
  .refine((input) => input.createCashAccount || input.cashAccountId !== null, {
    path: ["cashAccountId"],
    message: OUTLET_MESSAGES.cashAccount,
  });
export type CounterInput = z.infer<typeof counterInputSchema>;

export const counterSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  cashAccountId: z.number().int(),
  cashAccountName: z.string(),
  receiptPrinterId: z.number().int().nullable(),
  defaultOrderType: z.enum(ORDER_TYPES),
  active: z.boolean(),
});
export type Counter = z.infer<typeof counterSchema>;
export const counterListSchema = z.object({ data: z.array(counterSchema) });
export const counterSavedSchema = z.object({ message: z.string(), data: counterSchema });

export const printerInputSchema = z
  .object({
    name: z.string().trim().min(1, OUTLET_MESSAGES.printerName).max(100, OUTLET_MESSAGES.printerName),
    kind: z.enum(["network_escpos", "browser"]),
    host: z.string().trim().max(255).default(""),
    port: z
      .number({ message: OUTLET_MESSAGES.printerPort })
      .int(OUTLET_MESSAGES.printerPort)
      .min(1, OUTLET_MESSAGES.printerPort)
      .max(65_535, OUTLET_MESSAGES.printerPort)
      .default(9100),
    /** Characters per line: 48 (80 mm, font A), 42 (some 80 mm models) or 32 (58 mm). */
    widthChars: z.union([z.literal(48), z.literal(42), z.literal(32)]).default(48),
    codepage: z.string().trim().min(1).max(20).default("cp437"),
    active: z.boolean().default(true),
  })
  .refine((input) => input.kind === "browser" || input.host !== "", {
    path: ["host"],
    message: OUTLET_MESSAGES.printerHost,
  });
export type PrinterInput = z.infer<typeof printerInputSchema>;

export const printerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(["network_escpos", "browser"]),
  host: z.string(),
  port: z.number().int(),
  widthChars: z.number().int(),
  codepage: z.string(),
  active: z.boolean(),
});
export type Printer = z.infer<typeof printerSchema>;
export const printerListSchema = z.object({ data: z.array(printerSchema) });
export const printerSavedSchema = z.object({ message: z.string(), data: printerSchema });

export const outletRecordIdParams = z.object({ id: idSchema() });

export const OUTLET_TABLE_MESSAGES = {
  taxName: "Please enter the tax class name",
  taxNameTaken: "A tax class with this name already exists",
  taxRate: "The rate is from 0 to 100% (basis points 0 to 10000)",
  taxAccount: "A tax class needs a level-4 tax payable account under LIABILITIES",
  methodRepeated: "Each payment method has at most one rate in a tax class",
  methodMissing: "This payment method does not exist",
  taxAdded: "Tax class added successfully",
  taxUpdated: "Tax class updated successfully",
  taxDeleted: "Tax class deleted successfully",
  taxNotFound: "Tax class not found",
  taxInUse: "Menu products use this tax class: deactivate it instead",
  methodName: "Please enter the payment method name",
  methodNameTaken: "A payment method with this name already exists",
  cashHasNoAccount: "A cash method has no account: each counter's cash account is used",
  methodAccount: "Choose the account this method is paid into",
  bankAccount: "A card or bank method's account must be a level-4 account under the bank group",
  noBankGroup: "Set the Bank Group in Accounts Integration first",
  methodAdded: "Payment method added successfully",
  methodUpdated: "Payment method updated successfully",
  methodDeleted: "Payment method deleted successfully",
  methodNotFound: "Payment method not found",
  methodInUse: "A tax class has a rate for this method: remove that rate first, or deactivate the method",
  stationName: "Please enter the station name",
  stationNameTaken: "A station with this name already exists in this outlet",
  minutes: "Minutes are a whole number from 1 to 240",
  alertAfterTarget: "The alert comes at or after the target time",
  stationAdded: "Kitchen station added successfully",
  stationUpdated: "Kitchen station updated successfully",
  stationDeleted: "Kitchen station deleted successfully",
  stationNotFound: "Kitchen station not found",
  stationInUse: "Menu categories or products are sent to this station: deactivate it instead",
} as const;

const rateBp = basisPoints(OUTLET_TABLE_MESSAGES.taxRate);

export const taxClassInputSchema = z.object({
  name: z.string().trim().min(1, OUTLET_TABLE_MESSAGES.taxName).max(100, OUTLET_TABLE_MESSAGES.taxName),
  rateBp,
  accountId: bodyId(OUTLET_TABLE_MESSAGES.taxAccount),
  /** A different rate when paid by these methods (the Punjab card rate, D16). */
  methodRates: z
    .array(z.object({ paymentMethodId: bodyId(), rateBp }))
    .max(50)
    .refine(
      (rates) => new Set(rates.map((rate) => rate.paymentMethodId)).size === rates.length,
      OUTLET_TABLE_MESSAGES.methodRepeated,
    )
    .default([]),
  active: z.boolean().default(true),
});
export type TaxClassInput = z.infer<typeof taxClassInputSchema>;
export const taxClassSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rateBp: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  methodRates: z.array(z.object({ paymentMethodId: z.number().int(), rateBp: z.number().int() })),
  active: z.boolean(),
});
export type TaxClass = z.infer<typeof taxClassSchema>;
export const taxClassListSchema = z.object({ data: z.array(taxClassSchema) });
export const taxClassSavedSchema = z.object({ message: z.string(), data: taxClassSchema });

export const PAYMENT_METHOD_KINDS = ["cash", "card", "bank", "wallet", "on_account"] as const;
export const paymentMethodInputSchema = z
  .object({
    name: z.string().trim().min(1, OUTLET_TABLE_MESSAGES.methodName).max(100, OUTLET_TABLE_MESSAGES.methodName),
    kind: z.enum(PAYMENT_METHOD_KINDS),
    accountId: bodyId().nullable(),
    opensDrawer: z.boolean().default(false),
    countedAtClose: z.boolean().default(true),
    sort: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .refine((input) => input.kind !== "cash" || input.accountId === null, {
    path: ["accountId"],
    message: OUTLET_TABLE_MESSAGES.cashHasNoAccount,
  });
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;
export const paymentMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  /** Null for cash, and for a seeded card method until its account is set. */
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  opensDrawer: z.boolean(),
  countedAtClose: z.boolean(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.object({ data: z.array(paymentMethodSchema) });
export const paymentMethodSavedSchema = z.object({ message: z.string(), data: paymentMethodSchema });

const minutes = z
  .number({ message: OUTLET_TABLE_MESSAGES.minutes })
  .int(OUTLET_TABLE_MESSAGES.minutes)
  .min(1, OUTLET_TABLE_MESSAGES.minutes)
  .max(240, OUTLET_TABLE_MESSAGES.minutes);
export const stationInputSchema = z
  .object({
    name: z.string().trim().min(1, OUTLET_TABLE_MESSAGES.stationName).max(100, OUTLET_TABLE_MESSAGES.stationName),
    printerId: printerRef,
    mode: z.enum(["display", "print", "both"]),
    targetMinutes: minutes,
    alertMinutes: minutes,
    sort: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .refine((input) => input.alertMinutes >= input.targetMinutes, {
    path: ["alertMinutes"],
    message: OUTLET_TABLE_MESSAGES.alertAfterTarget,
  });
export type StationInput = z.infer<typeof stationInputSchema>;
export const stationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  printerId: z.number().int().nullable(),
  mode: z.enum(["display", "print", "both"]),
  targetMinutes: z.number().int(),
  alertMinutes: z.number().int(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type Station = z.infer<typeof stationSchema>;
export const stationListSchema = z.object({ data: z.array(stationSchema) });
export const stationSavedSchema = z.object({ message: z.string(), data: stationSchema });
