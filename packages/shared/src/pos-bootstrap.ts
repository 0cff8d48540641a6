import { z } from "zod";
import { type CouponTerms, couponTermsSchema } from "./coupons";
import { idSchema } from "./input";
import { ORDER_TYPES, outletSettingsSchema, PAYMENT_METHOD_KINDS } from "./outlet-settings";

/**
 * `GET /api/pos/bootstrap`: everything a register, a waiter's tablet or a kitchen screen needs
 * in one answer (design: restaurant-pos-inventory.md, 5.4 item 46 and 6.1). It depends on master
 * data only, never on the clock: deals and promotions come with their windows and the device
 * decides with the pure rules in `pricing.ts`. Money is decimal major units as everywhere on the
 * wire; rates are basis points; `orderTypes` and `weekdays` are the bit masks of `pricing.ts`.
 */
export const POS_BOOTSTRAP_MESSAGES = {
  counter: "No such counter",
  counterInactive: "This counter is not active",
} as const;

export const posBootstrapQuerySchema = z.object({
  /** The register asking; its counter comes back as `counter` (and is part of the ETag). */
  counterId: idSchema(POS_BOOTSTRAP_MESSAGES.counter).optional(),
});
export type PosBootstrapQuery = z.infer<typeof posBootstrapQuerySchema>;

const id = z.number().int();
const nullableId = id.nullable();
const time = z.string().nullable();
const day = z.string().nullable();

const bootstrapCounterSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  receiptPrinterId: nullableId,
  defaultOrderType: z.enum(ORDER_TYPES),
});

const bootstrapCategorySchema = z.object({
  id,
  name: z.string(),
  sort: z.number().int(),
  color: z.string(),
  imagePath: z.string().nullable(),
  stationId: nullableId,
  sendToKitchen: z.boolean(),
});
export const posCategorySchema = bootstrapCategorySchema.extend({
  /** Sub-categories (the tree has two levels), in display order. */
  children: z.array(bootstrapCategorySchema),
});
export type PosCategory = z.infer<typeof posCategorySchema>;

export const posVariantSchema = z.object({
  id,
  sizeId: nullableId,
  sizeName: z.string().nullable(),
  sizeCode: z.string().nullable(),
  flavourId: nullableId,
  flavourName: z.string().nullable(),
  price: z.number(),
  barcode: z.string().nullable(),
});
export type PosVariant = z.infer<typeof posVariantSchema>;

export const posProductSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  categoryId: id,
  description: z.string(),
  imagePath: z.string().nullable(),
  taxClassId: nullableId,
  /** The product's own station, else its category's, else its parent category's; null = not sent to a kitchen. */
  stationId: nullableId,
  prepMinutes: z.number().int(),
  orderTypes: z.number().int(),
  soldOut: z.boolean(),
  /** Active variants in grid order. */
  variants: z.array(posVariantSchema),
});
export type PosProduct = z.infer<typeof posProductSchema>;

const windowFields = {
  validFrom: day,
  validTo: day,
  weekdays: z.number().int(),
  timeFrom: time,
  timeTo: time,
  orderTypes: z.number().int(),
};

export const posDealSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  categoryId: nullableId,
  price: z.number(),
  imagePath: z.string().nullable(),
  ...windowFields,
  components: z.array(
    z.object({
      id,
      kind: z.enum(["fixed", "choice"]),
      label: z.string(),
      minChoose: z.number().int(),
      maxChoose: z.number().int(),
      options: z.array(
        z.object({ id, variantId: id, qty: z.number().int(), extraPrice: z.number(), isDefault: z.boolean() }),
      ),
    }),
  ),
});
export type PosDeal = z.infer<typeof posDealSchema>;

/**
 * An automatic promotion (a coupon without a code): the coupon engine's own terms (`couponTermsSchema`),
 * which `couponRuleOf` turns into the rule `applyCoupons` applies.
 */
export const posPromotionSchema = couponTermsSchema;
export type PosPromotion = CouponTerms;

export const posHallSchema = z.object({
  id,
  name: z.string(),
  sort: z.number().int(),
  serviceChargeBp: z.number().int().nullable(),
  tables: z.array(
    z.object({
      id,
      name: z.string(),
      seats: z.number().int(),
      shape: z.enum(["square", "round", "long"]),
      x: z.number().int(),
      y: z.number().int(),
      w: z.number().int(),
      h: z.number().int(),
    }),
  ),
});
export type PosHall = z.infer<typeof posHallSchema>;

export const posBootstrapSchema = z.object({
  /** The catalogue version this answer was built from (the ETag carries it too). */
  version: z.string(),
  outlet: outletSettingsSchema.extend({ id, name: z.string() }),
  /** The counter named by `counterId`, or null. */
  counter: bootstrapCounterSchema.nullable(),
  counters: z.array(bootstrapCounterSchema),
  taxClasses: z.array(
    z.object({
      id,
      name: z.string(),
      rateBp: z.number().int(),
      /** The rate when paid by that method, where it differs (D16). */
      methodRates: z.array(z.object({ paymentMethodId: id, rateBp: z.number().int() })),
    }),
  ),
  paymentMethods: z.array(
    z.object({
      id,
      name: z.string(),
      kind: z.enum(PAYMENT_METHOD_KINDS),
      opensDrawer: z.boolean(),
      countedAtClose: z.boolean(),
    }),
  ),
  stations: z.array(
    z.object({
      id,
      name: z.string(),
      printerId: nullableId,
      mode: z.enum(["display", "print", "both"]),
      targetMinutes: z.number().int(),
      alertMinutes: z.number().int(),
    }),
  ),
  printers: z.array(
    z.object({
      id,
      name: z.string(),
      kind: z.enum(["network_escpos", "browser"]),
      host: z.string(),
      port: z.number().int(),
      widthChars: z.number().int(),
      codepage: z.string(),
    }),
  ),
  categories: z.array(posCategorySchema),
  products: z.array(posProductSchema),
  deals: z.array(posDealSchema),
  /**
   * Active automatic promotions in the order `applyCoupons` takes them (priority, highest first; then
   * by id), including those only offered (`autoApply` false) and those whose uses ran out.
   */
  promotions: z.array(posPromotionSchema),
  /** Whether any active coupon with a code exists (the Coupon button asks the server). */
  hasCodeCoupons: z.boolean(),
  halls: z.array(posHallSchema),
});
export type PosBootstrap = z.infer<typeof posBootstrapSchema>;
