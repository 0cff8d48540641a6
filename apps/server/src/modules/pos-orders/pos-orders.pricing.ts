import {
  type CouponRule,
  computeOrder,
  couponRuleOf,
  localMoment,
  type OrderTotals,
  type OrderType,
  type OutletSettings,
  outletSettingsSchema,
  PAYMENT_METHOD_KINDS,
  type TenderInput,
  type TotalsInput,
  usesRanOut,
} from "@cargodesk/shared";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { coupons, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { personName } from "../../lib/person-name";
import { col, executePrepared, intArray, rowsOf } from "../../lib/sql";
import { categoryChildren, termsOf } from "../coupons/index";
import { type MenuVariant, variantRow, variantSelect } from "./pos-orders.menu";
import { liveQty, type OrderState } from "./pos-orders.state";
import { type Recipe, recipeRow, recipesByVariant, recipesSelect } from "./pos-orders.stock";

/**
 * What prices an order besides its lines: the outlet's settings, tax classes with their per-method
 * rates, payment methods, the usable promotions and the order's coupon, and the customer's discount.
 * Read in the order's transaction, so the server prices from its own master data every time.
 */
export interface PricingContext {
  outlet: OutletSettings & { id: number };
  taxClasses: TotalsInput["taxClasses"];
  methods: { id: number; kind: (typeof PAYMENT_METHOD_KINDS)[number]; name: string; accountId: number | null }[];
  rules: CouponRule[];
  /** The order's coupon code (from its coupon discount), if any. */
  code: string | null;
  customerDiscountBp: number;
  /** The table's hall's own service charge, which replaces the outlet's (design 4.5). */
  hallServiceChargeBp: number | null;
  timeZone: string;
  /** The moment the order is priced at (an offline order's own time); now when left out. */
  at?: Date;
  /** The menu rows of the variants the batch sells. */
  variants: Map<number, MenuVariant>;
  /** How the variants the batch sells use stock, read with the rest for the payment's moves. */
  recipes: ReadonlyMap<number, Recipe>;
  /** Whether the order's counter prints receipts on an active network printer (read with the rest). */
  networkReceiptPrinter: boolean;
  /** The kitchen stations that print their tickets, and the order's waiter as priced (read with the rest). */
  kitchenPrinting: KitchenPrinting;
}

const printingStationRow = z.object({
  station_id: col.int,
  station: col.text,
  printer_id: col.int,
  width_chars: col.int,
  codepage: col.text,
});
export type PrintingStation = z.infer<typeof printingStationRow>;

/**
 * The stations that print their tickets (design 6.3 "Printing": mode `print` or `both` with an
 * active network printer; a browser printer cannot be reached from the server), each with its
 * printer, and the name of the waiter the order had when it was priced.
 */
export interface KitchenPrinting {
  stations: ReadonlyMap<number, PrintingStation>;
  waiterId: number | null;
  waiter: string | null;
}

const setupRow = z.object({
  outlet: outletSettingsSchema,
  tax_classes: z.array(
    z.object({
      id: col.int,
      rateBp: col.int,
      methodRates: z.array(z.object({ paymentMethodId: col.int, rateBp: col.int })),
    }),
  ),
  methods: z.array(
    z.object({ id: col.int, kind: z.enum(PAYMENT_METHOD_KINDS), name: col.text, accountId: col.int.nullable() }),
  ),
  customer_discount_bp: col.int.nullable(),
  hall_service_charge_bp: col.int.nullable(),
  has_promotions: col.bool,
  network_receipt_printer: col.bool,
  printing_stations: z.array(printingStationRow),
  waiter: col.text.nullable(),
  variants: z.array(variantRow),
  recipes: z.array(recipeRow),
});

/**
 * Everything but the coupons in one statement, with the menu rows of the variants a batch sells; the
 * coupons only when the order has one or promotions exist.
 */
export async function loadPricing(
  tx: Db,
  state: OrderState,
  timeZone: string,
  variantIds: readonly number[] = [],
): Promise<PricingContext> {
  const couponIds = state.discounts
    .filter((discount) => discount.source === "coupon" && !discount.removed && discount.couponId !== null)
    .map((discount) => discount.couponId as number);
  const setup = await executePrepared(
    tx,
    "pos_pricing",
    sql`
    SELECT json_build_object('taxInclusive', o.tax_inclusive, 'serviceChargeBp', o.service_charge_bp,
             'serviceChargeTypes', o.service_charge_types, 'cashRoundingMinor', o.cash_rounding_minor,
             'dayCutoff', o.day_cutoff, 'kitchenNegativePolicy', o.kitchen_negative_policy,
             'takeAwayFireOn', o.take_away_fire_on, 'supervisorRules', o.supervisor_rules,
             'receiptHeader', o.receipt_header, 'receiptFooter', o.receipt_footer) AS outlet,
           (SELECT coalesce(json_agg(json_build_object('id', t.id, 'rateBp', t.rate_bp, 'methodRates',
              (SELECT coalesce(json_agg(json_build_object('paymentMethodId', r.payment_method_id, 'rateBp', r.rate_bp)), '[]'::json)
               FROM tax_method_rates r WHERE r.tax_class_id = t.id))), '[]'::json) FROM tax_classes t) AS tax_classes,
           (SELECT coalesce(json_agg(json_build_object('id', m.id, 'kind', m.kind, 'name', m.name, 'accountId', m.account_id)), '[]'::json)
            FROM payment_methods m) AS methods,
           (SELECT discount_bp FROM pos_customers WHERE id = ${state.row.customerId}::int) AS customer_discount_bp,
           (SELECT h.service_charge_bp FROM dining_tables d JOIN halls h ON h.id = d.hall_id
            WHERE d.id = ${state.row.tableId}::int) AS hall_service_charge_bp,
           EXISTS (SELECT 1 FROM coupons WHERE active AND code IS NULL) AS has_promotions,
           EXISTS (SELECT 1 FROM pos_counters c JOIN printers p ON p.id = c.receipt_printer_id
                   WHERE c.id = ${state.row.counterId}::int AND p.kind = 'network_escpos' AND p.active)
             AS network_receipt_printer,
           (SELECT coalesce(json_agg(json_build_object('station_id', s.id, 'station', s.name, 'printer_id', p.id,
                                                       'width_chars', p.width_chars, 'codepage', p.codepage)), '[]'::json)
            FROM kitchen_stations s JOIN printers p ON p.id = s.printer_id
            WHERE s.mode IN ('print', 'both') AND p.kind = 'network_escpos' AND p.active) AS printing_stations,
           (SELECT ${personName} FROM ${users} WHERE ${users.id} = ${state.row.waiterId}::int) AS waiter,
           (SELECT coalesce(json_agg(to_json(menu_variant)), '[]'::json)
            FROM (${variantSelect} WHERE v.id = ANY(${intArray(variantIds)})) menu_variant) AS variants,
           (SELECT coalesce(json_agg(to_json(recipe)), '[]'::json)
            FROM (${recipesSelect(variantIds, state.row.outletId)}) recipe) AS recipes
    FROM outlets o WHERE o.id = ${state.row.outletId}`,
  );
  const [parts] = rowsOf(setupRow, setup);
  if (!parts) throw new AppError("NOT_FOUND", "The outlet is not set up");
  const couponRows =
    parts.has_promotions || couponIds.length > 0
      ? await tx
          .select()
          .from(coupons)
          .where(
            or(
              and(isNull(coupons.code), eq(coupons.active, true)),
              couponIds.length > 0 ? sql`${coupons.id} = ANY(${`{${couponIds.join(",")}}`}::int[])` : undefined,
            ),
          )
      : [];
  const children = couponRows.some((row) => row.scope === "category") ? await categoryChildren(tx) : new Map();
  const usable = couponRows.filter((row) => row.active && !usesRanOut(row));
  const code = couponRows.find((row) => row.code !== null && couponIds.includes(row.id))?.code ?? null;
  return {
    outlet: { id: state.row.outletId, ...parts.outlet },
    taxClasses: parts.tax_classes,
    methods: parts.methods,
    rules: usable.map((row) => couponRuleOf(termsOf(row, children))),
    code,
    customerDiscountBp: parts.customer_discount_bp ?? 0,
    hallServiceChargeBp: parts.hall_service_charge_bp,
    timeZone,
    variants: new Map(parts.variants.map((variant) => [variant.id, variant])),
    recipes: recipesByVariant(parts.recipes),
    networkReceiptPrinter: parts.network_receipt_printer,
    kitchenPrinting: {
      stations: new Map(parts.printing_stations.map((station) => [station.station_id, station])),
      waiterId: state.row.waiterId,
      waiter: parts.waiter,
    },
  };
}

/** The order's lines and discounts as `computeOrder` takes them. */
export function totalsInput(state: OrderState, pricing: PricingContext, at = pricing.at ?? new Date()): TotalsInput {
  const orderType = state.row.orderType as OrderType;
  return {
    orderType,
    lines: state.lines.map((line) => ({
      key: line.lineUuid,
      qtyMicro: liveQty(line),
      unitPriceMinor: line.unitPriceMinor,
      taxClassId: line.taxClassId,
      categoryId: line.categoryId ?? 0,
      variantId: line.variantId,
      dealParentKey: line.dealParentUuid,
    })),
    discounts: state.discounts
      .filter((discount) => discount.source === "manual" && !discount.removed)
      .map((discount) => ({ lineKey: discount.lineUuid, pctBp: discount.pctBp, amountMinor: discount.amountMinor })),
    customerDiscountBp: pricing.customerDiscountBp,
    promotions: { rules: pricing.rules, code: pricing.code, at: localMoment(at, pricing.timeZone) },
    serviceChargeBp: pricing.hallServiceChargeBp ?? pricing.outlet.serviceChargeBp,
    serviceChargeTypes: pricing.outlet.serviceChargeTypes,
    taxInclusive: pricing.outlet.taxInclusive,
    cashRoundingMinor: pricing.outlet.cashRoundingMinor,
    taxClasses: pricing.taxClasses,
    methods: pricing.methods,
  };
}

/**
 * Prices the order (with tenders at payment) and writes the figures into the state: each line's
 * gross, discount, net, service charge and tax, each discount's allocation, the order's totals.
 */
export function reprice(state: OrderState, pricing: PricingContext, tenders: readonly TenderInput[] = []): OrderTotals {
  const totals = computeOrder(totalsInput(state, pricing), tenders);
  totals.lines.forEach(({ key: _key, ...figures }, index) => {
    const line = state.lines[index];
    if (line) Object.assign(line, figures);
  });
  const manual = state.discounts.filter((discount) => discount.source === "manual" && !discount.removed);
  manual.forEach((discount, index) => {
    discount.allocatedMinor = totals.manualDiscounts[index] ?? 0n;
  });
  for (const discount of state.discounts.filter((entry) => entry.source === "coupon" && !entry.removed))
    discount.allocatedMinor = totals.coupons.find((entry) => entry.couponId === discount.couponId)?.amountMinor ?? 0n;
  const { subtotalMinor, discountMinor, serviceChargeMinor, taxMinor, roundingMinor, totalMinor } = totals;
  Object.assign(state.row, { subtotalMinor, discountMinor, serviceChargeMinor, taxMinor, roundingMinor, totalMinor });
  return totals;
}
