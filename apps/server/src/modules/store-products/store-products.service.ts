import {
  STORE_PRODUCT_MESSAGES as M,
  parseQtyMicro,
  type StoreProductCheck,
  type StoreProductCreate,
  type StoreProductRow,
  type StoreProductUpdate,
  type StoreProductUploaded,
} from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { storeProducts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { rejectIssues } from "../../lib/tabular";
import { findUnits } from "../units";
import { type Candidate, COLUMN_OF_FIELD, candidateOf, checkAgainstBooks } from "./store-products.check";
import {
  findClashes,
  findStoreProduct,
  findStoreProducts,
  isReferenced,
  type ListFilter,
} from "./store-products.queries";
import { saveProducts } from "./store-products.save";

export { findGroups } from "./store-products.queries";

const invalid = (issues: readonly { field: string; message: string }[]) =>
  new AppError(
    "VALIDATION",
    issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "),
    issues.map(({ field, message }) => ({ field, message })),
  );

export async function listStoreProducts(ctx: Ctx, query: ListFilter & { size: number; page: number }) {
  const { rows, total } = await findStoreProducts(ctx.db, query, { size: query.size, page: query.page });
  return { data: rows, page: query.page, total_results: total };
}

export async function getStoreProduct(db: Db, id: number): Promise<StoreProductRow> {
  const row = await findStoreProduct(db, id);
  if (!row) throw new AppError("NOT_FOUND", M.notFound);
  return row;
}

/** Adds one product (the upload's rules for one row); its opening quantity posts its own JV. */
export async function addStoreProduct(ctx: Ctx, input: StoreProductCreate) {
  const units = await findUnits(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const candidate = candidateOf(0, input);
    const planned = await checkAgainstBooks(tx, [candidate], units, "add");
    if (candidate.issues.length > 0 || planned.length === 0) throw invalid(candidate.issues);
    const saved = await saveProducts(ctx, tx, planned);
    return { message: M.added, data: await getStoreProduct(tx, saved.ids[0] ?? 0), voucherNo: saved.voucherNo };
  });
}

/**
 * Changes a product. The stock unit is fixed once it has moves (409); a purchase unit converts by
 * dimension or by its factor (a pack); codes, names and barcodes stay unique.
 */
export async function updateStoreProduct(ctx: Ctx, id: number, input: StoreProductUpdate) {
  const units = await findUnits(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(storeProducts).where(eq(storeProducts.id, id)).for("update");
    if (!current) throw new AppError("NOT_FOUND", M.notFound);
    const code = input.code ?? current.code;
    const clashes = await findClashes(tx, {
      codes: [code],
      names: [input.name],
      barcodes: input.barcode ? [input.barcode] : [],
    });
    const issues: { field: string; message: string }[] = [];
    for (const other of clashes.filter((row) => row.id !== id)) {
      if (other.code.toLowerCase() === code.toLowerCase()) issues.push({ field: "code", message: M.codeTaken });
      if (other.name.toLowerCase() === input.name.toLowerCase()) issues.push({ field: "name", message: M.nameTaken });
      if (input.barcode && other.barcode === input.barcode) issues.push({ field: "barcode", message: M.barcodeTaken });
    }
    const stock = units.find((unit) => unit.uomId === input.stockUomId);
    const purchase = units.find((unit) => unit.uomId === input.purchaseUomId);
    if (!stock) issues.push({ field: "stockUomId", message: M.unitUnknown });
    if (input.purchaseUomId !== null && !purchase) issues.push({ field: "purchaseUomId", message: M.unitUnknown });
    if (stock && purchase && input.purchaseFactor === null && purchase.dimension !== stock.dimension)
      issues.push({ field: "purchaseFactor", message: M.factorNeeded });
    if (issues.length > 0) throw invalid(issues);
    if (current.stockUomId !== input.stockUomId && (await isReferenced(tx, id)))
      throw new AppError("STORE_PRODUCT_UOM_LOCKED", `stockUomId: ${M.stockUomLocked}`, { field: "stockUomId" });

    await tx
      .update(storeProducts)
      .set({
        code,
        name: input.name,
        groupName: input.group,
        stockUomId: input.stockUomId,
        purchaseUomId: input.purchaseUomId,
        barcode: input.barcode,
        reorderMicro: parseQtyMicro(input.reorderLevel) ?? 0n,
        parMicro: parseQtyMicro(input.parLevel) ?? 0n,
        active: input.active,
      })
      .where(eq(storeProducts.id, id));
    if (input.purchaseUomId !== null && input.purchaseUomId !== input.stockUomId) {
      if (input.purchaseFactor !== null)
        await tx.execute(sql`
          INSERT INTO store_product_uoms (store_product_id, uom_id, factor_micro)
          VALUES (${id}, ${input.purchaseUomId}, ${parseQtyMicro(input.purchaseFactor) ?? 0n})
          ON CONFLICT (store_product_id, uom_id) DO UPDATE SET factor_micro = excluded.factor_micro`);
      else
        await tx.execute(
          sql`DELETE FROM store_product_uoms WHERE store_product_id = ${id} AND uom_id = ${input.purchaseUomId}`,
        );
    }
    return { message: M.updated, data: await getStoreProduct(tx, id), voucherNo: null };
  });
}

/** Deletes a product nothing refers to; one with moves or store document lines is deactivated instead (409). */
export async function deleteStoreProduct(ctx: Ctx, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: storeProducts.id })
      .from(storeProducts)
      .where(eq(storeProducts.id, id))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", M.notFound);
    if (await isReferenced(tx, id)) throw new AppError("STORE_PRODUCT_HAS_MOVES", M.hasMoves);
    await tx.execute(sql`DELETE FROM stock_bins WHERE store_product_id = ${id}`);
    await tx.delete(storeProducts).where(eq(storeProducts.id, id));
    return { message: M.deleted };
  });
}

const columnIssues = (candidate: Candidate) =>
  candidate.issues.map((issue) => ({
    column: COLUMN_OF_FIELD[issue.field as keyof typeof COLUMN_OF_FIELD] ?? issue.field,
    message: issue.message,
  }));

/**
 * The upload: every row checked with the single add's schema and against the books. A dry run
 * answers each row with its errors and writes nothing; a save refuses the whole file (400, every
 * row's errors) unless every row is right, then creates and updates all of them in one
 * transaction with one opening JV.
 */
export async function uploadStoreProducts(
  ctx: Ctx,
  candidates: Candidate[],
  dryRun: boolean,
): Promise<StoreProductCheck | StoreProductUploaded> {
  const units = await findUnits(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const planned = await checkAgainstBooks(tx, candidates, units, "upload");
    if (dryRun)
      return {
        rows: candidates.map((candidate) => ({
          row: candidate.row,
          code: candidate.existing?.code ?? candidate.code,
          name: candidate.name,
          action: candidate.existing ? ("update" as const) : ("create" as const),
          errors: columnIssues(candidate),
        })),
      };
    const issues = candidates.flatMap((candidate) =>
      columnIssues(candidate).map((issue) => ({ row: candidate.row, ...issue })),
    );
    rejectIssues(issues);
    const saved = await saveProducts(ctx, tx, planned);
    return {
      message: M.uploaded(saved.created, saved.updated),
      created: saved.created,
      updated: saved.updated,
      voucherNo: saved.voucherNo,
    };
  });
}

/** Every product the filter matches, for the XLSX export. */
export const allStoreProducts = async (ctx: Ctx, filter: ListFilter) =>
  (await findStoreProducts(ctx.db, filter, null)).rows;
