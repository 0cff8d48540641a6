import { minorToAmount, type PosBootstrap } from "@cargodesk/shared";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coupons } from "../../db/schema/index";
import { jsonArray, priceJson } from "./pos-bootstrap.queries";

/** The bootstrap's offers: deals with their choices, automatic promotions and whether code coupons exist. */

type Part<K extends keyof PosBootstrap> = PosBootstrap[K];

const scopeOf = (scope: string): "order" | "category" | "variant" =>
  scope === "category" || scope === "variant" ? scope : "order";
const amountOrNull = (minor: bigint | null) => (minor === null ? null : minorToAmount(minor));

/**
 * Active deals with their components and the options whose variants are active, as JSON text
 * written by PostgreSQL (like the products).
 */
export function readDealsJson(tx: Db): Promise<string> {
  return jsonArray(
    tx,
    sql`SELECT coalesce(json_agg(json_build_object(
          'id', d.id, 'code', d.code, 'name', d.name, 'categoryId', d.category_id,
          'price', ${priceJson(sql`d.price_minor`)}, 'imagePath', d.image_path,
          'validFrom', d.valid_from, 'validTo', d.valid_to, 'weekdays', d.weekdays,
          'timeFrom', d.time_from, 'timeTo', d.time_to, 'orderTypes', d.order_types,
          'components', coalesce(c.components, '[]'::json)) ORDER BY d.name, d.id), '[]')::text AS json
        FROM deals d
        LEFT JOIN LATERAL (
          SELECT json_agg(json_build_object(
                   'id', dc.id, 'kind', dc.kind, 'label', dc.label,
                   'minChoose', dc.min_choose, 'maxChoose', dc.max_choose,
                   'options', coalesce(o.options, '[]'::json)) ORDER BY dc.sort, dc.id) AS components
          FROM deal_components dc
          LEFT JOIN LATERAL (
            SELECT json_agg(json_build_object(
                     'id', dco.id, 'variantId', dco.variant_id, 'qty', dco.qty,
                     'extraPrice', ${priceJson(sql`dco.extra_price_minor`)}, 'isDefault', dco.is_default)
                   ORDER BY dco.id) AS options
            FROM deal_component_options dco
            JOIN product_variants pv ON pv.id = dco.variant_id AND pv.active
            WHERE dco.component_id = dc.id
          ) o ON true
          WHERE dc.deal_id = d.id
        ) c ON true
        WHERE d.active`,
  );
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
