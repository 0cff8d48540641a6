import { minorToAmount, type PosBootstrap } from "@cargodesk/shared";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coupons, dealComponentOptions, dealComponents, deals, productVariants } from "../../db/schema/index";
import { groupBy } from "./pos-bootstrap.queries";

/** The bootstrap's offers: deals with their choices, automatic promotions and whether code coupons exist. */

type Part<K extends keyof PosBootstrap> = PosBootstrap[K];

const scopeOf = (scope: string): "order" | "category" | "variant" =>
  scope === "category" || scope === "variant" ? scope : "order";
const amountOrNull = (minor: bigint | null) => (minor === null ? null : minorToAmount(minor));

/** Active deals with their components and the options whose variants are on sale. */
export async function readDeals(tx: Db): Promise<Part<"deals">> {
  const list = await tx
    .select({
      id: deals.id,
      code: deals.code,
      name: deals.name,
      categoryId: deals.categoryId,
      priceMinor: deals.priceMinor,
      imagePath: deals.imagePath,
      validFrom: deals.validFrom,
      validTo: deals.validTo,
      weekdays: deals.weekdays,
      timeFrom: deals.timeFrom,
      timeTo: deals.timeTo,
      orderTypes: deals.orderTypes,
    })
    .from(deals)
    .where(eq(deals.active, true))
    .orderBy(asc(deals.name));
  const components = await tx
    .select({
      dealId: dealComponents.dealId,
      id: dealComponents.id,
      kind: dealComponents.kind,
      label: dealComponents.label,
      minChoose: dealComponents.minChoose,
      maxChoose: dealComponents.maxChoose,
    })
    .from(dealComponents)
    .innerJoin(deals, eq(deals.id, dealComponents.dealId))
    .where(eq(deals.active, true))
    .orderBy(asc(dealComponents.sort), asc(dealComponents.id));
  const options = await tx
    .select({
      componentId: dealComponentOptions.componentId,
      id: dealComponentOptions.id,
      variantId: dealComponentOptions.variantId,
      qty: dealComponentOptions.qty,
      extraPriceMinor: dealComponentOptions.extraPriceMinor,
      isDefault: dealComponentOptions.isDefault,
    })
    .from(dealComponentOptions)
    .innerJoin(dealComponents, eq(dealComponents.id, dealComponentOptions.componentId))
    .innerJoin(deals, eq(deals.id, dealComponents.dealId))
    .innerJoin(productVariants, eq(productVariants.id, dealComponentOptions.variantId))
    .where(and(eq(deals.active, true), eq(productVariants.active, true)))
    .orderBy(asc(dealComponentOptions.id));
  const optionsOf = groupBy(options, (option) => option.componentId);
  const componentsOf = groupBy(components, (component) => component.dealId);
  return list.map(({ priceMinor, ...deal }) => ({
    ...deal,
    price: minorToAmount(priceMinor),
    components: (componentsOf.get(deal.id) ?? []).map(({ dealId: _deal, kind, ...component }) => ({
      ...component,
      kind: kind === "choice" ? "choice" : "fixed",
      options: (optionsOf.get(component.id) ?? []).map(({ componentId: _component, extraPriceMinor, ...option }) => ({
        ...option,
        extraPrice: minorToAmount(extraPriceMinor),
      })),
    })),
  }));
}

/** Active automatic promotions (coupons without a code) by priority, and whether any code coupon is active. */
export async function readPromotions(tx: Db): Promise<{ promotions: Part<"promotions">; hasCodeCoupons: boolean }> {
  const rows = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.active, true), isNull(coupons.code)))
    .orderBy(asc(coupons.priority), asc(coupons.id));
  const [codes] = await tx
    .select({ present: sql<boolean>`true` })
    .from(coupons)
    .where(and(eq(coupons.active, true), isNotNull(coupons.code)))
    .limit(1);
  const promotions = rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind === "percent" ? ("percent" as const) : ("amount" as const),
    value: row.kind === "percent" ? Number(row.value) : minorToAmount(row.value),
    maxDiscount: amountOrNull(row.maxDiscountMinor),
    minOrder: minorToAmount(row.minOrderMinor),
    scope: scopeOf(row.scope),
    scopeIds: row.scopeIds,
    validFrom: row.validFrom,
    validTo: row.validTo,
    weekdays: row.weekdays,
    timeFrom: row.timeFrom,
    timeTo: row.timeTo,
    orderTypes: row.orderTypes,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    priority: row.priority,
    stackable: row.stackable,
  }));
  return { promotions, hasCodeCoupons: codes !== undefined };
}
