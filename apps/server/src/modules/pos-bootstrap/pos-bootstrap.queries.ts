import type { PosBootstrap } from "@cargodesk/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { outlets } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { rowsOf } from "../../lib/sql";
import { getOutletSettings, OUTLET_ID } from "../outlet-settings";
import { dealsJson, hasCodeCouponsJson, productsJson } from "./pos-bootstrap.offers";

/**
 * The bootstrap's parts as SQL that PostgreSQL writes as JSON (the keys and shapes of
 * `posBootstrapSchema`), all in ONE statement: a register's catalogue is a few hundred KB, and
 * building it as text in the database, in one round trip, costs far less than mapping and encoding
 * thousands of rows on the request thread. Active rows only, in display order.
 */

/** The outlet's POS settings (as Setting > Restaurant answers them) with its id and name. */
export async function readOutlet(ctx: Ctx): Promise<PosBootstrap["outlet"]> {
  const [row] = await ctx.db.select({ name: outlets.name }).from(outlets).where(eq(outlets.id, OUTLET_ID));
  if (!row) throw new AppError("NOT_FOUND", "The outlet is not set up");
  return { id: OUTLET_ID, name: row.name, ...(await getOutletSettings(ctx)) };
}

const countersJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', c.id, 'code', c.code, 'name', c.name, 'receiptPrinterId', c.receipt_printer_id,
           'defaultOrderType', c.default_order_type) ORDER BY c.code), '[]'::json)
  FROM pos_counters c WHERE c.outlet_id = ${OUTLET_ID} AND c.active)`;

const taxClassesJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', t.id, 'name', t.name, 'rateBp', t.rate_bp,
           'methodRates', (SELECT coalesce(json_agg(json_build_object('paymentMethodId', r.payment_method_id, 'rateBp', r.rate_bp)
                                                    ORDER BY r.payment_method_id), '[]'::json)
                           FROM tax_method_rates r WHERE r.tax_class_id = t.id)) ORDER BY t.name), '[]'::json)
  FROM tax_classes t WHERE t.active)`;

const paymentMethodsJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', m.id, 'name', m.name, 'kind', m.kind, 'opensDrawer', m.opens_drawer,
           'countedAtClose', m.counted_at_close) ORDER BY m.sort, m.name), '[]'::json)
  FROM payment_methods m WHERE m.active)`;

const stationsJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', s.id, 'name', s.name, 'printerId', s.printer_id, 'mode', s.mode,
           'targetMinutes', s.target_minutes, 'alertMinutes', s.alert_minutes) ORDER BY s.sort, s.name), '[]'::json)
  FROM kitchen_stations s WHERE s.outlet_id = ${OUTLET_ID} AND s.active)`;

/** Printers as the register drives them; a printer holds no secret. */
const printersJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', p.id, 'name', p.name, 'kind', p.kind, 'host', p.host, 'port', p.port,
           'widthChars', p.width_chars, 'codepage', p.codepage) ORDER BY p.name), '[]'::json)
  FROM printers p WHERE p.active)`;

const categoryFields = (c: SQL) =>
  sql`'id', ${c}.id, 'name', ${c}.name, 'sort', ${c}.sort, 'color', ${c}.color, 'imagePath', ${c}.image_path,
      'stationId', ${c}.station_id, 'sendToKitchen', ${c}.send_to_kitchen`;

/** The active two-level tree; a sub-category of an inactive parent is left out with it. */
const categoriesJson = sql`(
  SELECT coalesce(json_agg(json_build_object(${categoryFields(sql`top`)},
           'children', (SELECT coalesce(json_agg(json_build_object(${categoryFields(sql`child`)})
                                                 ORDER BY child.sort, child.name), '[]'::json)
                        FROM menu_categories child WHERE child.parent_id = top.id AND child.active))
         ORDER BY top.sort, top.name), '[]'::json)
  FROM menu_categories top WHERE top.parent_id IS NULL AND top.active)`;

const hallsJson = sql`(
  SELECT coalesce(json_agg(json_build_object(
           'id', h.id, 'name', h.name, 'sort', h.sort, 'serviceChargeBp', h.service_charge_bp,
           'tables', (SELECT coalesce(json_agg(json_build_object(
                               'id', t.id, 'name', t.name, 'seats', t.seats, 'shape', t.shape,
                               'x', t.x, 'y', t.y, 'w', t.w, 'h', t.h) ORDER BY t.name, t.id), '[]'::json)
                      FROM dining_tables t WHERE t.hall_id = h.id AND t.active)) ORDER BY h.sort, h.name), '[]'::json)
  FROM halls h WHERE h.outlet_id = ${OUTLET_ID} AND h.active)`;

/** Every part but the outlet, the promotions and the counter, as one JSON object's text. */
export async function readCatalogueJson(tx: Db): Promise<string> {
  const result = await tx.execute(sql`
    SELECT json_build_object(
      'counters', ${countersJson}, 'taxClasses', ${taxClassesJson}, 'paymentMethods', ${paymentMethodsJson},
      'stations', ${stationsJson}, 'printers', ${printersJson}, 'categories', ${categoriesJson},
      'hasCodeCoupons', ${hasCodeCouponsJson}, 'halls', ${hallsJson},
      'products', ${productsJson}, 'deals', ${dealsJson})::text AS json`);
  const [row] = rowsOf(z.object({ json: z.string() }), result);
  if (!row) throw new Error("The catalogue query answered no row");
  return row.json;
}
