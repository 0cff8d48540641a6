import type { Db } from "../../db/client";
import { absMajor, major, signOf } from "../../lib/books/amounts";
import { periodSums } from "../../lib/books/balances";
import { addDays } from "../../lib/dates";
import { type ChartNode, loadChart } from "./chart-tree";

export interface TrialRow {
  levelFourId: number;
  allLevelKey: string;
  levelFourName: string;
  /** Minor units (BigInt: sums over the books), debit positive. */
  opening: bigint;
  debit: bigint;
  credit: bigint;
  closing: bigint;
}

export interface TrialBalance {
  from: string;
  to: string;
  rows: TrialRow[];
  chart: ChartNode[];
  totals: {
    openingDebit: bigint;
    openingCredit: bigint;
    debit: bigint;
    credit: bigint;
    closingDebit: bigint;
    closingCredit: bigint;
  };
}

/** A debit-positive balance's debit side, and its credit side as a positive amount. */
export const debitPart = (balance: bigint): bigint => (balance > 0n ? balance : 0n);
export const creditPart = (balance: bigint): bigint => (balance < 0n ? -balance : 0n);

/** Opening (before `from`), during and closing per postable account; accounts with nothing are left out. */
export async function buildTrialBalance(db: Db, from: string, to: string): Promise<TrialBalance> {
  const [chart, opening, during] = await Promise.all([
    loadChart(db),
    periodSums(db, null, addDays(from, -1)),
    periodSums(db, from, to),
  ]);
  const rows: TrialRow[] = [];
  for (const node of chart) {
    if (node.level !== 4) continue;
    const before = opening.get(node.id);
    const inside = during.get(node.id);
    const openingMinor = before ? before.debit - before.credit : 0n;
    const debit = inside?.debit ?? 0n;
    const credit = inside?.credit ?? 0n;
    if (openingMinor === 0n && debit === 0n && credit === 0n) continue;
    rows.push({
      levelFourId: node.id,
      allLevelKey: node.allLevelKey,
      levelFourName: node.name,
      opening: openingMinor,
      debit,
      credit,
      closing: openingMinor + debit - credit,
    });
  }
  const sum = (pick: (row: TrialRow) => bigint) => rows.reduce((total, row) => total + pick(row), 0n);
  return {
    from,
    to,
    rows,
    chart,
    totals: {
      openingDebit: sum((row) => debitPart(row.opening)),
      openingCredit: sum((row) => creditPart(row.opening)),
      debit: sum((row) => row.debit),
      credit: sum((row) => row.credit),
      closingDebit: sum((row) => debitPart(row.closing)),
      closingCredit: sum((row) => creditPart(row.closing)),
    },
  };
}

/** The spec's trial row, plus explicit debit/credit columns for the two-row header. */
export function trialRowJson(row: TrialRow) {
  return {
    levelFourId: row.levelFourId,
    allLevelKey: row.allLevelKey,
    levelFourName: row.levelFourName,
    opening_balance: absMajor(row.opening),
    opening_balance_sign: signOf(row.opening),
    debitSum: major(row.debit),
    creditSum: major(row.credit),
    closing_balance: absMajor(row.closing),
    closing_balance_sign: signOf(row.closing),
    openingDebit: major(debitPart(row.opening)),
    openingCredit: major(creditPart(row.opening)),
    closingDebit: major(debitPart(row.closing)),
    closingCredit: major(creditPart(row.closing)),
    account_histories: [{ accBalance: major(row.closing) }],
  };
}

interface Totals {
  opening: bigint;
  debit: bigint;
  credit: bigint;
  closing: bigint;
}

const transactions = (totals: Totals) => ({
  opening_balance: absMajor(totals.opening),
  opening_balance_sign: signOf(totals.opening),
  debit_sum: major(totals.debit),
  credit_sum: major(totals.credit),
  closing_balance: absMajor(totals.closing),
  closing_balance_sign: signOf(totals.closing),
});

/**
 * The nested hierarchy of the spec's trial balance PDF call and chart of account report: a
 * balance and sign at every level. `everyNode` keeps nodes without entries (the chart report).
 */
export function trialHierarchy(trial: TrialBalance, everyNode = false) {
  const byAccount = new Map(trial.rows.map((row) => [row.levelFourId, row]));
  const zero: Totals = { opening: 0n, debit: 0n, credit: 0n, closing: 0n };
  const memo = new Map<number, Totals>();
  const totalsOf = (node: ChartNode): Totals => {
    const known = memo.get(node.id);
    if (known) return known;
    const totals = computeTotals(node);
    memo.set(node.id, totals);
    return totals;
  };
  const computeTotals = (node: ChartNode): Totals => {
    if (node.level === 4) {
      const row = byAccount.get(node.id);
      return row ? { opening: row.opening, debit: row.debit, credit: row.credit, closing: row.closing } : zero;
    }
    return children(node).reduce((sum, child) => {
      const t = totalsOf(child);
      return {
        opening: sum.opening + t.opening,
        debit: sum.debit + t.debit,
        credit: sum.credit + t.credit,
        closing: sum.closing + t.closing,
      };
    }, zero);
  };
  const children = (node: ChartNode) => trial.chart.filter((child) => child.parentId === node.id);
  const describe = (node: ChartNode) => {
    const totals = totalsOf(node);
    return {
      _id: node.id,
      name: node.name,
      key: node.key,
      allKey: node.allLevelKey,
      balance: absMajor(totals.closing),
      sign: signOf(totals.closing),
      levelBalance: absMajor(totals.closing),
      levelBalanceSign: signOf(totals.closing),
      transactions: transactions(totals),
    };
  };
  const used = (node: ChartNode) => {
    if (everyNode) return true;
    const t = totalsOf(node);
    return t.opening !== 0n || t.debit !== 0n || t.credit !== 0n;
  };
  return trial.chart
    .filter((node) => node.level === 1)
    .map((one) => ({
      ...describe(one),
      level_twos: children(one)
        .filter(used)
        .map((two) => ({
          ...describe(two),
          level_threes: children(two)
            .filter(used)
            .map((three) => ({
              ...describe(three),
              level_fours: children(three).filter(used).map(describe),
              level_fives: children(three).filter(used).map(describe),
            })),
        })),
    }));
}

/** The chart flattened in code order: every node with its totals (minor units), for the chart report files. */
export function chartLines(trial: TrialBalance) {
  const byAccount = new Map(trial.rows.map((row) => [row.levelFourId, row]));
  return trial.chart.map((node) => {
    const beneath = trial.chart.filter(
      (account) =>
        account.level === 4 &&
        (account.allLevelKey === node.allLevelKey || account.allLevelKey.startsWith(`${node.allLevelKey}-`)),
    );
    const sum = (pick: (row: TrialRow) => bigint) =>
      beneath.reduce((total, account) => {
        const row = byAccount.get(account.id);
        return total + (row ? pick(row) : 0n);
      }, 0n);
    return {
      level: node.level,
      code: node.allLevelKey,
      name: node.name,
      opening: sum((row) => row.opening),
      debit: sum((row) => row.debit),
      credit: sum((row) => row.credit),
      closing: sum((row) => row.closing),
    };
  });
}
