import { z } from "zod";
import { idSchema } from "./input";
import { listQuerySchema } from "./master-data";
import { moneyAmount } from "./money";
import { MAX_QTY_MICRO, parseQtyMicro, qtyField } from "./stock";

/** The most rows one store product upload may hold. */
export const STORE_PRODUCT_UPLOAD_ROWS = 5000;

export const STORE_PRODUCT_MESSAGES = {
  code: "Code has letters, digits and . _ / - (at most 30)",
  codeTaken: "A store product with this code already exists",
  name: "Please enter the product name (at most 100 characters)",
  nameTaken: "A store product with this name already exists",
  group: "The group has at most 60 characters",
  stockUom: "Please choose the stock unit",
  purchaseUom: "Please choose the purchase unit",
  unitUnknown: "No such unit",
  purchaseFactor: "Factor must be a number above 0 with at most 6 decimals",
  factorWithoutUnit: "Choose the purchase unit this factor is for",
  factorNeeded: "This unit does not convert to the stock unit: give how many stock units one holds",
  sameUnitFactor: "The purchase unit is the stock unit: its factor can only be 1",
  level: "Must be a number 0 or more with at most 6 decimals",
  barcode: "The barcode has at most 48 letters, digits or signs, without spaces",
  barcodeTaken: "This barcode is already used by another store product",
  openingQty: "Opening quantity must be a number above 0 with at most 6 decimals",
  openingCost: "Opening unit cost must be a number 0 or more with at most 2 decimals",
  openingCostNeeded: "Give the opening unit cost with the opening quantity",
  openingQtyNeeded: "Give the opening quantity with the opening unit cost",
  openingHasMoves: "An opening quantity is accepted only for a product with no stock moves",
  stockUomLocked: "The stock unit cannot change once the product has stock moves",
  hasMoves: "The product has stock moves or store documents: deactivate it instead",
  notFound: "No such store product",
  added: "Store product added",
  updated: "Store product updated",
  deleted: "Store product deleted",
  inFile: (column: string, row: number) => `The same ${column} is on row ${row} of the file`,
  uploaded: (created: number, updated: number) => `Saved: ${created} store product(s) created, ${updated} updated`,
  tooManyRows: `The file has more than ${STORE_PRODUCT_UPLOAD_ROWS.toLocaleString("en-US")} rows (the limit); split it`,
} as const;
const M = STORE_PRODUCT_MESSAGES;

/** The columns of an upload file, in the template's order; `name` and `stock_uom` are required. */
export const STORE_PRODUCT_COLUMNS = [
  "code",
  "name",
  "group",
  "stock_uom",
  "purchase_uom",
  "purchase_factor",
  "reorder_level",
  "par_level",
  "barcode",
  "opening_qty",
  "opening_unit_cost",
] as const;
export type StoreProductColumn = (typeof STORE_PRODUCT_COLUMNS)[number];

/** The request field behind each upload column (a row's errors name the column, a form's the field). */
export const STORE_PRODUCT_FIELD_OF_COLUMN = {
  code: "code",
  name: "name",
  group: "group",
  stock_uom: "stockUomId",
  purchase_uom: "purchaseUomId",
  purchase_factor: "purchaseFactor",
  reorder_level: "reorderLevel",
  par_level: "parLevel",
  barcode: "barcode",
  opening_qty: "openingQty",
  opening_unit_cost: "openingUnitCost",
} as const satisfies Record<StoreProductColumn, string>;

const CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,29}$/;
const BARCODE = /^[\x21-\x7E]{1,48}$/;

/** Blank text is "not given" (null). */
const optionalText = (pattern: RegExp, message: string, upper = false) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === "" || pattern.test(value), message)
    .nullish()
    .transform((value) => (value ? (upper ? value.toUpperCase() : value) : null));

/** A stock level (reorder, par): 0 or more, in stock units, at most 6 decimals. */
export const levelField = (message: string = M.level) =>
  z.number({ error: message }).superRefine((value, ctx) => {
    const micro = parseQtyMicro(value);
    if (micro === null || micro < 0n || micro > MAX_QTY_MICRO) ctx.addIssue({ code: "custom", message });
  });

const productFields = {
  /** Blank: the next SP-00001 style code. */
  code: optionalText(CODE, M.code, true),
  name: z.string({ error: M.name }).trim().min(1, M.name).max(100, M.name),
  group: z.string({ error: M.group }).trim().max(60, M.group).default(""),
  stockUomId: idSchema(M.stockUom),
  purchaseUomId: idSchema(M.purchaseUom)
    .nullish()
    .transform((value) => value ?? null),
  /** Stock units in one purchase unit (a pack: carton = 24); blank when the units convert by dimension. */
  purchaseFactor: qtyField(M.purchaseFactor)
    .nullish()
    .transform((value) => value ?? null),
  reorderLevel: levelField().default(0),
  parLevel: levelField().default(0),
  barcode: optionalText(BARCODE, M.barcode),
};

