import { parseQtyMicro, type StoreProductCreate } from "@cargodesk/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { accounts, stockLocations } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getIntegration } from "../../lib/books/integration";
import { postVoucher } from "../../lib/books/posting";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { applyMoves, checkStockDate, inventoryAccountOf, type MoveInput } from "../stock";
import { openingValueMinor, type Planned } from "./store-products.check";

const micro = (qty: number): number => Number(parseQtyMicro(qty) ?? 0n);

/**
 * Codes for products given none: SP-00001 upwards past the highest SP code in use and the file's
 * own codes. A transaction lock keeps two uploads from handing out the same code.
 */
async function autoCodes(tx: Db, count: number, taken: ReadonlySet<string>): Promise<string[]> {
  if (count === 0) return [];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('store_products.code'))`);
  const result = await tx.execute(sql`
    SELECT coalesce(max(substring(code FROM 4)::bigint), 0)::text AS last
    FROM store_products WHERE code ~ '^SP-[0-9]{1,9}$'`);
  let next = Number(rowsOf(z.object({ last: col.numeric }), result)[0]?.last ?? 0) + 1;
  const codes: string[] = [];
  while (codes.length < count) {
    const code = `SP-${String(next).padStart(5, "0")}`;
    next += 1;
    if (!taken.has(code.toLowerCase())) codes.push(code);
  }
  return codes;
}

const fieldsOf = (input: StoreProductCreate) => ({
  name: input.name,
  group_name: input.group,
  stock_uom_id: input.stockUomId,
  purchase_uom_id: input.purchaseUomId,
  barcode: input.barcode,
  reorder_micro: micro(input.reorderLevel),
  par_micro: micro(input.parLevel),
});

/** Packs given with a factor are stored; a purchase unit without one converts by dimension. */
async function savePacks(tx: Db, rows: readonly { id: number; input: StoreProductCreate }[]): Promise<void> {
  const packs = rows.flatMap(({ id, input }) =>
    input.purchaseUomId !== null && input.purchaseFactor !== null && input.purchaseUomId !== input.stockUomId
      ? [{ id, uom_id: input.purchaseUomId, factor_micro: micro(input.purchaseFactor) }]
      : [],
  );
  const dropped = rows.flatMap(({ id, input }) =>
    input.purchaseUomId !== null && (input.purchaseFactor === null || input.purchaseUomId === input.stockUomId)
      ? [{ id, uom_id: input.purchaseUomId }]
      : [],
  );
  if (packs.length > 0)
    await tx.execute(sql`
      INSERT INTO store_product_uoms (store_product_id, uom_id, factor_micro)
      SELECT r.id, r.uom_id, r.factor_micro
      FROM jsonb_to_recordset(${JSON.stringify(packs)}::jsonb) AS r(id int, uom_id int, factor_micro bigint)
      ON CONFLICT (store_product_id, uom_id) DO UPDATE SET factor_micro = excluded.factor_micro`);
  if (dropped.length > 0)
    await tx.execute(sql`
      DELETE FROM store_product_uoms k
      USING jsonb_to_recordset(${JSON.stringify(dropped)}::jsonb) AS r(id int, uom_id int)
      WHERE k.store_product_id = r.id AND k.uom_id = r.uom_id`);
}

async function accountName(tx: Db, id: number): Promise<string> {
  const [row] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, id));
  return row?.name ?? "";
}

/**
 * Opening stock: one `opening` move per product into the Store at quantity x cost, and one approved
 * JV for all of them (Dr Store Inventory, Cr Opening Balance Equity), the moves linked to it.
 */
async function postOpeningStock(
  ctx: Ctx,
  tx: Db,
  rows: readonly { id: number; input: StoreProductCreate }[],
): Promise<string | null> {
  const opening = rows.filter(({ input }) => input.openingQty !== null);
  if (opening.length === 0) return null;
  const today = todayIn(ctx.config.APP_TZ);
  await checkStockDate(tx, ctx.config.APP_TZ, today, "openingQty");
  const [store] = await tx
    .select()
    .from(stockLocations)
    .where(and(eq(stockLocations.kind, "store"), eq(stockLocations.active, true)))
    .orderBy(asc(stockLocations.outletId), asc(stockLocations.id))
    .limit(1);
  if (!store) throw new AppError("CONFLICT", "There is no active Store location");
  const values = opening.map(({ input }) => openingValueMinor(input));
  const total = values.reduce((sum, value) => sum + value, 0n);
  const userId = ctx.user?.id ?? null;
  let voucher: { id: number; number: string } | null = null;
  if (total > 0n) {
    const inventoryId = await inventoryAccountOf(tx, store);
    const equityId = (await getIntegration(tx))?.openingEquityAccountId;
    if (!equityId)
      throw new AppError("INTEGRATION_NOT_SET", "Set the Opening Balance Equity account in Accounts Integration first");
    const amount = Number(total);
    const description = `OPENING STOCK OF ${opening.length} STORE PRODUCT(S)`;
    voucher = await postVoucher(tx, {
      typeId: 5,
      date: today,
      cashAccountId: null,
      source: "opening",
      createdBy: userId,
      approvedBy: userId,
      lines: [
        {
          accountId: inventoryId,
          debit: amount,
          credit: 0,
          description,
          billNumber: "",
          accountTitle: await accountName(tx, inventoryId),
        },
        {
          accountId: equityId,
          debit: 0,
          credit: amount,
          description,
          billNumber: "",
          accountTitle: await accountName(tx, equityId),
        },
      ],
    });
  }
  const moves: MoveInput[] = opening.map(({ id, input }, index) => ({
    storeProductId: id,
    locationId: store.id,
    qtyMicro: parseQtyMicro(input.openingQty ?? 0) ?? 0n,
    valueMinor: values[index] ?? 0n,
    docType: "opening",
    // An opening has no document of its own: the move points at its product, and at the JV.
    docId: id,
    businessDate: today,
    voucherId: voucher?.id ?? null,
  }));
  // The kernel writes each table once, with array parameters: one call for the whole file.
  await applyMoves(tx, moves, userId);
  return voucher?.number ?? null;
}

/**
 * Writes checked products inside the caller's transaction: creates the new ones (with auto codes),
 * updates the existing ones, stores their packs and posts the opening stock. Answers the ids in
 * the order given and the opening JV's number.
 */
export async function saveProducts(
  ctx: Ctx,
  tx: Db,
  planned: readonly Planned[],
): Promise<{ ids: number[]; created: number; updated: number; voucherNo: string | null }> {
  const creates = planned.filter((each) => each.existing === null);
  const updates = planned.filter((each) => each.existing !== null);
  const taken = new Set(planned.flatMap(({ input }) => (input.code ? [input.code.toLowerCase()] : [])));
  const codes = await autoCodes(tx, creates.filter(({ input }) => !input.code).length, taken);
  let auto = 0;
  const newRows = creates.map(({ input }, ord) => {
    const code = input.code ?? codes[auto++] ?? "";
    return { ord, code, ...fieldsOf(input) };
  });
  const idOf = new Map<Planned, number>();
  if (newRows.length > 0) {
    const result = await tx.execute(sql`
      INSERT INTO store_products (code, name, group_name, stock_uom_id, purchase_uom_id, barcode, reorder_micro, par_micro, created_by)
      SELECT r.code, r.name, r.group_name, r.stock_uom_id, r.purchase_uom_id, r.barcode, r.reorder_micro, r.par_micro,
        ${ctx.user?.id ?? null}::int
      FROM jsonb_to_recordset(${JSON.stringify(newRows)}::jsonb) AS r(ord int, code text, name text, group_name text,
        stock_uom_id int, purchase_uom_id int, barcode text, reorder_micro bigint, par_micro bigint)
      ORDER BY r.ord
      RETURNING id, code`);
    const byCode = new Map(
      rowsOf(z.object({ id: col.int, code: col.text }), result).map((row) => [row.code, Number(row.id)]),
    );
    creates.forEach((each, index) => {
      idOf.set(each, byCode.get(newRows[index]?.code ?? "") ?? 0);
    });
  }
  if (updates.length > 0) {
    const rows = updates.map(({ input, existing }) => ({ id: existing?.id ?? 0, ...fieldsOf(input) }));
    // A blank purchase unit or barcode in a file keeps the product's own.
    await tx.execute(sql`
      UPDATE store_products p SET name = r.name, group_name = r.group_name, stock_uom_id = r.stock_uom_id,
        purchase_uom_id = coalesce(r.purchase_uom_id, p.purchase_uom_id), barcode = coalesce(r.barcode, p.barcode),
        reorder_micro = r.reorder_micro, par_micro = r.par_micro
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id int, name text, group_name text,
        stock_uom_id int, purchase_uom_id int, barcode text, reorder_micro bigint, par_micro bigint)
      WHERE p.id = r.id`);
    for (const each of updates) idOf.set(each, each.existing?.id ?? 0);
  }
  const saved = planned.map((each) => ({ id: idOf.get(each) ?? 0, input: each.input }));
  await savePacks(tx, saved);
  const voucherNo = await postOpeningStock(ctx, tx, saved);
  return { ids: saved.map((each) => each.id), created: creates.length, updated: updates.length, voucherNo };
}
