import {
  CATEGORY_MESSAGES,
  type Category,
  type CategoryInput,
  type CategoryListQuery,
  type CategorySort,
  type FieldIssue,
} from "@cargodesk/shared";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deals, kitchenStations, menuCategories, products } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { findAccount } from "../../lib/books/accounts";
import type { Ctx } from "../../lib/context";
import { categoryFilter, findCategories, findCategory } from "./menu-categories.queries";

const duplicate = () =>
  new AppError("RECORD_DUPLICATE", CATEGORY_MESSAGES.nameTaken, [
    { field: "name", message: CATEGORY_MESSAGES.nameTaken },
  ]);

const invalid = (issues: FieldIssue[]) =>
  new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);

export async function listCategories(ctx: Ctx, query: CategoryListQuery) {
  const data = await findCategories(ctx.db, categoryFilter(query.search, query.active === "true"));
  return { data, total_results: data.length };
}

export async function getCategory(ctx: Ctx, id: number): Promise<Category> {
  const category = await findCategory(ctx.db, id);
  if (!category) throw new AppError("NOT_FOUND", CATEGORY_MESSAGES.notFound);
  return category;
}

/** A posting account (level 4) of the class whose full code starts with `classKey`. */
async function isPostingAccountOf(tx: Db, id: number, classKey: "4" | "5"): Promise<boolean> {
  const account = await findAccount(tx, id);
  return account !== undefined && account.level === 4 && account.allLevelKey.startsWith(`${classKey}-`);
}

/** The references a category names, checked together so one answer lists every wrong field. */
async function checkReferences(tx: Db, input: CategoryInput, self: number | null): Promise<void> {
  const issues: FieldIssue[] = [];
  if (input.stationId !== null) {
    const [station] = await tx
      .select({ id: kitchenStations.id })
      .from(kitchenStations)
      .where(eq(kitchenStations.id, input.stationId));
    if (!station) issues.push({ field: "stationId", message: CATEGORY_MESSAGES.station });
  }
  if (input.revenueAccountId !== null && !(await isPostingAccountOf(tx, input.revenueAccountId, "4"))) {
    issues.push({ field: "revenueAccountId", message: CATEGORY_MESSAGES.revenueAccount });
  }
  if (input.cogsAccountId !== null && !(await isPostingAccountOf(tx, input.cogsAccountId, "5"))) {
    issues.push({ field: "cogsAccountId", message: CATEGORY_MESSAGES.cogsAccount });
  }
  if (input.parentId !== null) {
    const [parent] = await tx.select().from(menuCategories).where(eq(menuCategories.id, input.parentId));
    if (input.parentId === self) issues.push({ field: "parentId", message: CATEGORY_MESSAGES.ownParent });
    else if (!parent) issues.push({ field: "parentId", message: CATEGORY_MESSAGES.parentMissing });
    else if (parent.parentId !== null) {
      throw new AppError("CATEGORY_TOO_DEEP", CATEGORY_MESSAGES.tooDeep, [
        { field: "parentId", message: CATEGORY_MESSAGES.tooDeep },
      ]);
    }
    if (self !== null && issues.length === 0) {
      const [child] = await tx
        .select({ id: menuCategories.id })
        .from(menuCategories)
        .where(eq(menuCategories.parentId, self))
        .limit(1);
      if (child) {
        throw new AppError("CATEGORY_TOO_DEEP", CATEGORY_MESSAGES.hasChildrenCannotMove, [
          { field: "parentId", message: CATEGORY_MESSAGES.hasChildrenCannotMove },
        ]);
      }
    }
  }
  if (issues.length > 0) throw invalid(issues);
}

/** Names are unique within their parent ignoring case; `except` is the category being changed. */
async function assertUnique(tx: Db, input: CategoryInput, except: number | null): Promise<void> {
  const [clash] = await tx
    .select({ id: menuCategories.id })
    .from(menuCategories)
    .where(
      and(
        input.parentId === null ? isNull(menuCategories.parentId) : eq(menuCategories.parentId, input.parentId),
        sql`lower(${menuCategories.name}) = lower(${input.name})`,
        except === null ? undefined : ne(menuCategories.id, except),
      ),
    );
  if (clash) throw duplicate();
}

/** A unique index hit by a concurrent save is the same 409 as the check before it. */
function asDuplicate(error: unknown): never {
  if (String((error as { cause?: unknown })?.cause ?? error).includes("menu_categories_name_key")) throw duplicate();
  throw error;
}

export async function addCategory(ctx: Ctx, input: CategoryInput): Promise<Category> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await checkReferences(tx, input, null);
      await assertUnique(tx, input, null);
      const [row] = await tx
        .insert(menuCategories)
        .values({ ...input, createdBy: ctx.user?.id ?? null })
        .returning({ id: menuCategories.id });
      if (!row) throw new Error("category not stored");
      return row.id;
    })
    .catch(asDuplicate);
  return getCategory(ctx, id);
}

export async function updateCategory(ctx: Ctx, id: number, input: CategoryInput): Promise<Category> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(menuCategories).where(eq(menuCategories.id, id)).for("update");
      if (!current) throw new AppError("NOT_FOUND", CATEGORY_MESSAGES.notFound);
      await checkReferences(tx, input, id);
      await assertUnique(tx, input, id);
      await tx.update(menuCategories).set(input).where(eq(menuCategories.id, id));
    })
    .catch(asDuplicate);
  return getCategory(ctx, id);
}

/** Deletes a category nothing files under; otherwise 409 (deactivate it instead). */
export async function deleteCategory(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(menuCategories).where(eq(menuCategories.id, id)).for("update");
    if (!current) throw new AppError("NOT_FOUND", CATEGORY_MESSAGES.notFound);
    const [child] = await tx
      .select({ id: menuCategories.id })
      .from(menuCategories)
      .where(eq(menuCategories.parentId, id))
      .limit(1);
    if (child) throw new AppError("CATEGORY_HAS_CHILDREN", CATEGORY_MESSAGES.hasChildren);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
    const [deal] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.categoryId, id)).limit(1);
    if (product || deal) throw new AppError("CATEGORY_HAS_PRODUCTS", CATEGORY_MESSAGES.hasProducts);
    await tx.delete(menuCategories).where(eq(menuCategories.id, id));
  });
}

/** Orders one parent's categories (or the top level): `ids` names every sibling once, first shown first. */
export async function sortCategories(ctx: Ctx, input: CategorySort): Promise<void> {
  const refuse = () => invalid([{ field: "ids", message: CATEGORY_MESSAGES.sortIds }]);
  await ctx.db.transaction(async (tx) => {
    if (new Set(input.ids).size !== input.ids.length) throw refuse();
    const named = await tx
      .select({ id: menuCategories.id, parentId: menuCategories.parentId })
      .from(menuCategories)
      .where(inArray(menuCategories.id, input.ids))
      .for("update");
    const parentId = named[0]?.parentId ?? null;
    if (named.length !== input.ids.length || named.some((row) => row.parentId !== parentId)) throw refuse();
    const siblings = await tx
      .select({ id: menuCategories.id })
      .from(menuCategories)
      .where(parentId === null ? isNull(menuCategories.parentId) : eq(menuCategories.parentId, parentId));
    if (siblings.length !== input.ids.length) throw refuse();
    for (const [index, id] of input.ids.entries()) {
      await tx.update(menuCategories).set({ sort: index }).where(eq(menuCategories.id, id));
    }
  });
}