interface FactorInput {
  stockUomId: number;
  purchaseUomId: number | null;
  purchaseFactor: number | null;
}

function factorRules(value: FactorInput, ctx: z.RefinementCtx) {
  if (value.purchaseFactor !== null && value.purchaseUomId === null)
    ctx.addIssue({ code: "custom", path: ["purchaseFactor"], message: M.factorWithoutUnit });
  if (value.purchaseUomId === value.stockUomId && value.purchaseFactor !== null && value.purchaseFactor !== 1)
    ctx.addIssue({ code: "custom", path: ["purchaseFactor"], message: M.sameUnitFactor });
}

/** Add one store product (the upload's row, as JSON); an opening quantity goes into the Store at its cost. */
export const storeProductCreateSchema = z
  .object({
    ...productFields,
    openingQty: qtyField(M.openingQty)
      .nullish()
      .transform((value) => value ?? null),
    openingUnitCost: moneyAmount(M.openingCost, 0)
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    factorRules(value, ctx);
    if (value.openingQty !== null && value.openingUnitCost === null)
      ctx.addIssue({ code: "custom", path: ["openingUnitCost"], message: M.openingCostNeeded });
    if (value.openingQty === null && value.openingUnitCost !== null)
      ctx.addIssue({ code: "custom", path: ["openingQty"], message: M.openingQtyNeeded });
  });
export type StoreProductCreate = z.output<typeof storeProductCreateSchema>;
export type StoreProductCreateInput = z.input<typeof storeProductCreateSchema>;

/** Change a store product (the list's Edit dialog); `active: false` hides it from new documents. */
export const storeProductUpdateSchema = z
  .object({ ...productFields, active: z.boolean().default(true) })
  .superRefine(factorRules);
export type StoreProductUpdate = z.output<typeof storeProductUpdateSchema>;
export type StoreProductUpdateInput = z.input<typeof storeProductUpdateSchema>;

/** "true"/"1" or "false"/"0" in a query string. */
const flagQuery = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "true" || value === "1"));

export const storeProductListQuerySchema = listQuerySchema.extend({
  group: z.string().trim().max(60).optional(),
  belowReorder: flagQuery,
  active: flagQuery,
});
export type StoreProductListQuery = z.input<typeof storeProductListQuerySchema>;

export const storeProductUploadQuerySchema = z.object({ dryRun: flagQuery });

/** A store product as the list shows it: quantities in stock units, money in major units. */
export const storeProductRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  group: z.string(),
  stockUomId: z.number().int(),
  stockUom: z.string(),
  purchaseUomId: z.number().int().nullable(),
  purchaseUom: z.string().nullable(),
  purchaseFactor: z.number().nullable(),
  barcode: z.string().nullable(),
  reorderLevel: z.number(),
  parLevel: z.number(),
  storeQty: z.number(),
  kitchenQty: z.number(),
  /** Value over quantity of every bin, per stock unit; null when nothing is on hand. */
  averageCost: z.number().nullable(),
  value: z.number(),
  /** A reorder level is set and the Store holds no more than it. */
  belowReorder: z.boolean(),
  active: z.boolean(),
  hasMoves: z.boolean(),
});
export type StoreProductRow = z.infer<typeof storeProductRowSchema>;

export const storeProductPageSchema = z.object({
  data: z.array(storeProductRowSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

export const storeProductSavedSchema = z.object({
  message: z.string(),
  data: storeProductRowSchema,
  /** The opening JV, when an opening quantity with a value was given. */
  voucherNo: z.string().nullable(),
});

export const storeProductGroupsSchema = z.array(z.string());

const rowIssueSchema = z.object({ column: z.string(), message: z.string() });

/** The dry run: every row of the file with what saving would do and its errors (none: it can be saved). */
export const storeProductCheckSchema = z.object({
  rows: z.array(
    z.object({
      row: z.number().int(),
      code: z.string(),
      name: z.string(),
      action: z.enum(["create", "update"]),
      errors: z.array(rowIssueSchema),
    }),
  ),
});
export type StoreProductCheck = z.infer<typeof storeProductCheckSchema>;

export const storeProductUploadedSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  /** The one opening JV of the file (null when no row had an opening value). */
  voucherNo: z.string().nullable(),
});
export type StoreProductUploaded = z.infer<typeof storeProductUploadedSchema>;
