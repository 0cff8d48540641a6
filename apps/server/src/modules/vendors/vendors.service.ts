import { VENDOR_MESSAGES, type Vendor, type VendorInput, type VendorListQuery } from "@cargodesk/shared";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, docCounters, receivings, vendors, voucherLines } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { findAccount, findChildByName } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import type { Ctx } from "../../lib/context";
import { addChild } from "../chart";
import { countVendors, findVendor, findVendors, vendorFilter } from "./vendors.queries";

const duplicate = (field: "name" | "code") =>
  new AppError("RECORD_DUPLICATE", field === "name" ? VENDOR_MESSAGES.nameTaken : VENDOR_MESSAGES.codeTaken, [
    { field, message: field === "name" ? VENDOR_MESSAGES.nameTaken : VENDOR_MESSAGES.codeTaken },
  ]);

export async function listVendors(ctx: Ctx, query: VendorListQuery) {
  const where = vendorFilter(query.search, query.active === "true");
  const [data, total] = await Promise.all([
    findVendors(ctx.db, where, query.size, (query.page - 1) * query.size),
    countVendors(ctx.db, where),
  ]);
  return { data, page: query.page, total_results: total };
}

export async function getVendor(ctx: Ctx, id: number): Promise<Vendor> {
  const vendor = await findVendor(ctx.db, id);
  if (!vendor) throw new AppError("NOT_FOUND", VENDOR_MESSAGES.notFound);
  return vendor;
}

/** Names and codes are unique ignoring case; `except` is the vendor being changed. */
async function assertUnique(tx: Db, input: VendorInput, except: number | null): Promise<void> {
  const clash = async (column: typeof vendors.name | typeof vendors.code, value: string) => {
    const [row] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(and(sql`lower(${column}) = lower(${value})`, except === null ? undefined : ne(vendors.id, except)));
    return row !== undefined;
  };
  if (await clash(vendors.name, input.name)) throw duplicate("name");
  if (input.code && (await clash(vendors.code, input.code))) throw duplicate("code");
}

/** The next free V-00001 style code: a counter row (locked until commit) skips codes typed by hand. */
async function nextVendorCode(tx: Db): Promise<string> {
  for (;;) {
    const [row] = await tx
      .insert(docCounters)
      .values({ docType: "vendor", year: 0, last: 1 })
      .onConflictDoUpdate({
        target: [docCounters.docType, docCounters.year],
        set: { last: sql`${docCounters.last} + 1` },
      })
      .returning({ last: docCounters.last });
    if (!row) throw new Error("vendor counter did not answer");
    const code = `V-${String(row.last).padStart(5, "0")}`;
    const [taken] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(sql`lower(${vendors.code}) = lower(${code})`);
    if (!taken) return code;
  }
}

const accountName = (input: { name: string }, code: string) => `${input.name.toUpperCase()} (${code})`.slice(0, 100);

/** The vendor's level-4 payable account under the Vendors group (in a VENDORS group when that is level 2). */
async function openPayable(tx: Db, name: string): Promise<number> {
  const groupId = (await getIntegration(tx))?.vendorsGroupId;
  const group = groupId ? await findAccount(tx, groupId) : undefined;
  if (!group) throw new AppError("INTEGRATION_NOT_SET", VENDOR_MESSAGES.noGroup);
  const parent =
    group.level === 3
      ? group
      : ((await findChildByName(tx, group.id, "VENDORS")) ?? (await addChild(tx, group.id, "VENDORS")));
  return (await addChild(tx, parent.id, name)).id;
}

/** A unique index hit by a concurrent save is the same 409 as the check before it. */
function asDuplicate(error: unknown): never {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  if (text.includes("vendors_name_key")) throw duplicate("name");
  if (text.includes("vendors_code_key")) throw duplicate("code");
  if (text.includes("accounts_parent_name_key"))
    throw new AppError("ACCOUNT_NAME_TAKEN", "An account with the vendor's name is already in the Vendors group");
  throw error;
}

/** Adds a vendor and opens its payable account in the same transaction. */
export async function addVendor(ctx: Ctx, input: VendorInput): Promise<Vendor> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await assertUnique(tx, input, null);
      const code = input.code || (await nextVendorCode(tx));
      const payableAccountId = await openPayable(tx, accountName(input, code));
      const [row] = await tx
        .insert(vendors)
        .values({ ...input, code, payableAccountId, createdBy: ctx.user?.id ?? null })
        .returning({ id: vendors.id });
      if (!row) throw new Error("vendor not stored");
      return row.id;
    })
    .catch(asDuplicate);
  return getVendor(ctx, id);
}

/** Changes a vendor; its payable account follows a new name or code. */
export async function updateVendor(ctx: Ctx, id: number, input: VendorInput): Promise<Vendor> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(vendors).where(eq(vendors.id, id)).for("update");
      if (!current) throw new AppError("NOT_FOUND", VENDOR_MESSAGES.notFound);
      await assertUnique(tx, input, id);
      const code = input.code || current.code;
      await tx
        .update(vendors)
        .set({ ...input, code })
        .where(eq(vendors.id, id));
      await tx
        .update(accounts)
        .set({ name: accountName(input, code) })
        .where(eq(accounts.id, current.payableAccountId));
    })
    .catch(asDuplicate);
  return getVendor(ctx, id);
}

/** Deletes a vendor nothing refers to, with its unused payable account; otherwise 409 (deactivate instead). */
export async function deleteVendor(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, id)).for("update");
    if (!vendor) throw new AppError("NOT_FOUND", VENDOR_MESSAGES.notFound);
    const [receiving] = await tx
      .select({ id: receivings.id })
      .from(receivings)
      .where(eq(receivings.vendorId, id))
      .limit(1);
    if (receiving) throw new AppError("RECORD_IN_USE", VENDOR_MESSAGES.hasReceivings);
    const [line] = await tx
      .select({ id: voucherLines.id })
      .from(voucherLines)
      .where(eq(voucherLines.accountId, vendor.payableAccountId))
      .limit(1);
    if (line) throw new AppError("RECORD_IN_USE", VENDOR_MESSAGES.hasEntries);
    await tx.delete(vendors).where(eq(vendors.id, id));
    await tx.delete(accounts).where(eq(accounts.id, vendor.payableAccountId));
  });
}
