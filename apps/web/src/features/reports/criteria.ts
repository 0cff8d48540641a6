import type { LedgerCriteria, PeriodCriteria, SummaryCriteria } from "./api";
import { dateParam, idParam } from "./format";

/** Routes of the search screens and the result screens they lead to (spec: accounting.md section 2). */
export const REPORT_ROUTES = {
  ledger: "/accounts/ledger",
  ledgerList: "/accounts/Ledger-List",
  trial: "/accounts/trailbalance",
  trialReport: "/accounts/trial-balance-report",
  summary: "/accounts/transaction-summary",
  summaryDetails: "/accounts/transaction-summary-details",
  profitLoss: "/accounts/profit-loss",
  aging: "/accounts/addaging",
  receivablesAging: "/accounts/receivables-aging",
  cashBook: "/accounts/cash-book",
  chart: "/accounts/chartofAccount",
  posSales: "/report/sales",
  waste: "/report/waste",
  foodCost: "/report/food_cost",
  purchases: "/report/purchases",
  hub: "/report",
} as const;

/** Query-string names, so a result page survives a reload and can be bookmarked. */
const PARAM = { account: "account", from: "from", to: "to", type: "type" } as const;

function withDates(params: URLSearchParams, from: string, to: string): URLSearchParams {
  if (from) params.set(PARAM.from, from);
  if (to) params.set(PARAM.to, to);
  return params;
}

export function ledgerFromParams(params: URLSearchParams): LedgerCriteria | null {
  const levelFourId = idParam(params, PARAM.account);
  if (levelFourId === null) return null;
  return { levelFourId, startDate: dateParam(params, PARAM.from), endDate: dateParam(params, PARAM.to) };
}

export const ledgerToParams = (criteria: LedgerCriteria): URLSearchParams =>
  withDates(
    new URLSearchParams({ [PARAM.account]: String(criteria.levelFourId) }),
    criteria.startDate,
    criteria.endDate,
  );

export const ledgerListUrl = (criteria: LedgerCriteria): string =>
  `${REPORT_ROUTES.ledgerList}?${ledgerToParams(criteria)}`;

/** The dates of a period screen; null when neither is given. */
export function periodFromParams(params: URLSearchParams): PeriodCriteria | null {
  const startedDate = dateParam(params, PARAM.from);
  const endDate = dateParam(params, PARAM.to);
  return startedDate || endDate ? { startedDate, endDate } : null;
}

export const periodToParams = (criteria: PeriodCriteria): URLSearchParams =>
  withDates(new URLSearchParams(), criteria.startedDate, criteria.endDate);

/** Transaction summary criteria: a voucher type 1 to 5 is required. */
export function summaryFromParams(params: URLSearchParams): SummaryCriteria | null {
  const voucher = idParam(params, PARAM.type);
  if (voucher === null || voucher > 5) return null;
  return { voucher, startedDate: dateParam(params, PARAM.from), endDate: dateParam(params, PARAM.to) };
}

export const summaryToParams = (criteria: SummaryCriteria): URLSearchParams =>
  withDates(new URLSearchParams({ [PARAM.type]: String(criteria.voucher) }), criteria.startedDate, criteria.endDate);
