import {
  POS_CUSTOMER_MESSAGES,
  type PosCustomer,
  type PosCustomerInput,
  type PosCustomerListQuery,
  pakistanPhone,
  percentToBp,
  toMinor,
} from "@cargodesk/shared";
import { validPhoneFor } from "@cargodesk/shared/phone";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, couponRedemptions, posCustomers, voucherLines } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { findAccount, findChildByName } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import { postVoucher } from "../../lib/books/posting";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { addChild } from "../chart";
import { countCustomers, customerFilter, findCustomer, findCustomers } from "./pos-customers.queries";

const RESTAURANT_CUSTOMERS = "RESTAURANT CUSTOMERS";

const fieldError = (field: string, message: string) => new AppError("VALIDATION", message, [{ field, message }]);
const phoneTaken = () =>
  new AppError("RECORD_DUPLICATE", POS_CUSTOMER_MESSAGES.phoneTaken, [
    { field: "phone", message: POS_CUSTOMER_MESSAGES.phoneTaken },
  ]);

export async function listCustomers(ctx: Ctx, query: PosCustomerListQuery) {
  const phone = query.search ? pakistanPhone(query.search) : undefined;
  const where = customerFilter(query.search, phone, query.active === "true");
  const [data, total] = await Promise.all([
    findCustomers(ctx.db, where, query.size, (query.page - 1) * query.size),
    countCustomers(ctx.db, where),
  ]);
  return { data, page: query.page, total_results: total };
}

export async function getCustomer(ctx: Ctx, id: number): Promise<PosCustomer> {
  const customer = await findCustomer(ctx.db, eq(posCustomers.id, id));
  if (!customer) throw new AppError("NOT_FOUND", POS_CUSTOMER_MESSAGES.notFound);
  return customer;
}

/** The POS's lookup by phone (already in its stored form): one unique-index read. */
export async function lookupCustomer(ctx: Ctx, phone: string): Promise<{ data: PosCustomer | null }> {
  return { data: (await findCustomer(ctx.db, eq(posCustomers.phone, phone))) ?? null };
}

/** The schema checks the shape; the full Pakistan numbering plan (libphonenumber) decides the rest. */
function assertRealPhone(phone: string): void {
  if (!validPhoneFor(phone, "PK")) throw fieldError("phone", POS_CUSTOMER_MESSAGES.phone);
}

async function assertPhoneFree(tx: Db, phone: string, except: number | null): Promise<void> {
  const [row] = await tx
    .select({ id: posCustomers.id })
    .from(posCustomers)
    .where(and(eq(posCustomers.phone, phone), except === null ? undefined : ne(posCustomers.id, except)));
  if (row) throw phoneTaken();
}

const accountName = (input: { name: string; phone: string }) =>
  `${input.name.toUpperCase().slice(0, 80)} (${input.phone})`;

/**
 * The customer's level-4 house account under the Restaurant Customers group (the receivables group
 * when that is not set; a RESTAURANT CUSTOMERS group is made under a level-2 choice).
 */
async function openHouseAccount(tx: Db, input: { name: string; phone: string }): Promise<number> {
  const integration = await getIntegration(tx);
  const groupId = integration?.restaurantCustomersGroupId ?? integration?.receivablesGroupId;
  const group = groupId ? await findAccount(tx, groupId) : undefined;
  if (!group) throw new AppError("INTEGRATION_NOT_SET", POS_CUSTOMER_MESSAGES.noGroup);
  const parent =
    group.level === 3
      ? group
      : ((await findChildByName(tx, group.id, RESTAURANT_CUSTOMERS)) ??
        (await addChild(tx, group.id, RESTAURANT_CUSTOMERS)));
  return (await addChild(tx, parent.id, accountName(input))).id;
}

/** The opening JV: Dr the house account, Cr Opening Balance Equity, approved as it is posted. */
async function postOpening(ctx: Ctx, tx: Db, accountId: number, name: string, minor: number): Promise<string> {
  const equityId = (await getIntegration(tx))?.openingEquityAccountId;
  if (!equityId)
    throw new AppError("INTEGRATION_NOT_SET", "Set the Opening Balance Equity account in Accounts Integration first");
  const title = name.toUpperCase();
  const voucher = await postVoucher(tx, {
    typeId: 5,
    date: todayIn(ctx.config.APP_TZ),
    cashAccountId: null,
    source: "opening",
    createdBy: ctx.user?.id ?? null,
    approvedBy: ctx.user?.id ?? null,
    lines: [
      { accountId, debit: minor, credit: 0, description: "OPENING BALANCE", billNumber: "", accountTitle: title },
      {
        accountId: equityId,
        debit: 0,
        credit: minor,
        description: `OPENING BALANCE OF ${title}`,
        billNumber: "",
        accountTitle: "OPENING BALANCE EQUITY",
      },
    ],
  });
  return voucher.number;
}

