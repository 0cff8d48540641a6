import { type SQL, sql } from "drizzle-orm";

/**
 * The menu parts of the bootstrap as JSON-writing SQL (see pos-bootstrap.queries): products with
 * their variants, deals with their choices and whether code coupons exist (the automatic promotions
 * come from the coupon engine's own reader, `automaticPromotions`).
 */

/**
 * Products on sale at the POS (active, available in the POS, in an active category whose parent,
 * if any, is active too, with at least one active variant) and their active variants in grid order;
 * the station is the product's own, else its category's, else the parent's.
 */
/** A price column as the wire's decimal number (500.5), exact. */
const priceJson = (minor: SQL) => sql`trim_scale(${minor}::numeric / 100)`;

export const productsJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', p.id, 'code', p.code, 'name', p.name, 'categoryId', p.category_id, 'description', p.description,
           'imagePath', p.image_path, 'taxClassId', p.tax_class_id,
           'stationId', coalesce(p.station_id, c.station_id, parent.station_id),
           'prepMinutes', p.prep_minutes, 'orderTypes', p.order_types, 'soldOut', p.sold_out,
           'variants', v.variants) ORDER BY p.sort, p.name, p.id), '[]'::json)
  FROM products p
  JOIN menu_categories c ON c.id = p.category_id AND c.active
  LEFT JOIN menu_categories parent ON parent.id = c.parent_id
  JOIN LATERAL (
    SELECT json_agg(json_build_object(
             'id', pv.id, 'sizeId', pv.size_id, 'sizeName', s.name, 'sizeCode', s.code,
             'flavourId', pv.flavour_id, 'flavourName', f.name, 'price', ${priceJson(sql`pv.price_minor`)},
             'barcode', pv.barcode)
           ORDER BY coalesce(s.sort, 0), coalesce(f.sort, 0), pv.sort, pv.id) AS variants
    FROM product_variants pv
    LEFT JOIN sizes s ON s.id = pv.size_id
    LEFT JOIN flavours f ON f.id = pv.flavour_id
    WHERE pv.product_id = p.id AND pv.active
  ) v ON v.variants IS NOT NULL
  WHERE p.active AND p.available_in_pos AND (c.parent_id IS NULL OR parent.active))`;

/** Active deals with their components and the options whose variants are active. */
export const dealsJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', d.id, 'code', d.code, 'name', d.name, 'categoryId', d.category_id,
           'price', ${priceJson(sql`d.price_minor`)}, 'imagePath', d.image_path,
           'validFrom', d.valid_from, 'validTo', d.valid_to, 'weekdays', d.weekdays,
           'timeFrom', d.time_from, 'timeTo', d.time_to, 'orderTypes', d.order_types,
           'components', (
             SELECT coalesce(json_agg(json_build_object(
                      'id', dc.id, 'kind', dc.kind, 'label', dc.label,
                      'minChoose', dc.min_choose, 'maxChoose', dc.max_choose,
                      'options', (
                        SELECT coalesce(json_agg(json_build_object(
                                 'id', dco.id, 'variantId', dco.variant_id, 'qty', dco.qty,
                                 'extraPrice', ${priceJson(sql`dco.extra_price_minor`)}, 'isDefault', dco.is_default)
                               ORDER BY dco.id), '[]'::json)
                        FROM deal_component_options dco
                        JOIN product_variants pv ON pv.id = dco.variant_id AND pv.active
                        WHERE dco.component_id = dc.id)) ORDER BY dc.sort, dc.id), '[]'::json)
             FROM deal_components dc WHERE dc.deal_id = d.id)) ORDER BY d.name, d.id), '[]'::json)
  FROM deals d WHERE d.active)`;

export const hasCodeCouponsJson = sql`EXISTS (SELECT 1 FROM coupons WHERE active AND code IS NOT NULL)`;
