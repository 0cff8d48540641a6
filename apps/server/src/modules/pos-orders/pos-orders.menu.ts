import {
  isWithinWindow,
  type LocalMoment,
  ORDER_TYPE_BITS,
  type OrderType,
  POS_ORDER_MESSAGES,
  type PosOp,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { col, intArray, rowsOf } from "../../lib/sql";
import { fieldError } from "./pos-orders.env";

/**
 * What the register may sell, read from the menu (never from the device): a variant's price, names,
 * category, tax class and kitchen station, and a deal's components. One query per kind for a whole
 * batch of operations.
 */
export const variantRow = z.object({
  id: col.int,
  price_minor: col.minor,
  on_sale: col.bool,
  sold_out: col.bool,
  order_types: col.int,
  name: col.text,
  size_name: col.text.nullable(),
  flavour_name: col.text.nullable(),
  category_id: col.int,
  tax_class_id: col.int.nullable(),
  station_id: col.int.nullable(),
});
export type MenuVariant = z.infer<typeof variantRow>;

/**
 * The station is the product's own, else its category's, else the parent category's; a line whose
 * category (or parent) is not sent to the kitchen has none.
 */
export const variantSelect = sql`
  SELECT v.id, v.price_minor, (v.active AND p.active AND p.available_in_pos AND c.active
           AND (c.parent_id IS NULL OR pc.active)) AS on_sale,
         p.sold_out, p.order_types::int AS order_types, p.name, s.name AS size_name, f.name AS flavour_name,
         p.category_id, p.tax_class_id,
         CASE WHEN c.send_to_kitchen AND coalesce(pc.send_to_kitchen, true)
              THEN coalesce(p.station_id, c.station_id, pc.station_id) END AS station_id
  FROM product_variants v
  JOIN products p ON p.id = v.product_id
  JOIN menu_categories c ON c.id = p.category_id
  LEFT JOIN menu_categories pc ON pc.id = c.parent_id
  LEFT JOIN sizes s ON s.id = v.size_id
  LEFT JOIN flavours f ON f.id = v.flavour_id`;

const dealRow = z.object({
  id: col.int,
  name: col.text,
  category_id: col.int.nullable(),
  price_minor: col.minor,
  active: col.bool,
  valid_from: col.date.nullable(),
  valid_to: col.date.nullable(),
  weekdays: col.int,
  time_from: col.text.nullable(),
  time_to: col.text.nullable(),
  order_types: col.int,
  components: z.array(
    z.object({
      id: col.int,
      kind: z.enum(["fixed", "choice"]),
      min: col.int,
      max: col.int,
      options: z.array(
        z.object({ id: col.int, variantId: col.int, qty: col.int, extraMinor: col.int, isDefault: col.bool }),
      ),
    }),
  ),
});
export type MenuDeal = z.infer<typeof dealRow>;

export async function menuDeals(tx: Db, ids: readonly number[]): Promise<Map<number, MenuDeal>> {
  if (ids.length === 0) return new Map();
  const result = await tx.execute(sql`
    SELECT d.id, d.name, d.category_id, d.price_minor, d.active, d.valid_from::text, d.valid_to::text,
           d.weekdays::int AS weekdays, d.time_from::text, d.time_to::text, d.order_types::int AS order_types,
           (SELECT coalesce(json_agg(json_build_object('id', dc.id, 'kind', dc.kind, 'min', dc.min_choose,
                     'max', dc.max_choose, 'options', (
                       SELECT coalesce(json_agg(json_build_object('id', o.id, 'variantId', o.variant_id, 'qty', o.qty,
                                 'extraMinor', o.extra_price_minor, 'isDefault', o.is_default) ORDER BY o.id), '[]'::json)
                       FROM deal_component_options o WHERE o.component_id = dc.id)) ORDER BY dc.sort, dc.id), '[]'::json)
            FROM deal_components dc WHERE dc.deal_id = d.id) AS components
    FROM deals d WHERE d.id = ANY(${intArray([...new Set(ids)])})`);
  return new Map(rowsOf(dealRow, result).map((row) => [row.id, row]));
}

/** The menu rows a batch of operations names: its items, its deals and their component items. */
export interface MenuFor {
  variants: Map<number, MenuVariant>;
  deals: Map<number, MenuDeal>;
}

/** The deals a batch adds, and every variant it may sell (its items and the deals' options). */
export async function dealsForOps(
  tx: Db,
  ops: readonly PosOp[],
): Promise<{ deals: Map<number, MenuDeal>; variantIds: number[] }> {
  const adds = ops.filter((op) => op.kind === "add_line");
  const deals = await menuDeals(
    tx,
    adds.flatMap((op) => (op.dealId === undefined ? [] : [op.dealId])),
  );
  const variantIds = [
    ...adds.flatMap((op) => (op.variantId === undefined ? [] : [op.variantId])),
    ...[...deals.values()].flatMap((deal) =>
      deal.components.flatMap((component) => component.options.map((option) => option.variantId)),
    ),
  ];
  return { deals, variantIds: [...new Set(variantIds)] };
}

/** An item the POS sells now for this order type, or a 400 naming the operation's field. */
export function sellableVariant(menu: MenuFor, id: number, orderType: OrderType, field: string): MenuVariant {
  const variant = menu.variants.get(id);
  if (!variant?.on_sale) throw fieldError(field, POS_ORDER_MESSAGES.variant);
  if ((variant.order_types & ORDER_TYPE_BITS[orderType]) === 0)
    throw fieldError(field, POS_ORDER_MESSAGES.itemOrderType);
  if (variant.sold_out) throw new AppError("POS_SOLD_OUT", POS_ORDER_MESSAGES.soldOut, { variantId: id });
  return variant;
}

export interface DealPick {
  variant: MenuVariant;
  qty: number;
  extraMinor: bigint;
}

/**
 * The deal's lines for these picks: every fixed line, and in each choice group the picked options
 * (its defaults when nothing of the group was picked), between the group's minimum and maximum.
 */
export function dealPicks(
  menu: MenuFor,
  dealId: number,
  picks: readonly number[],
  orderType: OrderType,
  at: LocalMoment,
  field: string,
): { deal: MenuDeal; parts: DealPick[] } {
  const deal = menu.deals.get(dealId);
  const window = {
    validFrom: deal?.valid_from ?? null,
    validTo: deal?.valid_to ?? null,
    weekdays: deal?.weekdays ?? 0,
    timeFrom: deal?.time_from ?? null,
    timeTo: deal?.time_to ?? null,
  };
  if (!deal?.active || (deal.order_types & ORDER_TYPE_BITS[orderType]) === 0 || !isWithinWindow(window, at))
    throw fieldError(`${field}.dealId`, POS_ORDER_MESSAGES.deal);
  const known = new Set(deal.components.flatMap((component) => component.options.map((option) => option.id)));
  if (picks.some((pick) => !known.has(pick))) throw fieldError(`${field}.picks`, POS_ORDER_MESSAGES.dealPicks);
  const parts: DealPick[] = [];
  for (const component of deal.components) {
    let chosen = component.options;
    if (component.kind === "choice") {
      const picked = component.options.filter((option) => picks.includes(option.id));
      chosen = picked.length > 0 ? picked : component.options.filter((option) => option.isDefault);
      if (chosen.length < component.min || chosen.length > component.max)
        throw fieldError(`${field}.picks`, POS_ORDER_MESSAGES.dealPicks);
    }
    for (const option of chosen) {
      parts.push({
        variant: sellableVariant(menu, option.variantId, orderType, `${field}.picks`),
        qty: option.qty,
        extraMinor: BigInt(option.extraMinor),
      });
    }
  }
  return { deal, parts };
}
