/**
 * Loads a large stock ledger for the Store benchmarks: 500 store products x 3 locations (Store,
 * Kitchen and a Bar), moves over two years in posting order with their running quantity and value,
 * one busy product on every tenth move; then bins and the daily and monthly totals are rebuilt from
 * the moves, as the posting transaction would have kept them. Rows go in with INSERT ... SELECT FROM
 * unnest(...) in chunks.
 */
import { mulDivRound } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../apps/server/src/db/client";
import { addDays } from "../apps/server/src/lib/dates";
import { col, rowsOf } from "../apps/server/src/lib/sql";
import { arrayLiteral, random } from "./ledger-data";

export interface LoadedStock {
  productIds: number[];
  busyProductId: number;
  locationIds: number[];
  firstDay: string;
  lastDay: string;
  moves: number;
}

const MICRO = 1_000_000n;

export async function loadStock(
  db: Db,
  targetMoves = 1_000_000,
  products = 500,
  firstDay = "2024-11-01",
  days = 730,
): Promise<LoadedStock> {
  await db.execute(sql`insert into stock_locations (outlet_id, code, name, kind, allow_negative)
    values (1, 'BENCH-BAR', 'Bench bar', 'bar', false) on conflict do nothing`);
  const locationIds = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`select id from stock_locations order by id limit 3`),
  ).map((row) => Number(row.id));
  const names = Array.from({ length: products }, (_, index) => `BENCH PRODUCT ${String(index + 1).padStart(4, "0")}`);
  const productIds = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`insert into store_products (code, name, stock_uom_id)
      select 'B-' || n, n, 2 from unnest(${arrayLiteral(names)}::text[]) as n returning id`),
  ).map((row) => Number(row.id));
  const busyProductId = productIds[0] ?? 0;
  const next = random(7);
  const state = new Map<string, { qty: bigint; value: bigint }>();
  // Moves are spread evenly over the days in posting order, so ids follow business dates.
  const perDay = targetMoves / days;
  const chunk: (string | number)[][] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const col = (index: number) => arrayLiteral(chunk.map((row) => row[index] ?? ""));
    await db.execute(sql`insert into stock_moves (store_product_id, location_id, business_date, doc_type, doc_id,
        qty_micro, value_minor, qty_after_micro, value_after_minor)
      select * from unnest(${col(0)}::int[], ${col(1)}::int[], ${col(2)}::date[], ${col(3)}::text[], ${col(4)}::int[],
        ${col(5)}::bigint[], ${col(6)}::bigint[], ${col(7)}::bigint[], ${col(8)}::bigint[])`);
    chunk.length = 0;
  };
  for (let index = 0; index < targetMoves; index += 1) {
    const date = addDays(firstDay, Math.min(days - 1, Math.floor(index / perDay)));
    const productId =
      index % 10 === 0 ? busyProductId : (productIds[Math.floor(next() * productIds.length)] ?? busyProductId);
    const locationId = locationIds[Math.floor(next() * locationIds.length)] ?? 1;
    const key = `${productId}:${locationId}`;
    const bin = state.get(key) ?? { qty: 0n, value: 0n };
    const qty = BigInt(1 + Math.floor(next() * 5000)) * 1000n;
    let signedQty: bigint;
    let value: bigint;
    if (bin.qty >= qty && next() < 0.55) {
      signedQty = -qty;
      value = qty === bin.qty ? -bin.value : -mulDivRound(bin.value, qty, bin.qty);
    } else {
      signedQty = qty;
      value = mulDivRound(qty, BigInt(5_000 + Math.floor(next() * 50_000)), MICRO);
    }
    bin.qty += signedQty;
    bin.value += value;
    if (bin.qty === 0n) bin.value = 0n;
    state.set(key, bin);
    const docType = signedQty > 0n ? "receiving" : locationId === locationIds[0] ? "issue_out" : "sale";
    chunk.push([
      productId,
      locationId,
      date,
      docType,
      index + 1,
      String(signedQty),
      String(value),
      String(bin.qty),
      String(bin.value),
    ]);
    if (chunk.length >= 20_000) await flush();
  }
  await flush();
  await db.execute(sql`insert into stock_bins (store_product_id, location_id, qty_micro, value_minor)
    select distinct on (store_product_id, location_id) store_product_id, location_id, qty_after_micro, value_after_minor
    from stock_moves order by store_product_id, location_id, id desc
    on conflict (store_product_id, location_id) do update set qty_micro = excluded.qty_micro, value_minor = excluded.value_minor`);
  const totals = (period: string) =>
    sql.raw(`select store_product_id, location_id, ${period},
      sum(qty_micro) filter (where qty_micro > 0), sum(value_minor) filter (where qty_micro > 0),
      coalesce(-sum(qty_micro) filter (where qty_micro < 0), 0), coalesce(-sum(value_minor) filter (where qty_micro < 0), 0)
    from stock_moves group by 1, 2, 3`);
  await db.execute(sql`delete from stock_daily`);
  await db.execute(sql`delete from stock_monthly`);
  await db.execute(sql`insert into stock_daily (store_product_id, location_id, day, in_qty_micro, in_value_minor, out_qty_micro, out_value_minor)
    select store_product_id, location_id, day, coalesce(i_q, 0), coalesce(i_v, 0), o_q, o_v
    from (${totals("business_date")}) as t(store_product_id, location_id, day, i_q, i_v, o_q, o_v)`);
  await db.execute(sql`insert into stock_monthly (store_product_id, location_id, month, in_qty_micro, in_value_minor, out_qty_micro, out_value_minor)
    select store_product_id, location_id, month, coalesce(i_q, 0), coalesce(i_v, 0), o_q, o_v
    from (${totals("date_trunc('month', business_date)::date")}) as t(store_product_id, location_id, month, i_q, i_v, o_q, o_v)`);
  // A live database is vacuumed by autovacuum; a freshly loaded one must be too, or every
  // index-only scan (the ledger's count) visits the heap.
  for (const table of ["stock_moves", "stock_bins", "stock_daily", "stock_monthly", "store_products"]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  return {
    productIds,
    busyProductId,
    locationIds,
    firstDay,
    lastDay: addDays(firstDay, days - 1),
    moves: targetMoves,
  };
}
