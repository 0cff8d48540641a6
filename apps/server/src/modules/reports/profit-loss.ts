import { PL_HEADINGS, type PlHeadingKey } from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { plHeadingGroups } from "../../db/schema/index";
import { periodSums } from "../../lib/books/balances";
import { accountsBeneath, loadChart } from "./chart-tree";

const INCOME: ReadonlySet<PlHeadingKey> = new Set(["local_sale", "export_sale", "other_income", "rebate"]);

export interface ProfitLoss {
  from: string;
  to: string;
  /** Minor units as BigInt; income headings credit-positive, expense headings debit-positive. */
  headings: Record<PlHeadingKey, bigint>;
  openingStock: bigint;
  closingStock: bigint;
  cogs: bigint;
  grossProfit: bigint;
  profitBeforeTax: bigint;
  netProfit: bigint;
}

/**
 * Each heading's movement over the period from the groups Accounts Integration names for it.
 * COGS = opening stock + purchase + direct expense - closing stock; gross profit = sales - COGS;
 * profit before tax = gross profit + other income + rebate - admin - selling - financial cost -
 * other expense; net profit = profit before tax - tax.
 */
export async function buildProfitLoss(
  db: Db,
  from: string,
  to: string,
  stock: { opening: bigint; closing: bigint },
): Promise<ProfitLoss> {
  const [chart, sums, groups] = await Promise.all([
    loadChart(db),
    periodSums(db, from, to),
    db.select().from(plHeadingGroups),
  ]);
  const movementOf = (key: PlHeadingKey) => {
    const ids = groups.filter((group) => group.heading === key).map((group) => group.accountId);
    const movement = accountsBeneath(chart, ids).reduce((total, account) => {
      const sum = sums.get(account.id);
      return total + (sum ? sum.debit - sum.credit : 0n);
    }, 0n);
    return INCOME.has(key) ? -movement : movement;
  };
  const headings = Object.fromEntries(PL_HEADINGS.map(({ key }) => [key, movementOf(key)])) as Record<
    PlHeadingKey,
    bigint
  >;
  const cogs = stock.opening + headings.purchase + headings.direct_expense - stock.closing;
  const grossProfit = headings.local_sale + headings.export_sale - cogs;
  const profitBeforeTax =
    grossProfit +
    headings.other_income +
    headings.rebate -
    headings.admin -
    headings.selling -
    headings.financial_cost -
    headings.other_expense;
  return {
    from,
    to,
    headings,
    openingStock: stock.opening,
    closingStock: stock.closing,
    cogs,
    grossProfit,
    profitBeforeTax,
    netProfit: profitBeforeTax - headings.tax,
  };
}
