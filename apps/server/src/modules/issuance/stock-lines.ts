import { parseQtyMicro, STOCK_MESSAGES, toStockMicro, type UnitDimension } from "@cargodesk/shared";
import { and, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { storeProducts, storeProductUoms, units } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

export interface EnteredLine {
  storeProductId: number;
  uomId: number;
  /** As typed, in `uomId`. */
  qty: number;
}

export interface StockLine extends EnteredLine {
  /** Micro-units of the product's stock unit. */
  qtyMicro: bigint;
  /** The entered quantity as exact decimal text, for the `qty_entered` column. */
  qtyText: string;
}

const unitOf = (row: { uomId: number; dimension: string; factorToBase: string }) => ({
  id: row.uomId,
  dimension: row.dimension as UnitDimension,
  factor: row.factorToBase,
});

/**
 * Converts document lines to micro-units of each product's stock unit (same dimension, or the
 * product's own pack unit). A product that does not exist or is inactive, or a unit that cannot be
 * converted, is a 400 naming `<path>.<index>.storeProductId` or `.uomId`.
 */
export async function toStockLines(
  tx: Db,
  lines: readonly EnteredLine[],
  path = "lines",
  allowInactive = false,
): Promise<StockLine[]> {
  if (lines.length === 0) return [];
  const productIds = [...new Set(lines.map((line) => line.storeProductId))];
  const products = new Map(
    (
      await tx
        .select({ id: storeProducts.id, stockUomId: storeProducts.stockUomId, active: storeProducts.active })
        .from(storeProducts)
        .where(inArray(storeProducts.id, productIds))
    ).map((row) => [row.id, row]),
  );
  const unitIds = [
    ...new Set([...lines.map((line) => line.uomId), ...[...products.values()].map((p) => p.stockUomId)]),
  ];
  const unitRows = new Map(
    (
      await tx
        .select({ uomId: units.uomId, dimension: units.dimension, factorToBase: units.factorToBase })
        .from(units)
        .where(inArray(units.uomId, unitIds))
    ).map((row) => [row.uomId, row]),
  );
  const packs = new Map(
    (
      await tx
        .select()
        .from(storeProductUoms)
        .where(and(inArray(storeProductUoms.storeProductId, productIds), inArray(storeProductUoms.uomId, unitIds)))
    ).map((row) => [`${row.storeProductId}:${row.uomId}`, row.factorMicro]),
  );
  const issues: { field: string; message: string }[] = [];
  const out: StockLine[] = [];
  lines.forEach((line, index) => {
    const product = products.get(line.storeProductId);
    if (!product || (!product.active && !allowInactive)) {
      issues.push({ field: `${path}.${index}.storeProductId`, message: "Please select a product" });
      return;
    }
    const unit = unitRows.get(line.uomId);
    const stockUnit = unitRows.get(product.stockUomId);
    const entered = parseQtyMicro(line.qty);
    if (!unit || !stockUnit || entered === null) {
      issues.push({ field: `${path}.${index}.uomId`, message: "Please select a unit" });
      return;
    }
    const qtyMicro = toStockMicro(
      entered,
      unitOf(unit),
      unitOf(stockUnit),
      packs.get(`${line.storeProductId}:${line.uomId}`) ?? null,
    );
    if (qtyMicro === null) {
      issues.push({ field: `${path}.${index}.uomId`, message: STOCK_MESSAGES.unitDimension });
      return;
    }
    const whole = entered / 1_000_000n;
    const fraction = String(entered % 1_000_000n).padStart(6, "0");
    out.push({ ...line, qtyMicro, qtyText: `${whole}.${fraction}` });
  });
  if (issues.length > 0)
    throw new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);
  return out;
}

/** Checks a line's stock quantity (after conversion) is above zero: 0.0000001 kg in grams rounds to nothing. */
export function requirePositive(lines: readonly StockLine[], path = "lines", zeroAllowed = false): void {
  const issues = lines.flatMap((line, index) =>
    line.qtyMicro > 0n || (zeroAllowed && line.qtyMicro === 0n)
      ? []
      : [{ field: `${path}.${index}.qty`, message: STOCK_MESSAGES.qty }],
  );
  if (issues.length > 0)
    throw new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);
}
