import { z } from "zod";
import { tableUploadQuerySchema } from "./floor";

/**
 * Master Control > Product > Product Upload (design 5.2 item 22): one row per variant, rows grouped
 * by product code (or by name when the code is blank). Categories, sizes, flavours, tax classes,
 * stations and store products are named, and must already exist. All or nothing.
 */
export const PRODUCT_UPLOAD_COLUMNS = [
  "product code",
  "product name",
  "category",
  "size",
  "flavour",
  "price",
  "barcode",
  "tax class",
  "station",
  "tracking",
  "store product",
  "store quantity",
] as const;
export type ProductUploadColumn = (typeof PRODUCT_UPLOAD_COLUMNS)[number];
/** Columns the header row must have. */
export const PRODUCT_UPLOAD_REQUIRED = ["product name", "category", "price"] as const;
/** The most rows (variants) one product upload may hold. */
export const PRODUCT_UPLOAD_ROWS = 2000;

export const PRODUCT_UPLOAD_MESSAGES = {
  unknownCategory: (name: string) => `No category named "${name}"`,
  ambiguousCategory: (name: string) => `Several categories are named "${name}": write it as Parent > ${name}`,
  unknownSize: (name: string) => `No size named "${name}"`,
  unknownFlavour: (name: string) => `No flavour named "${name}"`,
  unknownTaxClass: (name: string) => `No tax class named "${name}"`,
  unknownStation: (name: string) => `No kitchen station named "${name}"`,
  unknownStoreProduct: (name: string) => `No store product with the code or name "${name}"`,
  differs: (column: string, row: number) => `The ${column} differs from row ${row} of the same product code`,
  nameRepeated: "This product name is also in the file under another product code",
  barcodeRepeated: "This barcode is repeated in the file",
  price: "Price is a number, 0 or more, with at most 2 decimals",
  quantity: "Store quantity is a number more than 0",
  tooManyRows: `A file holds at most ${PRODUCT_UPLOAD_ROWS} rows`,
  saved: (products: number, variants: number) => `Saved: ${products} product(s) with ${variants} variant(s) created`,
} as const;

export const productUploadQuerySchema = tableUploadQuerySchema;

/** The dry run: every row of the file with its errors (none anywhere: the file can be saved). */
export const productUploadCheckSchema = z.object({
  rows: z.array(
    z.object({
      row: z.number().int(),
      code: z.string(),
      name: z.string(),
      size: z.string(),
      flavour: z.string(),
      price: z.string(),
      errors: z.array(z.object({ column: z.string(), message: z.string() })),
    }),
  ),
});
export type ProductUploadCheck = z.infer<typeof productUploadCheckSchema>;

export const productUploadedSchema = z.object({
  message: z.string(),
  products: z.number().int(),
  variants: z.number().int(),
});

/** What Product Add picks from beside the menu lists: tax classes and kitchen stations. */
export const productLookupsSchema = z.object({
  taxClasses: z.array(z.object({ id: z.number().int(), name: z.string(), rateBp: z.number().int() })),
  stations: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProductLookups = z.infer<typeof productLookupsSchema>;

/** Store products a direct-tracked variant may take from stock, found by code or name. */
export const productStoreOptionsQuerySchema = z.object({
  search: z.string().trim().max(100).default(""),
  /** "3,17": these store products whatever the search (the ones a product already uses). */
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, "ids is a comma-separated list of at most 50 ids")
    .optional()
    .transform((value) => (value ? value.split(",").map(Number) : [])),
});
export const productStoreOptionsSchema = z.array(
  z.object({ id: z.number().int(), code: z.string(), name: z.string(), unit: z.string() }),
);
export type ProductStoreOption = z.infer<typeof productStoreOptionsSchema>[number];
