import type { PosBootstrap, PosCategory } from "@cargodesk/shared";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client";
import {
  diningTables,
  halls,
  kitchenStations,
  menuCategories,
  outlets,
  paymentMethods,
  posCounters,
  printers,
  taxClasses,
  taxMethodRates,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { rowsOf } from "../../lib/sql";
import { getOutletSettings, OUTLET_ID } from "../outlet-settings";

/** The queries behind the bootstrap: each reads the active rows of one part, in display order. */

type Part<K extends keyof PosBootstrap> = PosBootstrap[K];

export const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
};

const orderType = (value: string) => (value === "dine_in" || value === "delivery" ? value : "take_away");

/** The outlet's POS settings (as Setting > Restaurant answers them) with its id and name. */
export async function readOutlet(ctx: Ctx): Promise<Part<"outlet">> {
  const [row] = await ctx.db.select({ name: outlets.name }).from(outlets).where(eq(outlets.id, OUTLET_ID));
  if (!row) throw new AppError("NOT_FOUND", "The outlet is not set up");
  return { id: OUTLET_ID, name: row.name, ...(await getOutletSettings(ctx)) };
}

export async function readCounters(tx: Db, outletId: number): Promise<Part<"counters">> {
  const rows = await tx
    .select({
      id: posCounters.id,
      code: posCounters.code,
      name: posCounters.name,
      receiptPrinterId: posCounters.receiptPrinterId,
      defaultOrderType: posCounters.defaultOrderType,
    })
    .from(posCounters)
    .where(and(eq(posCounters.outletId, outletId), eq(posCounters.active, true)))
    .orderBy(asc(posCounters.code));
  return rows.map((row) => ({ ...row, defaultOrderType: orderType(row.defaultOrderType) }));
}

export async function readTaxClasses(tx: Db): Promise<Part<"taxClasses">> {
  const classes = await tx
    .select({ id: taxClasses.id, name: taxClasses.name, rateBp: taxClasses.rateBp })
    .from(taxClasses)
    .where(eq(taxClasses.active, true))
    .orderBy(asc(taxClasses.name));
  const rates = await tx
    .select({
      taxClassId: taxMethodRates.taxClassId,
      paymentMethodId: taxMethodRates.paymentMethodId,
      rateBp: taxMethodRates.rateBp,
    })
    .from(taxMethodRates)
    .orderBy(asc(taxMethodRates.paymentMethodId));
  const byClass = groupBy(rates, (rate) => rate.taxClassId);
  return classes.map((row) => ({
    ...row,
    methodRates: (byClass.get(row.id) ?? []).map(({ paymentMethodId, rateBp }) => ({ paymentMethodId, rateBp })),
  }));
}

export async function readPaymentMethods(tx: Db): Promise<Part<"paymentMethods">> {
  const rows = await tx
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      kind: paymentMethods.kind,
      opensDrawer: paymentMethods.opensDrawer,
      countedAtClose: paymentMethods.countedAtClose,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.active, true))
    .orderBy(asc(paymentMethods.sort), asc(paymentMethods.name));
  return rows.flatMap((row) =>
    row.kind === "cash" ||
    row.kind === "card" ||
    row.kind === "bank" ||
    row.kind === "wallet" ||
    row.kind === "on_account"
      ? [{ ...row, kind: row.kind }]
      : [],
  );
}

export async function readStations(tx: Db, outletId: number): Promise<Part<"stations">> {
  const rows = await tx
    .select({
      id: kitchenStations.id,
      name: kitchenStations.name,
      printerId: kitchenStations.printerId,
      mode: kitchenStations.mode,
      targetMinutes: kitchenStations.targetMinutes,
      alertMinutes: kitchenStations.alertMinutes,
    })
    .from(kitchenStations)
    .where(and(eq(kitchenStations.outletId, outletId), eq(kitchenStations.active, true)))
    .orderBy(asc(kitchenStations.sort), asc(kitchenStations.name));
  return rows.map((row) => ({ ...row, mode: row.mode === "print" || row.mode === "both" ? row.mode : "display" }));
}

