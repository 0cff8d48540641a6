import {
  type Flavour,
  type FlavourInput,
  OPTION_MESSAGES,
  type OptionListQuery,
  type Size,
  type SizeInput,
} from "@cargodesk/shared";
import { and, asc, eq, ilike, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { flavours, productVariants, sizes } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";

/**
 * Flavours and sizes are the same kind of list (a size also has a short code), so one set of use
 * cases serves both, told apart by the table, the variant column that uses an entry and the messages.
 */
interface OptionKind {
  table: typeof flavours | typeof sizes;
  variantColumn: typeof productVariants.flavourId | typeof productVariants.sizeId;
  uniqueIndex: string;
  taken: string;
  inUse: string;
  notFound: string;
}

const FLAVOUR: OptionKind = {
  table: flavours,
  variantColumn: productVariants.flavourId,
  uniqueIndex: "flavours_name_key",
  taken: OPTION_MESSAGES.flavourTaken,
  inUse: OPTION_MESSAGES.flavourInUse,
  notFound: OPTION_MESSAGES.flavourNotFound,
};

const SIZE: OptionKind = {
  table: sizes,
  variantColumn: productVariants.sizeId,
  uniqueIndex: "sizes_name_key",
  taken: OPTION_MESSAGES.sizeTaken,
  inUse: OPTION_MESSAGES.sizeInUse,
  notFound: OPTION_MESSAGES.sizeNotFound,
};

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const duplicate = (kind: OptionKind) =>
  new AppError("RECORD_DUPLICATE", kind.taken, [{ field: "name", message: kind.taken }]);

function asDuplicate(kind: OptionKind) {
  return (error: unknown): never => {
    if (String((error as { cause?: unknown })?.cause ?? error).includes(kind.uniqueIndex)) throw duplicate(kind);
    throw error;
  };
}

/** Written out per table: inside a one-table select drizzle leaves `id` unqualified, which would mean the variant's. */
const variantCount = {
  flavour: sql<number>`(select count(*)::int from product_variants v where v.flavour_id = flavours.id)`,
  size: sql<number>`(select count(*)::int from product_variants v where v.size_id = sizes.id)`,
};

function filter(kind: OptionKind, query: OptionListQuery): SQL | undefined {
  return and(
    query.search ? ilike(kind.table.name, containing(query.search)) : undefined,
    query.active === "true" ? eq(kind.table.active, true) : undefined,
  );
}

async function findFlavours(db: Db, where: SQL | undefined): Promise<Flavour[]> {
  return db
    .select({
      id: flavours.id,
      name: flavours.name,
      sort: flavours.sort,
      active: flavours.active,
      variantCount: variantCount.flavour,
    })
    .from(flavours)
    .where(where)
    .orderBy(asc(flavours.sort), asc(sql`lower(${flavours.name})`), asc(flavours.id));
}

async function findSizes(db: Db, where: SQL | undefined): Promise<Size[]> {
  return db
    .select({
      id: sizes.id,
      name: sizes.name,
      code: sizes.code,
      sort: sizes.sort,
      active: sizes.active,
      variantCount: variantCount.size,
    })
    .from(sizes)
    .where(where)
    .orderBy(asc(sizes.sort), asc(sql`lower(${sizes.name})`), asc(sizes.id));
}

/** Names are unique ignoring case; `except` is the entry being changed. */
async function assertUnique(tx: Db, kind: OptionKind, name: string, except: number | null): Promise<void> {
  const [clash] = await tx
    .select({ id: kind.table.id })
    .from(kind.table)
    .where(
      and(sql`lower(${kind.table.name}) = lower(${name})`, except === null ? undefined : ne(kind.table.id, except)),
    );
  if (clash) throw duplicate(kind);
}

async function insertOption(ctx: Ctx, kind: OptionKind, input: FlavourInput | SizeInput): Promise<number> {
  return ctx.db
    .transaction(async (tx) => {
      await assertUnique(tx, kind, input.name, null);
      const [row] = await tx.insert(kind.table).values(input).returning({ id: kind.table.id });
      if (!row) throw new Error("menu option not stored");
      return row.id;
    })
    .catch(asDuplicate(kind));
}

async function changeOption(ctx: Ctx, kind: OptionKind, id: number, input: FlavourInput | SizeInput): Promise<void> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ id: kind.table.id })
        .from(kind.table)
        .where(eq(kind.table.id, id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", kind.notFound);
      await assertUnique(tx, kind, input.name, id);
      await tx.update(kind.table).set(input).where(eq(kind.table.id, id));
    })
    .catch(asDuplicate(kind));
}

/** Deletes an entry no variant uses; otherwise 409 (deactivate it instead). */
async function removeOption(ctx: Ctx, kind: OptionKind, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: kind.table.id })
      .from(kind.table)
      .where(eq(kind.table.id, id))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", kind.notFound);
    const [variant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(kind.variantColumn, id))
      .limit(1);
    if (variant) throw new AppError("RECORD_IN_USE", kind.inUse);
    await tx.delete(kind.table).where(eq(kind.table.id, id));
  });
}

/** The five use cases of one kind, over the query that reads its rows. */
function optionUseCases<Row, Input extends FlavourInput | SizeInput>(
  kind: OptionKind,
  find: (db: Db, where: SQL | undefined) => Promise<Row[]>,
) {
  const get = async (ctx: Ctx, id: number): Promise<Row> => {
    const [row] = await find(ctx.db, eq(kind.table.id, id));
    if (!row) throw new AppError("NOT_FOUND", kind.notFound);
    return row;
  };
  return {
    list: async (ctx: Ctx, query: OptionListQuery) => {
      const data = await find(ctx.db, filter(kind, query));
      return { data, total_results: data.length };
    },
    get,
    add: async (ctx: Ctx, input: Input) => get(ctx, await insertOption(ctx, kind, input)),
    update: async (ctx: Ctx, id: number, input: Input) => {
      await changeOption(ctx, kind, id, input);
      return get(ctx, id);
    },
    remove: (ctx: Ctx, id: number) => removeOption(ctx, kind, id),
  };
}

export const {
  list: listFlavours,
  get: getFlavour,
  add: addFlavour,
  update: updateFlavour,
  remove: deleteFlavour,
} = optionUseCases<Flavour, FlavourInput>(FLAVOUR, findFlavours);

export const {
  list: listSizes,
  get: getSize,
  add: addSize,
  update: updateSize,
  remove: deleteSize,
} = optionUseCases<Size, SizeInput>(SIZE, findSizes);
