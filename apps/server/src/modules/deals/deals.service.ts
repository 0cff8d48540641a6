import {
  type Deal,
  type DealInput,
  type DealListQuery,
  type DealVariantQuery,
  type ErrorCode,
  type FieldIssue,
  DEAL_MESSAGES as M,
  parseMinor,
} from "@cargodesk/shared";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dealComponentOptions, dealComponents, deals, menuCategories } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { claimUploadedImage } from "../../lib/image-claim";
import { findDeal, findDealVariants, listDeals, offerableVariants } from "./deals.queries";

const refuse = (code: ErrorCode, issues: FieldIssue[]): never => {
  throw new AppError(code, issues[0]?.message ?? M.notFound, issues);
};

/** The code's unique index caught at commit (two saves at once) answers the same 409 as the check before it. */
function asDuplicate(error: unknown): never {
  if (String((error as { cause?: unknown })?.cause ?? error).includes("deals_code_key"))
    refuse("RECORD_DUPLICATE", [{ field: "code", message: M.codeTaken }]);
  throw error;
}

/** The category, every variant offered and the image exist and fit (400 naming each wrong field). */
async function checkReferences(tx: Db, ctx: Ctx, input: DealInput, currentImage: string | null): Promise<void> {
  const issues: FieldIssue[] = [];
  const [category] = await tx
    .select({ id: menuCategories.id })
    .from(menuCategories)
    .where(eq(menuCategories.id, input.categoryId));
  if (!category) issues.push({ field: "categoryId", message: M.categoryMissing });
  const named = [
    ...input.fixed.map((line, index) => ({ field: `fixed.${index}.variantId`, variantId: line.variantId })),
    ...input.choices.flatMap((choice, index) =>
      choice.options.map((option, optionIndex) => ({
        field: `choices.${index}.options.${optionIndex}.variantId`,
        variantId: option.variantId,
      })),
    ),
  ];
  const fit = await offerableVariants(tx, [...new Set(named.map((entry) => entry.variantId))]);
  for (const entry of named)
    if (!fit.has(entry.variantId)) issues.push({ field: entry.field, message: M.variantUnfit });
  // A newly named image must be an upload nobody else owns; an unclaimed one becomes the saver's.
  if (input.imagePath !== null && input.imagePath !== currentImage) {
    const issue = await claimUploadedImage(tx, ctx.user?.id ?? null, input.imagePath, "imagePath", M.image);
    if (issue) issues.push(issue);
  }
  if (issues.length > 0) refuse("VALIDATION", issues);
}