/** Printers as the register drives them; a printer holds no secret, so every column but `active` goes. */
export async function readPrinters(tx: Db): Promise<Part<"printers">> {
  const rows = await tx
    .select({
      id: printers.id,
      name: printers.name,
      kind: printers.kind,
      host: printers.host,
      port: printers.port,
      widthChars: printers.widthChars,
      codepage: printers.codepage,
    })
    .from(printers)
    .where(eq(printers.active, true))
    .orderBy(asc(printers.name));
  return rows.map((row) => ({ ...row, kind: row.kind === "network_escpos" ? "network_escpos" : "browser" }));
}

/** Active categories as a two-level tree; a sub-category of an inactive parent is left out with it. */
export async function readCategories(tx: Db): Promise<PosCategory[]> {
  const rows = await tx
    .select({
      id: menuCategories.id,
      parentId: menuCategories.parentId,
      name: menuCategories.name,
      sort: menuCategories.sort,
      color: menuCategories.color,
      imagePath: menuCategories.imagePath,
      stationId: menuCategories.stationId,
      sendToKitchen: menuCategories.sendToKitchen,
    })
    .from(menuCategories)
    .where(eq(menuCategories.active, true))
    .orderBy(asc(menuCategories.sort), asc(menuCategories.name));
  const children = groupBy(
    rows.filter((row) => row.parentId !== null),
    (row) => row.parentId,
  );
  return rows
    .filter((row) => row.parentId === null)
    .map(({ parentId: _top, ...top }) => ({
      ...top,
      children: (children.get(top.id) ?? []).map(({ parentId: _parent, ...child }) => child),
    }));
}

/** A price column as the wire's decimal number (500.5), exact, written by PostgreSQL. */
export const priceJson = (minor: SQL) => sql`trim_scale(${minor}::numeric / 100)`;

/** JSON text of a query's `json_agg`, '[]' when it has no rows. */
export async function jsonArray(tx: Db, query: SQL): Promise<string> {
  const [row] = rowsOf(z.object({ json: z.string() }), await tx.execute(query));
  return row?.json ?? "[]";
}

/**
 * Products on sale at the POS (active, available in the POS, in an active category whose parent,
 * if any, is active too, with at least one active variant) and their active variants in grid
 * order (size sort, flavour sort), as JSON text: PostgreSQL writes the largest part of the answer
 * directly, with no rows to map and no objects to encode on the request thread.
 */
export function readProductsJson(tx: Db): Promise<string> {
  return jsonArray(
    tx,
    sql`SELECT coalesce(json_agg(json_build_object(
          'id', p.id, 'code', p.code, 'name', p.name, 'categoryId', p.category_id, 'description', p.description,
          'imagePath', p.image_path, 'taxClassId', p.tax_class_id,
          'stationId', coalesce(p.station_id, c.station_id, parent.station_id),
          'prepMinutes', p.prep_minutes, 'orderTypes', p.order_types, 'soldOut', p.sold_out,
          'variants', v.variants) ORDER BY p.sort, p.name, p.id), '[]')::text AS json
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
        WHERE p.active AND p.available_in_pos AND (c.parent_id IS NULL OR parent.active)`,
  );
}

/** Active halls of the outlet with their active tables. */
export async function readHalls(tx: Db, outletId: number): Promise<Part<"halls">> {
  const hallRows = await tx
    .select({ id: halls.id, name: halls.name, sort: halls.sort, serviceChargeBp: halls.serviceChargeBp })
    .from(halls)
    .where(and(eq(halls.outletId, outletId), eq(halls.active, true)))
    .orderBy(asc(halls.sort), asc(halls.name));
  const hall = alias(halls, "hall");
  const tables = await tx
    .select({
      hallId: diningTables.hallId,
      id: diningTables.id,
      name: diningTables.name,
      seats: diningTables.seats,
      shape: diningTables.shape,
      x: diningTables.x,
      y: diningTables.y,
      w: diningTables.w,
      h: diningTables.h,
    })
    .from(diningTables)
    .innerJoin(hall, eq(hall.id, diningTables.hallId))
    .where(and(eq(hall.outletId, outletId), eq(diningTables.active, true)))
    .orderBy(asc(diningTables.name));
  const tablesOf = groupBy(tables, (table) => table.hallId);
  return hallRows.map((row) => ({
    ...row,
    tables: (tablesOf.get(row.id) ?? []).map(({ hallId: _hall, shape, ...table }) => ({
      ...table,
      shape: shape === "round" || shape === "long" ? shape : "square",
    })),
  }));
}
