import { z } from "zod";
import { idSchema } from "./input";
import { listQuerySchema } from "./master-data";
import { moneyAmount, parseScaled } from "./money";
import { qtyField } from "./stock";

/**
 * Master Control > Product: menu products and their size x flavour variants (design:
 * restaurant-pos-inventory.md, D5, 4.4 and 5.2 items 21 and 23). Prices are major units on the wire,
 * minor units in the database; a direct-tracked variant's store quantity is micro-units of stock.
 */
export const PRODUCT_MESSAGES = {
  code: "Code has letters, digits and . _ / - (at most 30)",
  name: "Please enter the product name",
  category: "Please choose the category",
  categoryMissing: "No such category",
  description: "The description is at most 500 characters",
  taxClass: "No such tax class",
  station: "No such kitchen station",
  prepMinutes: "Preparation time is whole minutes from 0 to 600",
  track: "Stock tracking is recipe, direct or none",
  orderTypes: "Choose at least one order type",
  size: "No such size",
  flavour: "No such flavour",
  price: "Price is 0 or more, with at most 2 decimals",
  barcode: "The barcode has at most 48 letters, digits or signs, without spaces",
  barcodeRepeated: "This barcode is given to another variant of this product",
  barcodeTaken: "This barcode is already used by another product variant or store product",
  variantRepeated: "This size and flavour are already in the grid",
  variantOption: "Each variant's size and flavour must be among the chosen sizes and flavours",
  oneActive: "Keep at least one active variant",
  directProduct: "Choose the store product this variant takes from stock",
  directProductMissing: "No such store product",
  directQty: "Enter the store quantity this variant takes (more than 0)",
  recipeFirst: "Add a recipe first for: ",
  nameTaken: "A product with this name already exists",
  codeTaken: "A product with this code already exists",
  added: "Product added successfully",
  updated: "Product updated successfully",
  soldOut: "Product marked sold out",
  backOn: "Product is back on sale",
  notFound: "No such product",
  image: "Not an uploaded image: upload a .jpg, .jpeg or .png image",
} as const;

export const PRODUCT_TRACKING = ["recipe", "direct", "none"] as const;
export type ProductTracking = (typeof PRODUCT_TRACKING)[number];

const CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,29}$/;
const BARCODE = /^[\x21-\x7E]{1,48}$/;
const IMAGE = /^img_[a-f0-9]{32}\.(png|jpg)$/;

const optionalId = (message: string) =>
  idSchema(message)
    .nullish()
    .transform((value) => value ?? null);

export const productVariantInputSchema = z.object({
  sizeId: optionalId(PRODUCT_MESSAGES.size),
  flavourId: optionalId(PRODUCT_MESSAGES.flavour),
  price: moneyAmount(PRODUCT_MESSAGES.price, 0),
  barcode: z
    .string({ error: PRODUCT_MESSAGES.barcode })
    .trim()
    .refine((value) => value === "" || BARCODE.test(value), PRODUCT_MESSAGES.barcode)
    .nullish()
    .transform((value) => value || null),
  active: z.boolean().default(true),
  directStoreProductId: optionalId(PRODUCT_MESSAGES.directProductMissing),
  directQty: qtyField(PRODUCT_MESSAGES.directQty)
    .nullish()
    .transform((value) => value ?? null),
});
export type ProductVariantInput = z.output<typeof productVariantInputSchema>;

export const productInputSchema = z
  .object({
    /** Blank: the next P-0001 style code. */
    code: z
      .string({ error: PRODUCT_MESSAGES.code })
      .trim()
      .refine((value) => value === "" || CODE.test(value), PRODUCT_MESSAGES.code)
      .nullish()
      .transform((value) => (value ? value.toUpperCase() : null)),
    name: z
      .string({ error: PRODUCT_MESSAGES.name })
      .trim()
      .min(1, PRODUCT_MESSAGES.name)
      .max(100, PRODUCT_MESSAGES.name),
    categoryId: idSchema(PRODUCT_MESSAGES.category),
    description: z
      .string({ error: PRODUCT_MESSAGES.description })
      .trim()
      .max(500, PRODUCT_MESSAGES.description)
      .default(""),
    /** An image uploaded through POST /api/upload_files (its answer's path), or none. */
    imagePath: z
      .string({ error: PRODUCT_MESSAGES.image })
      .trim()
      .refine((value) => value === "" || IMAGE.test(value), PRODUCT_MESSAGES.image)
      .nullish()
      .transform((value) => value || null),
    taxClassId: optionalId(PRODUCT_MESSAGES.taxClass),
    stationId: optionalId(PRODUCT_MESSAGES.station),
    prepMinutes: z
      .number({ error: PRODUCT_MESSAGES.prepMinutes })
      .int(PRODUCT_MESSAGES.prepMinutes)
      .min(0, PRODUCT_MESSAGES.prepMinutes)
      .max(600, PRODUCT_MESSAGES.prepMinutes)
      .default(0),
    track: z.enum(PRODUCT_TRACKING, { error: PRODUCT_MESSAGES.track }),
    orderTypes: z
      .number({ error: PRODUCT_MESSAGES.orderTypes })
      .int(PRODUCT_MESSAGES.orderTypes)
      .min(1, PRODUCT_MESSAGES.orderTypes)
      .max(7, PRODUCT_MESSAGES.orderTypes)
      .default(7),
    availableInPos: z.boolean().default(false),
    active: z.boolean().default(true),
    sizeIds: z.array(idSchema(PRODUCT_MESSAGES.size), { error: PRODUCT_MESSAGES.size }).max(50).default([]),
    flavourIds: z.array(idSchema(PRODUCT_MESSAGES.flavour), { error: PRODUCT_MESSAGES.flavour }).max(50).default([]),
    variants: z
      .array(productVariantInputSchema, { error: PRODUCT_MESSAGES.oneActive })
      .min(1, PRODUCT_MESSAGES.oneActive)
      .max(500),
  })
  .superRefine((input, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const cells = new Set<string>();
    const barcodes = new Set<string>();
    input.variants.forEach((variant, index) => {
      const cell = `${variant.sizeId ?? 0}x${variant.flavourId ?? 0}`;
      if (cells.has(cell)) issue(["variants", index], PRODUCT_MESSAGES.variantRepeated);
      cells.add(cell);
      const sizeOk = variant.sizeId === null ? input.sizeIds.length === 0 : input.sizeIds.includes(variant.sizeId);
      const flavourOk =
        variant.flavourId === null ? input.flavourIds.length === 0 : input.flavourIds.includes(variant.flavourId);
      if (!sizeOk || !flavourOk) issue(["variants", index], PRODUCT_MESSAGES.variantOption);
      if (variant.barcode) {
        if (barcodes.has(variant.barcode)) issue(["variants", index, "barcode"], PRODUCT_MESSAGES.barcodeRepeated);
        barcodes.add(variant.barcode);
      }
      if (input.track === "direct" && variant.active) {
        if (variant.directStoreProductId === null)
          issue(["variants", index, "directStoreProductId"], PRODUCT_MESSAGES.directProduct);
        if (variant.directQty === null) issue(["variants", index, "directQty"], PRODUCT_MESSAGES.directQty);
      }
    });
    if (!input.variants.some((variant) => variant.active)) issue(["variants"], PRODUCT_MESSAGES.oneActive);
  });
