import { OUTLET_TABLE_MESSAGES as M, type TaxClass, type TaxClassInput } from "@cargodesk/shared";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, paymentMethods, products, taxClasses, taxMethodRates } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { findAccount } from "../../lib/books/accounts";
import type { Ctx } from "../../lib/context";

/** Level-1 class of liabilities in the chart's keys (1 assets, 2 liabilities, ...). */
const LIABILITIES_KEY = "2";

const field = (name: string, message: string) => new AppError("VALIDATION", message, [{ field: name, message }]);
const duplicateName = () =>
  new AppError("RECORD_DUPLICATE", M.taxNameTaken, [{ field: "name", message: M.taxNameTaken }]);

async function findTaxClasses(db: Db, id?: number): Promise<TaxClass[]> {
  const rows = await db
    .select({
      id: taxClasses.id,
      name: taxClasses.name,
      rateBp: taxClasses.rateBp,
      accountId: taxClasses.accountId,
      accountName: accounts.name,
      active: taxClasses.active,
    })
    .from(taxClasses)
    .innerJoin(accounts, eq(accounts.id, taxClasses.accountId))
    .where(id === undefined ? undefined : eq(taxClasses.id, id))
    .orderBy(asc(taxClasses.name));
  const rates = rows.length
    ? await db
        .select()
        .from(taxMethodRates)
        .where(
          inArray(
            taxMethodRates.taxClassId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(taxMethodRates.paymentMethodId))
    : [];
  return rows.map((row) => ({
    ...row,
    methodRates: rates
      .filter((rate) => rate.taxClassId === row.id)
      .map((rate) => ({ paymentMethodId: rate.paymentMethodId, rateBp: rate.rateBp })),
  }));
}

export const listTaxClasses = (ctx: Ctx) => findTaxClasses(ctx.db);

export async function getTaxClass(ctx: Ctx, id: number): Promise<TaxClass> {
  const [row] = await findTaxClasses(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", M.taxNotFound);
  return row;
}

async function check(tx: Db, input: TaxClassInput, except: number | null): Promise<void> {
  const [clash] = await tx
    .select({ id: taxClasses.id })
    .from(taxClasses)
    .where(
      and(
        sql`lower(${taxClasses.name}) = lower(${input.name})`,
        except === null ? undefined : ne(taxClasses.id, except),
      ),
    );
  if (clash) throw duplicateName();
  const account = await findAccount(tx, input.accountId);
  if (account?.level !== 4 || !account.allLevelKey.startsWith(`${LIABILITIES_KEY}-`))
    throw field("accountId", M.taxAccount);
  const ids = input.methodRates.map((rate) => rate.paymentMethodId);
  if (ids.length) {
    const found = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(inArray(paymentMethods.id, ids));
    if (found.length !== ids.length) throw field("methodRates", M.methodMissing);
  }
}

async function writeRates(tx: Db, id: number, input: TaxClassInput): Promise<void> {
  await tx.delete(taxMethodRates).where(eq(taxMethodRates.taxClassId, id));
  if (input.methodRates.length)
    await tx.insert(taxMethodRates).values(input.methodRates.map((rate) => ({ taxClassId: id, ...rate })));
}

function asDuplicate(error: unknown): never {
  if (String((error as { cause?: unknown })?.cause ?? error).includes("tax_classes_name_key")) throw duplicateName();
  throw error;
}

export async function addTaxClass(ctx: Ctx, input: TaxClassInput): Promise<TaxClass> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await check(tx, input, null);
      const { methodRates: _, ...values } = input;
      const [row] = await tx.insert(taxClasses).values(values).returning({ id: taxClasses.id });
      if (!row) throw new Error("tax class not stored");
      await writeRates(tx, row.id, input);
      return row.id;
    })
    .catch(asDuplicate);
  return getTaxClass(ctx, id);
}

export async function updateTaxClass(ctx: Ctx, id: number, input: TaxClassInput): Promise<TaxClass> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ id: taxClasses.id })
        .from(taxClasses)
        .where(eq(taxClasses.id, id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", M.taxNotFound);
      await check(tx, input, id);
      const { methodRates: _, ...values } = input;
      await tx.update(taxClasses).set(values).where(eq(taxClasses.id, id));
      await writeRates(tx, id, input);
    })
    .catch(asDuplicate);
  return getTaxClass(ctx, id);
}

/** A class menu products carry is kept (409): deactivating it keeps their history readable. */
export async function deleteTaxClass(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: taxClasses.id })
      .from(taxClasses)
      .where(eq(taxClasses.id, id))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", M.taxNotFound);
    const [used] = await tx.select({ id: products.id }).from(products).where(eq(products.taxClassId, id)).limit(1);
    if (used) throw new AppError("RECORD_IN_USE", M.taxInUse);
    await tx.delete(taxClasses).where(eq(taxClasses.id, id));
  });
}