/** A unique index hit by a concurrent save is the same 409 as the check before it. */
function asDuplicate(error: unknown): never {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  if (text.includes("pos_customers_phone_key")) throw phoneTaken();
  if (text.includes("accounts_parent_name_key"))
    throw new AppError("ACCOUNT_NAME_TAKEN", POS_CUSTOMER_MESSAGES.accountTaken);
  throw error;
}

const minorOf = (amount: number) => toMinor(amount) ?? 0;

const rowValues = (input: PosCustomerInput) => ({
  name: input.name,
  phone: input.phone,
  email: input.email,
  address: input.address,
  notes: input.notes,
  discountBp: percentToBp(input.discountPercent) ?? 0,
  creditAllowed: input.creditAllowed,
  creditLimitMinor: BigInt(minorOf(input.creditLimit)),
  active: input.active,
});

export interface SavedCustomer {
  data: PosCustomer;
  openingVoucher: string | null;
}

/** Adds a customer; with credit, opens the house account and posts the opening balance, all in one transaction. */
export async function addCustomer(ctx: Ctx, input: PosCustomerInput): Promise<SavedCustomer> {
  assertRealPhone(input.phone);
  const { id, openingVoucher } = await ctx.db
    .transaction(async (tx) => {
      await assertPhoneFree(tx, input.phone, null);
      const receivableAccountId = input.creditAllowed ? await openHouseAccount(tx, input) : null;
      const [row] = await tx
        .insert(posCustomers)
        .values({ ...rowValues(input), receivableAccountId, createdBy: ctx.user?.id ?? null })
        .returning({ id: posCustomers.id });
      if (!row) throw new Error("customer not stored");
      const opening = minorOf(input.openingBalance);
      const number =
        receivableAccountId !== null && opening > 0
          ? await postOpening(ctx, tx, receivableAccountId, input.name, opening)
          : null;
      return { id: row.id, openingVoucher: number };
    })
    .catch(asDuplicate);
  return { data: await getCustomer(ctx, id), openingVoucher };
}

/**
 * Changes a customer. The house account follows the name and phone; allowing credit the first time
 * opens it (and may post its opening balance); taking credit away keeps it, with what is owed on it.
 */
export async function updateCustomer(ctx: Ctx, id: number, input: PosCustomerInput): Promise<SavedCustomer> {
  assertRealPhone(input.phone);
  const openingVoucher = await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(posCustomers).where(eq(posCustomers.id, id)).for("update");
      if (!current) throw new AppError("NOT_FOUND", POS_CUSTOMER_MESSAGES.notFound);
      const opening = minorOf(input.openingBalance);
      if (opening > 0 && (current.receivableAccountId !== null || !input.creditAllowed))
        throw fieldError("openingBalance", POS_CUSTOMER_MESSAGES.openingOnce);
      await assertPhoneFree(tx, input.phone, id);
      let accountId = current.receivableAccountId;
      if (accountId !== null) {
        await tx
          .update(accounts)
          .set({ name: accountName(input) })
          .where(eq(accounts.id, accountId));
      } else if (input.creditAllowed) {
        accountId = await openHouseAccount(tx, input);
      }
      await tx
        .update(posCustomers)
        .set({ ...rowValues(input), receivableAccountId: accountId })
        .where(eq(posCustomers.id, id));
      return accountId !== null && opening > 0 ? postOpening(ctx, tx, accountId, input.name, opening) : null;
    })
    .catch(asDuplicate);
  return { data: await getCustomer(ctx, id), openingVoucher };
}

/** Deletes a customer nothing refers to, with its unused house account; otherwise 409 (deactivate instead). */
export async function deleteCustomer(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [customer] = await tx.select().from(posCustomers).where(eq(posCustomers.id, id)).for("update");
    if (!customer) throw new AppError("NOT_FOUND", POS_CUSTOMER_MESSAGES.notFound);
    const [redemption] = await tx
      .select({ id: couponRedemptions.couponId })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.customerId, id))
      .limit(1);
    if (redemption) throw new AppError("RECORD_IN_USE", POS_CUSTOMER_MESSAGES.hasRedemptions);
    const accountId = customer.receivableAccountId;
    if (accountId !== null) {
      const [line] = await tx
        .select({ id: voucherLines.id })
        .from(voucherLines)
        .where(eq(voucherLines.accountId, accountId))
        .limit(1);
      if (line) throw new AppError("RECORD_IN_USE", POS_CUSTOMER_MESSAGES.hasEntries);
    }
    await tx.delete(posCustomers).where(eq(posCustomers.id, id));
    if (accountId !== null) await tx.delete(accounts).where(eq(accounts.id, accountId));
  });
}
