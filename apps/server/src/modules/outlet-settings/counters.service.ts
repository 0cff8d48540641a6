import { type Counter, type CounterInput, OUTLET_MESSAGES } from "@cargodesk/shared";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, posCounters, printers } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { findAccount, findChildByName } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import type { Ctx } from "../../lib/context";
import { addChild } from "../chart";
import { fieldError, OUTLET_ID } from "./outlet-settings.service";

const duplicateCode = () =>
  new AppError("RECORD_DUPLICATE", OUTLET_MESSAGES.counterCodeTaken, [
    { field: "code", message: OUTLET_MESSAGES.counterCodeTaken },
  ]);

function asDuplicate(error: unknown): never {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  if (text.includes("pos_counters_code_key")) throw duplicateCode();
  if (text.includes("accounts_parent_name_key")) throw fieldError("cashAccountId", OUTLET_MESSAGES.cashAccountTaken);
  throw error;
}

const selection = {
  id: posCounters.id,
  code: posCounters.code,
  name: posCounters.name,
  cashAccountId: posCounters.cashAccountId,
  cashAccountName: accounts.name,
  receiptPrinterId: posCounters.receiptPrinterId,
  defaultOrderType: posCounters.defaultOrderType,
  active: posCounters.active,
};

function toCounter(row: { defaultOrderType: string } & Omit<Counter, "defaultOrderType">): Counter {
  const type = row.defaultOrderType;
  return { ...row, defaultOrderType: type === "dine_in" || type === "delivery" ? type : "take_away" };
}

export async function listCounters(ctx: Ctx): Promise<Counter[]> {
  const rows = await ctx.db
    .select(selection)
    .from(posCounters)
    .innerJoin(accounts, eq(accounts.id, posCounters.cashAccountId))
    .where(eq(posCounters.outletId, OUTLET_ID))
    .orderBy(asc(posCounters.code));
  return rows.map(toCounter);
}

export async function getCounter(ctx: Ctx, id: number): Promise<Counter> {
  const [row] = await ctx.db
    .select(selection)
    .from(posCounters)
    .innerJoin(accounts, eq(accounts.id, posCounters.cashAccountId))
    .where(and(eq(posCounters.id, id), eq(posCounters.outletId, OUTLET_ID)));
  if (!row) throw new AppError("NOT_FOUND", OUTLET_MESSAGES.counterNotFound);
  return toCounter(row);
}

async function cashGroup(tx: Db) {
  const groupId = (await getIntegration(tx))?.cashGroupId;
  const group = groupId ? await findAccount(tx, groupId) : undefined;
  if (!group) throw new AppError("INTEGRATION_NOT_SET", OUTLET_MESSAGES.noCashGroup);
  return group;
}

/** The chosen account must be level 4 beneath the cash group; "create one" opens "<CODE> CASH" there. */
async function resolveCashAccount(tx: Db, input: CounterInput): Promise<number> {
  const group = await cashGroup(tx);
  if (input.cashAccountId === null) {
    const parent =
      group.level === 3
        ? group
        : ((await findChildByName(tx, group.id, "COUNTER CASH")) ?? (await addChild(tx, group.id, "COUNTER CASH")));
    if (await findChildByName(tx, parent.id, `${input.code} CASH`))
      throw fieldError("cashAccountId", OUTLET_MESSAGES.cashAccountTaken);
    return (await addChild(tx, parent.id, `${input.code} CASH`)).id;
  }
  const account = await findAccount(tx, input.cashAccountId);
  if (account?.level !== 4 || !account.allLevelKey.startsWith(`${group.allLevelKey}-`))
    throw fieldError("cashAccountId", OUTLET_MESSAGES.cashAccountNotInGroup);
  return account.id;
}

export async function assertPrinter(tx: Db, id: number | null, field: string): Promise<void> {
  if (id === null) return;
  const [row] = await tx.select({ id: printers.id }).from(printers).where(eq(printers.id, id));
  if (!row) throw fieldError(field, OUTLET_MESSAGES.printerMissing);
}

async function assertCodeFree(tx: Db, code: string, except: number | null): Promise<void> {
  const [row] = await tx
    .select({ id: posCounters.id })
    .from(posCounters)
    .where(
      and(
        eq(posCounters.outletId, OUTLET_ID),
        sql`lower(${posCounters.code}) = lower(${code})`,
        except === null ? undefined : ne(posCounters.id, except),
      ),
    );
  if (row) throw duplicateCode();
}

function counterValues(input: CounterInput, cashAccountId: number) {
  return {
    code: input.code,
    name: input.name,
    cashAccountId,
    receiptPrinterId: input.receiptPrinterId,
    defaultOrderType: input.defaultOrderType,
    active: input.active,
  };
}

/** Adds a counter; a new cash account, when asked for, is opened in the same transaction. */
export async function addCounter(ctx: Ctx, input: CounterInput): Promise<Counter> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await assertCodeFree(tx, input.code, null);
      await assertPrinter(tx, input.receiptPrinterId, "receiptPrinterId");
      const cashAccountId = await resolveCashAccount(
        tx,
        input.createCashAccount ? { ...input, cashAccountId: null } : input,
      );
      const [row] = await tx
        .insert(posCounters)
        .values({ outletId: OUTLET_ID, ...counterValues(input, cashAccountId) })
        .returning({ id: posCounters.id });
      if (!row) throw new Error("counter not stored");
      return row.id;
    })
    .catch(asDuplicate);
  return getCounter(ctx, id);
}

export async function updateCounter(ctx: Ctx, id: number, input: CounterInput): Promise<Counter> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ id: posCounters.id })
        .from(posCounters)
        .where(and(eq(posCounters.id, id), eq(posCounters.outletId, OUTLET_ID)))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", OUTLET_MESSAGES.counterNotFound);
      await assertCodeFree(tx, input.code, id);
      await assertPrinter(tx, input.receiptPrinterId, "receiptPrinterId");
      const cashAccountId = await resolveCashAccount(
        tx,
        input.createCashAccount ? { ...input, cashAccountId: null } : input,
      );
      await tx.update(posCounters).set(counterValues(input, cashAccountId)).where(eq(posCounters.id, id));
    })
    .catch(asDuplicate);
  return getCounter(ctx, id);
}

/**
 * Nothing records a counter's use yet (sessions and orders come with the POS work packages), so a
 * counter can be deleted; its cash account stays in the chart with whatever was posted to it.
 */
export async function deleteCounter(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(posCounters)
    .where(and(eq(posCounters.id, id), eq(posCounters.outletId, OUTLET_ID)))
    .returning({ id: posCounters.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", OUTLET_MESSAGES.counterNotFound);
}
