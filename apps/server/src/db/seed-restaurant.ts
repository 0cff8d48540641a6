import { KEY_WIDTH } from "@cargodesk/shared";
import { and, asc, eq, like } from "drizzle-orm";
import { findAccount, findChildByName, nextChildKey } from "../lib/books/accounts";
import { getIntegration } from "../lib/books/integration";
import type { Db } from "./client";
import {
  accounts,
  kitchenStations,
  paymentMethods,
  posCounters,
  taxClasses,
  taxMethodRates,
  voidReasons,
} from "./schema/index";

/** What a new install's register starts with (design D15: a fresh install can ring up a sale). */
export const FIRST_REGISTER = {
  counter: { code: "A01", name: "Main Counter", cashAccount: "A01 CASH" },
  station: "Kitchen",
  cash: "Cash",
  card: "Card",
  tax: { name: "Food", rateBp: 1600, cardRateBp: 500, account: "SALES TAX PAYABLE", group: "TAXES PAYABLE" },
  voidReasons: [
    { name: "Customer changed their mind", isWaste: false, needsSupervisor: false },
    { name: "Entered by mistake", isWaste: false, needsSupervisor: false },
    { name: "Dropped or spoiled", isWaste: true, needsSupervisor: false },
    { name: "Sent back by the customer", isWaste: true, needsSupervisor: false },
  ],
} as const;

/** Chart level 1, class 2: where a tax payable account lives. */
const LIABILITIES = "2";

type Parent = { id: number; level: number; allLevelKey: string };

/** The named child of a group, added as its last child (new key) when missing, so no existing code moves. */
async function childAccount(tx: Db, parent: Parent, name: string): Promise<number> {
  const existing = await findChildByName(tx, parent.id, name);
  if (existing) return existing.id;
  const level = parent.level + 1;
  if (level !== 2 && level !== 3 && level !== 4) throw new Error(`cannot seed ${name} below level 4`);
  const key = await nextChildKey(tx, parent.id, KEY_WIDTH[level]);
  const [row] = await tx
    .insert(accounts)
    .values({ parentId: parent.id, level, key, allLevelKey: `${parent.allLevelKey}-${key}`, name })
    .returning({ id: accounts.id });
  if (!row) throw new Error(`could not seed account ${name}`);
  return row.id;
}

/** The first level-4 account (in code order) or level-3 group beneath a node whose name matches, if any. */
async function firstBeneath(tx: Db, allLevelKey: string, level: 3 | 4, name?: string) {
  const [row] = await tx
    .select({ id: accounts.id, level: accounts.level, allLevelKey: accounts.allLevelKey })
    .from(accounts)
    .where(
      and(
        like(accounts.allLevelKey, `${allLevelKey}-%`),
        eq(accounts.level, level),
        name === undefined ? undefined : eq(accounts.name, name),
      ),
    )
    .orderBy(asc(accounts.allLevelKey))
    .limit(1);
  return row;
}

/** "A01 CASH" under the cash group (under COUNTER CASH when the group is level 2), as the counter API makes it. */
async function counterCashAccount(tx: Db, cashGroupId: number | null | undefined): Promise<number | null> {
  const group = cashGroupId ? await findAccount(tx, cashGroupId) : undefined;
  if (!group || group.level > 3) return null;
  const parent = group.level === 3 ? group : await findAccount(tx, await childAccount(tx, group, "COUNTER CASH"));
  return parent ? childAccount(tx, parent, FIRST_REGISTER.counter.cashAccount) : null;
}

/** SALES TAX PAYABLE under LIABILITIES: the existing one, else added to TAXES PAYABLE (or the first liability group). */
async function taxPayableAccount(tx: Db): Promise<number | null> {
  const existing = await firstBeneath(tx, LIABILITIES, 4, FIRST_REGISTER.tax.account);
  if (existing) return existing.id;
  const group =
    (await firstBeneath(tx, LIABILITIES, 3, FIRST_REGISTER.tax.group)) ?? (await firstBeneath(tx, LIABILITIES, 3));
  return group ? childAccount(tx, group, FIRST_REGISTER.tax.account) : null;
}

/**
 * Cash and Card (on the Card Clearing account of Accounts Integration), counter A01 on its own cash
 * account, a Kitchen station and the Food tax class
 * (16%, 5% when paid by card). Runs once, when the outlet itself is first created, so what staff
 * delete or rename later stays that way across restarts. Accounts are added after the existing
 * chart (new ids, new last keys), so no account id or code that already exists moves. Without a
 * cash group the counter is left for staff to add; without a bank group the card has no account yet.
 */
export async function seedRestaurant(tx: Db, outletId: number): Promise<void> {
  const integration = await getIntegration(tx);
  const bankGroup = integration?.bankGroupId ? await findAccount(tx, integration.bankGroupId) : undefined;
  // Card takings wait in Card Clearing until the bank pays them; without it, the bank group's first account.
  const cardAccount = integration?.cardClearingAccountId
    ? { id: integration.cardClearingAccountId }
    : bankGroup
      ? await firstBeneath(tx, bankGroup.allLevelKey, 4)
      : undefined;

  const methods = await tx
    .insert(paymentMethods)
    .values([
      { name: FIRST_REGISTER.cash, kind: "cash", accountId: null, opensDrawer: true, countedAtClose: true, sort: 1 },
      {
        name: FIRST_REGISTER.card,
        kind: "card",
        accountId: cardAccount?.id ?? null,
        opensDrawer: false,
        countedAtClose: true,
        sort: 2,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: paymentMethods.id, name: paymentMethods.name });
  const cardId = methods.find((method) => method.name === FIRST_REGISTER.card)?.id;

  await tx
    .insert(kitchenStations)
    .values({ outletId, name: FIRST_REGISTER.station, mode: "display", targetMinutes: 10, alertMinutes: 15 })
    .onConflictDoNothing();

  // Why a line or an order is voided; a waste reason takes a fired line's ingredients out of the Kitchen.
  await tx
    .insert(voidReasons)
    .values(FIRST_REGISTER.voidReasons.map((reason) => ({ ...reason })))
    .onConflictDoNothing();

  const cashAccountId = await counterCashAccount(tx, integration?.cashGroupId);
  if (cashAccountId !== null) {
    await tx
      .insert(posCounters)
      .values({
        outletId,
        code: FIRST_REGISTER.counter.code,
        name: FIRST_REGISTER.counter.name,
        cashAccountId,
        defaultOrderType: "take_away",
      })
      .onConflictDoNothing();
  }

  const taxAccountId = await taxPayableAccount(tx);
  if (taxAccountId === null) return;
  const [food] = await tx
    .insert(taxClasses)
    .values({ name: FIRST_REGISTER.tax.name, rateBp: FIRST_REGISTER.tax.rateBp, accountId: taxAccountId })
    .onConflictDoNothing()
    .returning({ id: taxClasses.id });
  if (food && cardId !== undefined) {
    await tx
      .insert(taxMethodRates)
      .values({ taxClassId: food.id, paymentMethodId: cardId, rateBp: FIRST_REGISTER.tax.cardRateBp });
  }
}
