import {
  type BarcodeAssigned,
  type BarcodeAssignInput,
  type BarcodeItemCode,
  type BarcodeItemPage,
  type BarcodeItemQuery,
  formatMinor,
  inStoreEan13,
  type LabelsRequest,
  BARCODE_MESSAGES as M,
  THERMAL_LABEL_MESSAGES,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import type { LabelSpec } from "../../lib/label-sheet";
import { tsplLabels } from "../../lib/label-tspl";
import { col, rowsOf, sqlArray } from "../../lib/sql";
import { workerPool } from "../../lib/worker-pool";
import { itemPage, type StoreRow, storeProductsByIds, type VariantRow, variantsByIds } from "./barcode.queries";

type Issue = { field: string; message: string };

export async function findBarcodeItems(ctx: Ctx, query: BarcodeItemQuery): Promise<BarcodeItemPage> {
  const { data, total } = await itemPage(ctx.db, query);
  return { data, total_results: total };
}

/** Each id of the list that names no row: a 400 at `<field>.<index>` (or `<field>.<index>.id`). */
function missingIssues(
  ids: readonly number[],
  found: ReadonlySet<number>,
  field: (index: number) => string,
  message: string,
) {
  return ids.flatMap((id, index) => (found.has(id) ? [] : [{ field: field(index), message }]));
}

const refuse = (issues: Issue[]): never => {
  throw new AppError("VALIDATION", issues[0]?.message ?? M.nothingChosen, issues);
};

const variantName = (row: VariantRow) => [row.productName, row.variant].filter(Boolean).join(" ");

/** Every in-store code (prefix 2, 13 digits) in use, in either table, is below the next one given. */
async function nextSequence(tx: Db): Promise<number> {
  const result = await tx.execute(sql`
    SELECT coalesce(max(substr(code, 2, 11)::bigint), 0) + 1 AS next FROM (
      SELECT barcode AS code FROM product_variants WHERE barcode ~ '^2[0-9]{12}$'
      UNION ALL
      SELECT barcode FROM store_products WHERE barcode ~ '^2[0-9]{12}$'
    ) codes`);
  const [row] = rowsOf(z.object({ next: col.minor }), result);
  const next = Number(row?.next ?? 1n);
  if (!Number.isSafeInteger(next) || next > 99_999_999_999)
    throw new AppError("CONFLICT", M.rangeFull, [{ field: "variantIds", message: M.rangeFull }]);
  return next;
}

/** Serialises assignments (all servers, one database): two at once would compute the same next code. */
const ASSIGN_LOCK = 7_302_201;

/**
 * Gives each chosen variant and store product without a barcode the next in-store EAN-13 (prefix 2,
 * check digit, unique across both tables); existing codes, supplier ones included, are kept. One
 * transaction under an advisory lock; the unique indexes stay the last word against a code typed
 * in meanwhile, which fails the request (409) rather than giving one code twice.
 */
export async function assignBarcodes(ctx: Ctx, input: BarcodeAssignInput): Promise<BarcodeAssigned> {
  const items = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ASSIGN_LOCK})`);
    const variants = await variantsByIds(tx, input.variantIds);
    const stores = await storeProductsByIds(tx, input.storeProductIds);
    const issues = [
      ...missingIssues(input.variantIds, new Set(variants.map((row) => row.id)), (i) => `variantIds.${i}`, M.variant),
      ...missingIssues(
        input.storeProductIds,
        new Set(stores.map((row) => row.id)),
        (i) => `storeProductIds.${i}`,
        M.storeProduct,
      ),
    ];
    if (issues.length > 0) refuse(issues);
    const byVariant = new Map(variants.map((row) => [row.id, row]));
    const byStore = new Map(stores.map((row) => [row.id, row]));
    const chosen: { kind: BarcodeItemCode["kind"]; row: VariantRow | StoreRow; name: string }[] = [
      ...input.variantIds.flatMap((id) => {
        const row = byVariant.get(id);
        return row ? [{ kind: "variant" as const, row, name: variantName(row) }] : [];
      }),
      ...input.storeProductIds.flatMap((id) => {
        const row = byStore.get(id);
        return row ? [{ kind: "storeProduct" as const, row, name: row.name }] : [];
      }),
    ];
    const needing = chosen.filter((item) => !item.row.barcode);
    let next = needing.length > 0 ? await nextSequence(tx) : 0;
    const given = new Map<string, string>();
    for (const item of needing) given.set(`${item.kind}:${item.row.id}`, inStoreEan13(next++));
    await writeCodes(tx, "product_variants", needing, given, "variant");
    await writeCodes(tx, "store_products", needing, given, "storeProduct");
    return chosen.map((item): BarcodeItemCode => {
      const code = given.get(`${item.kind}:${item.row.id}`);
      return {
        kind: item.kind,
        id: item.row.id,
        name: item.name,
        barcode: code ?? item.row.barcode ?? "",
        assigned: !!code,
      };
    });
  });
  return { message: M.assigned(items.filter((item) => item.assigned).length), data: items };
}

/** One set-based UPDATE of the new codes of one table; `AND barcode IS NULL` keeps a code saved meanwhile. */
async function writeCodes(
  tx: Db,
  table: "product_variants" | "store_products",
  needing: readonly { kind: BarcodeItemCode["kind"]; row: { id: number } }[],
  given: ReadonlyMap<string, string>,
  kind: BarcodeItemCode["kind"],
) {
  const mine = needing.filter((item) => item.kind === kind);
  if (mine.length === 0) return;
  const ids = mine.map((item) => item.row.id);
  const codes = mine.map((item) => given.get(`${kind}:${item.row.id}`) ?? null);
  await tx.execute(sql`
    UPDATE ${sql.identifier(table)} AS t SET barcode = data.code
    FROM unnest(${sqlArray(ids, "int")}, ${sqlArray(codes, "text")}) AS data(id, code)
    WHERE t.id = data.id AND (t.barcode IS NULL OR t.barcode = '')`);
}

/** Labels can take a while for 2,000 copies on a busy machine; past this the worker is stopped. */
const LABELS_TIMEOUT_MS = 60_000;

/** The chosen items as labels, in the order given; 400 on `items.N.id` for a missing item or code. */
async function labelSpecs(ctx: Ctx, input: LabelsRequest): Promise<LabelSpec[]> {
  const variantIds = input.items.flatMap((item) => (item.kind === "variant" ? [item.id] : []));
  const storeIds = input.items.flatMap((item) => (item.kind === "storeProduct" ? [item.id] : []));
  const byVariant = new Map((await variantsByIds(ctx.db, variantIds)).map((row) => [row.id, row]));
  const byStore = new Map((await storeProductsByIds(ctx.db, storeIds)).map((row) => [row.id, row]));
  const issues: Issue[] = [];
  const labels: LabelSpec[] = [];
  input.items.forEach((item, index) => {
    const field = `items.${index}.id`;
    const variant = item.kind === "variant" ? byVariant.get(item.id) : undefined;
    const store = item.kind === "storeProduct" ? byStore.get(item.id) : undefined;
    if (!variant && !store) {
      issues.push({ field, message: item.kind === "variant" ? M.variant : M.storeProduct });
      return;
    }
    const code = (variant ?? store)?.barcode || null;
    if (!code && input.fields.includes("code")) issues.push({ field, message: M.noCode });
    labels.push(
      variant
        ? {
            name: variant.productName,
            variant: variant.variant,
            price: formatMinor(variant.priceMinor),
            code,
            copies: item.copies,
          }
        : { name: store?.name ?? "", variant: "", price: null, code, copies: item.copies },
    );
  });
  if (issues.length > 0) refuse(issues);
  return labels;
}

/**
 * The label PDF: each chosen item `copies` times in the order given. An item without a barcode
 * cannot carry the code (400 on `items.N.id`, naming Assign first). Drawn in the worker pool.
 */
export async function labelsPdf(ctx: Ctx, input: LabelsRequest): Promise<Buffer> {
  const labels = await labelSpecs(ctx, input);
  const pdf = await workerPool.run(
    "labelSheet",
    { template: input.template, fields: input.fields, labels },
    {
      timeoutMs: LABELS_TIMEOUT_MS,
      timeoutError: () => new AppError("VALIDATION", M.tooSlow, [{ field: "items", message: M.tooSlow }]),
    },
  );
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/**
 * The same labels for a thermal label printer as TSPL (lib/label-tspl.ts says why TSPL): only the
 * roll templates, 38x25 and 50x30 mm; an A4 sheet is refused on `template`. A few hundred bytes of
 * text, built on the request thread.
 */
export async function labelsTspl(ctx: Ctx, input: LabelsRequest): Promise<Buffer> {
  const template = input.template;
  if (template === "a4-3x8")
    throw new AppError("VALIDATION", THERMAL_LABEL_MESSAGES.template, [
      { field: "template", message: THERMAL_LABEL_MESSAGES.template },
    ]);
  return tsplLabels(template, input.fields, await labelSpecs(ctx, input));
}
