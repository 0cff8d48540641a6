import { z } from "zod";
import { idSchema } from "./input";
import { listQuerySchema } from "./master-data";

/**
 * Master Control > Barcode (design: restaurant-pos-inventory.md, 5.2 item 20): in-store EAN-13
 * codes for menu variants and store products that have none, and label sheets as PDF.
 */
export const BARCODE_MESSAGES = {
  nothingChosen: "Choose at least one menu variant or store product",
  variant: "No such menu variant",
  storeProduct: "No such store product",
  repeated: "This item is chosen twice",
  copies: "Copies are whole numbers from 1 to 2,000",
  tooManyCopies: "At most 2,000 labels in one PDF",
  tooManyItems: "At most 500 items in one request",
  template: "Choose a label template: 38x25, 50x30 or a4-3x8",
  fields: "Choose what to print on the label: name, variant, price or code",
  fieldRepeated: "Each content field once",
  noCode: "This item has no barcode: assign missing barcodes first, or leave the code off the label",
  rangeFull: "No in-store barcodes are left in the 2 range",
  tooSlow: "The labels took too long to draw: print fewer at once",
  assigned: (count: number) =>
    count === 0 ? "Every chosen item already has a barcode" : `${count} barcode${count === 1 ? "" : "s"} assigned`,
} as const;

export const LABEL_KINDS = ["variant", "storeProduct"] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** Thermal labels of 38x25 or 50x30 mm (one label a page), or an A4 sheet of 3 x 8 = 24 labels. */
export const LABEL_TEMPLATES = ["38x25", "50x30", "a4-3x8"] as const;
export type LabelTemplate = (typeof LABEL_TEMPLATES)[number];
export const LABELS_PER_A4 = 24;

export const LABEL_FIELDS = ["name", "variant", "price", "code"] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];

/** The most labels one PDF holds (84 A4 sheets); more is a 400 on `items`. */
export const MAX_LABEL_COPIES = 2000;
export const MAX_BARCODE_ITEMS = 500;

const idList = (message: string) =>
  z
    .array(idSchema(message), { error: message })
    .max(MAX_BARCODE_ITEMS, BARCODE_MESSAGES.tooManyItems)
    .default([])
    .superRefine((ids, ctx) => {
      const seen = new Set<number>();
      ids.forEach((id, index) => {
        if (seen.has(id)) ctx.addIssue({ code: "custom", path: [index], message: BARCODE_MESSAGES.repeated });
        seen.add(id);
      });
    });

export const barcodeAssignSchema = z
  .object({
    variantIds: idList(BARCODE_MESSAGES.variant),
    storeProductIds: idList(BARCODE_MESSAGES.storeProduct),
  })
  .refine((input) => input.variantIds.length + input.storeProductIds.length > 0, {
    path: ["variantIds"],
    message: BARCODE_MESSAGES.nothingChosen,
  });
export type BarcodeAssignInput = z.output<typeof barcodeAssignSchema>;

/** One chosen item with its code; `assigned` is true when this request gave it the code. */
export const barcodeItemCodeSchema = z.object({
  kind: z.enum(LABEL_KINDS),
  id: z.number().int(),
  name: z.string(),
  barcode: z.string(),
  assigned: z.boolean(),
});
export type BarcodeItemCode = z.infer<typeof barcodeItemCodeSchema>;
export const barcodeAssignedSchema = z.object({ message: z.string(), data: z.array(barcodeItemCodeSchema) });
export type BarcodeAssigned = z.infer<typeof barcodeAssignedSchema>;

export const labelItemSchema = z.object({
  kind: z.enum(LABEL_KINDS, { error: "Kind is variant or storeProduct" }),
  id: idSchema(),
  copies: z
    .number({ error: BARCODE_MESSAGES.copies })
    .int(BARCODE_MESSAGES.copies)
    .min(1, BARCODE_MESSAGES.copies)
    .max(MAX_LABEL_COPIES, BARCODE_MESSAGES.copies),
});

export const labelsRequestSchema = z
  .object({
    items: z
      .array(labelItemSchema, { error: BARCODE_MESSAGES.nothingChosen })
      .min(1, BARCODE_MESSAGES.nothingChosen)
      .max(MAX_BARCODE_ITEMS, BARCODE_MESSAGES.tooManyItems),
    template: z.enum(LABEL_TEMPLATES, { error: BARCODE_MESSAGES.template }),
    fields: z
      .array(z.enum(LABEL_FIELDS, { error: BARCODE_MESSAGES.fields }), { error: BARCODE_MESSAGES.fields })
      .min(1, BARCODE_MESSAGES.fields)
      .max(LABEL_FIELDS.length, BARCODE_MESSAGES.fields),
  })
  .superRefine((input, ctx) => {
    const total = input.items.reduce((sum, item) => sum + item.copies, 0);
    if (total > MAX_LABEL_COPIES)
      ctx.addIssue({ code: "custom", path: ["items"], message: BARCODE_MESSAGES.tooManyCopies });
    const items = new Set<string>();
    input.items.forEach((item, index) => {
      const key = `${item.kind}:${item.id}`;
      if (items.has(key))
        ctx.addIssue({ code: "custom", path: ["items", index, "id"], message: BARCODE_MESSAGES.repeated });
      items.add(key);
    });
    if (new Set(input.fields).size !== input.fields.length)
      ctx.addIssue({ code: "custom", path: ["fields"], message: BARCODE_MESSAGES.fieldRepeated });
  });
export type LabelsRequest = z.output<typeof labelsRequestSchema>;

/** Sheets a label PDF takes: one page a label on the thermal sizes, 24 labels a page on A4. */
export const labelPages = (template: LabelTemplate, copies: number): number =>
  template === "a4-3x8" ? Math.ceil(copies / LABELS_PER_A4) : copies;

/** What the screen chooses from: menu variants (by category) or store products (by group). */
export const barcodeItemQuerySchema = listQuerySchema.extend({
  kind: z.enum(LABEL_KINDS, { error: "Kind is variant or storeProduct" }).default("variant"),
  categoryId: idSchema().optional(),
  group: z.string().trim().max(100).optional(),
  /** Only items without a barcode. */
  missing: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
export type BarcodeItemQuery = z.output<typeof barcodeItemQuerySchema>;

export const barcodeItemSchema = z.object({
  kind: z.enum(LABEL_KINDS),
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Size and flavour of a variant ("L Spicy"); empty for a store product. */
  variant: z.string(),
  /** A menu variant's category; a store product's group. */
  group: z.string(),
  /** A variant's price; null for a store product (not sold at a price). */
  price: z.number().nullable(),
  barcode: z.string().nullable(),
  active: z.boolean(),
});
export type BarcodeItem = z.infer<typeof barcodeItemSchema>;
export const barcodeItemPageSchema = z.object({ data: z.array(barcodeItemSchema), total_results: z.number().int() });
export type BarcodeItemPage = z.infer<typeof barcodeItemPageSchema>;

export const barcodeFiltersSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  groups: z.array(z.string()),
});
export type BarcodeFilters = z.infer<typeof barcodeFiltersSchema>;