/** Names and codes are unique ignoring case (409 naming the field); one lock makes check and write one step. */
async function checkUnique(tx: Db, input: DealInput, dealId: number | null): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('deals.name'))`);
  const others = dealId === null ? undefined : ne(deals.id, dealId);
  const [name] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(sql`lower(${deals.name}) = lower(${input.name})`, others));
  if (name) refuse("RECORD_DUPLICATE", [{ field: "name", message: M.nameTaken }]);
  if (input.code === null) return;
  const [code] = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(sql`lower(${deals.code}) = lower(${input.code})`, others));
  if (code) refuse("RECORD_DUPLICATE", [{ field: "code", message: M.codeTaken }]);
}

/** D-0001 upwards past the highest D- code in use. */
async function nextCode(tx: Db): Promise<string> {
  const [row] = await tx
    .select({ top: sql<number>`coalesce(max(substring(${deals.code} from 3)::bigint), 0)::int` })
    .from(deals)
    .where(sql`${deals.code} ~ '^D-[0-9]{1,9}$'`);
  return `D-${String((row?.top ?? 0) + 1).padStart(4, "0")}`;
}

const minor = (amount: number) => parseMinor(amount) ?? 0n;

const dealColumns = (input: DealInput) => ({
  name: input.name,
  categoryId: input.categoryId,
  priceMinor: minor(input.price),
  imagePath: input.imagePath,
  validFrom: input.validFrom,
  validTo: input.validTo,
  weekdays: input.weekdays,
  timeFrom: input.timeFrom,
  timeTo: input.timeTo,
  orderTypes: input.orderTypes,
  active: input.active,
});

/**
 * Replaces the deal's components: fixed lines first (one default option each), then the choice
 * groups in the order given. Orders keep their own lines, so no order points at a component.
 */
async function writeComponents(tx: Db, dealId: number, input: DealInput): Promise<void> {
  await tx.delete(dealComponents).where(eq(dealComponents.dealId, dealId));
  const groups = [
    ...input.fixed.map((line) => ({
      kind: "fixed",
      label: "",
      minChoose: 1,
      maxChoose: 1,
      options: [{ variantId: line.variantId, qty: line.qty, extraPrice: 0, isDefault: true }],
    })),
    ...input.choices.map((choice) => ({ kind: "choice", ...choice })),
  ];
  for (const [sort, { options, ...group }] of groups.entries()) {
    const [component] = await tx
      .insert(dealComponents)
      .values({ dealId, sort, ...group })
      .returning({ id: dealComponents.id });
    if (!component) throw new Error("deal component not stored");
    await tx.insert(dealComponentOptions).values(
      options.map((option) => ({
        componentId: component.id,
        variantId: option.variantId,
        qty: option.qty,
        extraPriceMinor: minor(option.extraPrice),
        isDefault: option.isDefault,
      })),
    );
  }
}

export async function getDeal(ctx: Ctx, id: number): Promise<Deal> {
  const deal = await findDeal(ctx.db, id);
  if (!deal) throw new AppError("NOT_FOUND", M.notFound);
  return deal;
}

export async function addDeal(ctx: Ctx, input: DealInput): Promise<Deal> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await checkReferences(tx, ctx, input, null);
      await checkUnique(tx, input, null);
      const [row] = await tx
        .insert(deals)
        .values({ ...dealColumns(input), code: input.code ?? (await nextCode(tx)), createdBy: ctx.user?.id ?? null })
        .returning({ id: deals.id });
      if (!row) throw new Error("deal not stored");
      await writeComponents(tx, row.id, input);
      return row.id;
    })
    .catch(asDuplicate);
  return getDeal(ctx, id);
}

export async function updateDeal(ctx: Ctx, id: number, input: DealInput): Promise<Deal> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ code: deals.code, imagePath: deals.imagePath })
        .from(deals)
        .where(eq(deals.id, id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", M.notFound);
      await checkReferences(tx, ctx, input, current.imagePath);
      await checkUnique(tx, input, id);
      await tx
        .update(deals)
        .set({ ...dealColumns(input), code: input.code ?? current.code })
        .where(eq(deals.id, id));
      await writeComponents(tx, id, input);
    })
    .catch(asDuplicate);
  return getDeal(ctx, id);
}

/** A foreign key from another table (orders, once they exist) refuses the delete: 409, deactivate instead. */
function asInUse(error: unknown): never {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  if (cause?.code === "23503" || (error as { code?: unknown })?.code === "23503")
    throw new AppError("RECORD_IN_USE", M.inUse);
  throw error;
}

/** Deletes a deal with its components; one that other records (orders) point at can only be deactivated. */
export async function deleteDeal(ctx: Ctx, id: number): Promise<void> {
  await ctx.db
    .transaction(async (tx) => {
      const removed = await tx.delete(deals).where(eq(deals.id, id)).returning({ id: deals.id });
      if (removed.length === 0) throw new AppError("NOT_FOUND", M.notFound);
    })
    .catch(asInUse);
}

export const findDeals = (ctx: Ctx, query: DealListQuery) => listDeals(ctx.db, query);

export const findVariants = async (ctx: Ctx, query: DealVariantQuery) => ({
  data: await findDealVariants(ctx.db, query),
});
