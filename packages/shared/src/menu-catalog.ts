import { z } from "zod";
import { idSchema } from "./input";

/**
 * Master Control > Menu, Flavour and Size: the menu's categories (a tree of at most two levels, each
 * with its kitchen routing and optional revenue and COGS accounts) and the size and flavour lists
 * product variants are made of (design: restaurant-pos-inventory.md, 4.4 and 5.2 items 14-19).
 */
export const CATEGORY_MESSAGES = {
  name: "Please enter the category name (at least 2 characters)",
  sort: "Sort is a whole number from 0 to 9999",
  color: "Colour is a #RRGGBB value",
  parentMissing: "No such parent category",
  tooDeep: "Categories have at most 2 levels: the parent must be a top-level category",
  hasChildrenCannotMove: "A category with sub-categories stays at the top level",
  ownParent: "A category cannot be its own parent",
  station: "No such kitchen station",
  revenueAccount: "Must be a level 4 account under REVENUE",
  cogsAccount: "Must be a level 4 account under EXPENSES",
  added: "Category added successfully",
  updated: "Category updated successfully",
  deleted: "Category deleted successfully",
  sorted: "Category order saved",
  nameTaken: "A category with this name already exists under the same parent",
  hasProducts: "Products use this category; deactivate it instead",
  hasChildren: "This category has sub-categories; delete or move them first, or deactivate it",
  sortIds: "List every category of one parent once, in the new order",
  notFound: "No such category",
} as const;

export const OPTION_MESSAGES = {
  flavourName: "Please enter the flavour name",
  sizeName: "Please enter the size name",
  code: "The code is at most 10 letters or digits",
  sort: CATEGORY_MESSAGES.sort,
  flavourAdded: "Flavour added successfully",
  flavourUpdated: "Flavour updated successfully",
  flavourDeleted: "Flavour deleted successfully",
  sizeAdded: "Size added successfully",
  sizeUpdated: "Size updated successfully",
  sizeDeleted: "Size deleted successfully",
  flavourTaken: "A flavour with this name already exists",
  sizeTaken: "A size with this name already exists",
  flavourInUse: "Product variants use this flavour; deactivate it instead",
  sizeInUse: "Product variants use this size; deactivate it instead",
  flavourNotFound: "No such flavour",
  sizeNotFound: "No such size",
} as const;

const sortSchema = z
  .number({ error: CATEGORY_MESSAGES.sort })
  .int(CATEGORY_MESSAGES.sort)
  .min(0, CATEGORY_MESSAGES.sort)
  .max(9999, CATEGORY_MESSAGES.sort)
  .default(0);

const optionalId = (message?: string) => idSchema(message).nullable().default(null);

export const categoryInputSchema = z.object({
  name: z
    .string({ error: CATEGORY_MESSAGES.name })
    .trim()
    .min(2, CATEGORY_MESSAGES.name)
    .max(60, CATEGORY_MESSAGES.name),
  /** Null: a top-level category. A parent must itself be top-level (two levels at most). */
  parentId: optionalId(CATEGORY_MESSAGES.parentMissing),
  sort: sortSchema,
  /** The POS button colour; blank for the default. */
  color: z
    .string()
    .trim()
    .regex(/^(#[0-9A-Fa-f]{6})?$/, CATEGORY_MESSAGES.color)
    .default("")
    .transform((value) => value.toLowerCase()),
  stationId: optionalId(CATEGORY_MESSAGES.station),
  /** False for items served at the counter (drinks): their lines never reach a kitchen station. */
  sendToKitchen: z.boolean().default(true),
  revenueAccountId: optionalId(CATEGORY_MESSAGES.revenueAccount),
  cogsAccountId: optionalId(CATEGORY_MESSAGES.cogsAccount),
  active: z.boolean().default(true),
});
export type CategoryInput = z.output<typeof categoryInputSchema>;
export type CategoryForm = z.input<typeof categoryInputSchema>;

export const categoryListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  /** Only active categories (pickers). */
  active: z.enum(["true", "false"]).optional(),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  /** 1 for a top-level category, 2 for a sub-category. */
  level: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  color: z.string(),
  imagePath: z.string().nullable(),
  stationId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  sendToKitchen: z.boolean(),
  revenueAccountId: z.number().int().nullable(),
  cogsAccountId: z.number().int().nullable(),
  active: z.boolean(),
  /** Products filed directly under this category. */
  productCount: z.number().int(),
  childCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** The whole tree in display order: each top-level category followed by its sub-categories, by sort then name. */
export const categoryListSchema = z.object({ data: z.array(categorySchema), total_results: z.number().int() });
export type CategoryList = z.infer<typeof categoryListSchema>;

export const categorySavedSchema = z.object({ message: z.string(), data: categorySchema });

export const categorySortSchema = z.object({
  ids: z
    .array(idSchema(CATEGORY_MESSAGES.sortIds), { error: CATEGORY_MESSAGES.sortIds })
    .min(1, CATEGORY_MESSAGES.sortIds),
});
export type CategorySort = z.infer<typeof categorySortSchema>;

export const categoryIdParams = z.object({ id: idSchema() });

// ---- Flavours and sizes ----------------------------------------------------------------------------

export const flavourInputSchema = z.object({
  name: z
    .string({ error: OPTION_MESSAGES.flavourName })
    .trim()
    .min(1, OPTION_MESSAGES.flavourName)
    .max(40, OPTION_MESSAGES.flavourName),
  sort: sortSchema,
  active: z.boolean().default(true),
});
export type FlavourInput = z.output<typeof flavourInputSchema>;
export type FlavourForm = z.input<typeof flavourInputSchema>;

export const sizeInputSchema = z.object({
  name: z
    .string({ error: OPTION_MESSAGES.sizeName })
    .trim()
    .min(1, OPTION_MESSAGES.sizeName)
    .max(40, OPTION_MESSAGES.sizeName),
  /** A short code printed on tickets, such as S, M or L. */
  code: z
    .string()
    .trim()
    .max(10, OPTION_MESSAGES.code)
    .regex(/^[A-Za-z0-9]*$/, OPTION_MESSAGES.code)
    .default("")
    .transform((value) => value.toUpperCase()),
  sort: sortSchema,
  active: z.boolean().default(true),
});
export type SizeInput = z.output<typeof sizeInputSchema>;
export type SizeForm = z.input<typeof sizeInputSchema>;

export const optionListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  active: z.enum(["true", "false"]).optional(),
});
export type OptionListQuery = z.infer<typeof optionListQuerySchema>;

export const flavourSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  /** Product variants made with this flavour. */
  variantCount: z.number().int(),
});
export type Flavour = z.infer<typeof flavourSchema>;

export const sizeSchema = flavourSchema.extend({ code: z.string() });
export type Size = z.infer<typeof sizeSchema>;

export const flavourListSchema = z.object({ data: z.array(flavourSchema), total_results: z.number().int() });
export const sizeListSchema = z.object({ data: z.array(sizeSchema), total_results: z.number().int() });
export const flavourSavedSchema = z.object({ message: z.string(), data: flavourSchema });
export const sizeSavedSchema = z.object({ message: z.string(), data: sizeSchema });
export const optionIdParams = z.object({ id: idSchema() });