export type ProductInput = z.output<typeof productInputSchema>;
export type ProductForm = z.input<typeof productInputSchema>;

export const productVariantSchema = z.object({
  id: z.number().int(),
  sizeId: z.number().int().nullable(),
  sizeName: z.string().nullable(),
  flavourId: z.number().int().nullable(),
  flavourName: z.string().nullable(),
  /** "Zinger Burger L Spicy": the product's name with the size and flavour. */
  label: z.string(),
  price: z.number(),
  barcode: z.string().nullable(),
  active: z.boolean(),
  directStoreProductId: z.number().int().nullable(),
  directQty: z.number().nullable(),
  hasRecipe: z.boolean(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  taxClassId: z.number().int().nullable(),
  stationId: z.number().int().nullable(),
  prepMinutes: z.number().int(),
  track: z.enum(PRODUCT_TRACKING),
  orderTypes: z.number().int(),
  availableInPos: z.boolean(),
  soldOut: z.boolean(),
  active: z.boolean(),
  sizeIds: z.array(z.number().int()),
  flavourIds: z.array(z.number().int()),
  variants: z.array(productVariantSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productSavedSchema = z.object({ message: z.string(), data: productSchema });

export const PRODUCT_STATES = ["available", "sold out", "no recipe", "inactive"] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

const FOOD_COST_ABOVE = "foodCostAbove is a percentage from 0 to 1000 with at most 2 decimals";

export const productListQuerySchema = listQuerySchema.extend({
  categoryId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** Only recipe-tracked products with an active variant lacking an active recipe. */
  missingRecipe: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true" || value === "1")),
  /** Only products with a variant whose recipe cost is above this percentage of its price (at most 2 decimals). */
  foodCostAbove: z.coerce
    .number({ error: FOOD_COST_ABOVE })
    .refine((value) => {
      const bp = parseScaled(value, 2);
      return bp !== null && bp >= 0n && bp <= 100_000n;
    }, FOOD_COST_ABOVE)
    .optional(),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const productRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  imagePath: z.string().nullable(),
  /** The product's kitchen station, else its category's (null: none). */
  stationName: z.string().nullable(),
  track: z.enum(PRODUCT_TRACKING),
  /** Active variants. */
  variantCount: z.number().int(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  availableInPos: z.boolean(),
  soldOut: z.boolean(),
  active: z.boolean(),
  /** Active variants of a recipe-tracked product that have no active recipe. */
  missingRecipes: z.number().int(),
  state: z.enum(PRODUCT_STATES),
  /** Recipe cost per portion of the active variants with a recipe, at the current Kitchen average (null: none has one). */
  minCost: z.number().nullable(),
  maxCost: z.number().nullable(),
  /** The highest food-cost % among those variants (cost / price), null without a recipe or a price. */
  foodCostPercent: z.number().nullable(),
});
export type ProductRow = z.infer<typeof productRowSchema>;

export const productPageSchema = z.object({
  data: z.array(productRowSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

export const productSoldOutSchema = z.object({ soldOut: z.boolean({ error: "soldOut is true or false" }) });

export const productIdParams = z.object({ id: idSchema() });

/**
 * A product's state on the list: inactive first, then no recipe (recipe-tracked with an active
 * variant lacking one), then sold out, else available.
 */
export function productState(row: {
  active: boolean;
  track: ProductTracking;
  missingRecipes: number;
  soldOut: boolean;
}) {
  if (!row.active) return "inactive" satisfies ProductState;
  if (row.track === "recipe" && row.missingRecipes > 0) return "no recipe" satisfies ProductState;
  if (row.soldOut) return "sold out" satisfies ProductState;
  return "available" satisfies ProductState;
}
