import {
  OUTLET_TABLE_MESSAGES as M,
  PAYMENT_METHOD_KINDS,
  type PaymentMethod,
  type PaymentMethodInput,
} from "@cargodesk/shared";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, paymentMethods, taxMethodRates } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { findAccount } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import type { Ctx } from "../../lib/context";

const field = (name: string, message: string) => new AppError("VALIDATION", message, [{ field: name, message }]);
const duplicateName = () =>
  new AppError("RECORD_DUPLICATE", M.methodNameTaken, [{ field: "name", message: M.methodNameTaken }]);

async function findMethods(db: Db, id?: number): Promise<PaymentMethod[]> {
  const rows = await db
    .select({ method: paymentMethods, accountName: accounts.name })
    .from(paymentMethods)
    .leftJoin(accounts, eq(accounts.id, paymentMethods.accountId))
    .where(id === undefined ? undefined : eq(paymentMethods.id, id))
    .orderBy(asc(paymentMethods.sort), asc(paymentMethods.name));
  return rows.map(({ method, accountName }) => {
    const kind = PAYMENT_METHOD_KINDS.find((known) => known === method.kind);
    return { ...method, kind: kind ?? "cash", accountName };
  });
}

export const listPaymentMethods = (ctx: Ctx) => findMethods(ctx.db);

export async function getPaymentMethod(ctx: Ctx, id: number): Promise<PaymentMethod> {
  const [row] = await findMethods(ctx.db, id);
  if (!row) throw new AppError("NOT_FOUND", M.methodNotFound);
  return row;
}

/** Card and bank money lands in a bank account (level 4 under the bank group); wallet and credit in any level-4 account. */
async function check(tx: Db, input: PaymentMethodInput, except: number | null): Promise<void> {
  const [clash] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        sql`lower(${paymentMethods.name}) = lower(${input.name})`,
        except === null ? undefined : ne(paymentMethods.id, except),
      ),
    );
  if (clash) throw duplicateName();
  if (input.accountId === null) return;
  const account = await findAccount(tx, input.accountId);
  if (input.kind === "card" || input.kind === "bank") {
    const groupId = (await getIntegration(tx))?.bankGroupId;
    const group = groupId ? await findAccount(tx, groupId) : undefined;
    if (!group) throw new AppError("INTEGRATION_NOT_SET", M.noBankGroup);
    if (account?.level !== 4 || !account.allLevelKey.startsWith(`${group.allLevelKey}-`))
      throw field("accountId", M.bankAccount);
  } else if (account?.level !== 4) throw field("accountId", M.methodAccount);
}

function asDuplicate(error: unknown): never {
  if (String((error as { cause?: unknown })?.cause ?? error).includes("payment_methods_name_key"))
    throw duplicateName();
  throw error;
}

export async function addPaymentMethod(ctx: Ctx, input: PaymentMethodInput): Promise<PaymentMethod> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await check(tx, input, null);
      const [row] = await tx.insert(paymentMethods).values(input).returning({ id: paymentMethods.id });
      if (!row) throw new Error("payment method not stored");
      return row.id;
    })
    .catch(asDuplicate);
  return getPaymentMethod(ctx, id);
}

export async function updatePaymentMethod(ctx: Ctx, id: number, input: PaymentMethodInput): Promise<PaymentMethod> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", M.methodNotFound);
      await check(tx, input, id);
      await tx.update(paymentMethods).set(input).where(eq(paymentMethods.id, id));
    })
    .catch(asDuplicate);
  return getPaymentMethod(ctx, id);
}

/** No payments exist before the POS; a tax class's rate for the method is the one use to keep. */
export async function deletePaymentMethod(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, id))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", M.methodNotFound);
    const [rate] = await tx
      .select({ id: taxMethodRates.taxClassId })
      .from(taxMethodRates)
      .where(eq(taxMethodRates.paymentMethodId, id))
      .limit(1);
    if (rate) throw new AppError("RECORD_IN_USE", M.methodInUse);
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
  });
}
