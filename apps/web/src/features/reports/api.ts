import {
  type AgingReport,
  agingReportSchema,
  type ChartHierarchy,
  type ChartReportNode,
  chartHierarchySchema,
  type FoodCostReportRequest,
  foodCostReportSchema,
  type LedgerReport,
  type LedgerRow,
  ledgerReportSchema,
  type PosSalesReportRequest,
  type ProfitLossReport,
  type PurchasesReportRequest,
  posSalesReportSchema,
  profitLossSchema,
  purchasesReportSchema,
  receivablesAgingSchema,
  restaurantReportOptionsSchema,
  type TransactionSummaryRow,
  type TrialBalanceReport,
  type TrialRow,
  transactionSummaryRowSchema,
  trialBalanceSchema,
  type WasteReportRequest,
  wasteReportSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";
import type { ReportFileRequest } from "../../lib/report-files";
import { voucherRecordSchema } from "../vouchers/api";

export type { LedgerRow, TrialRow };
export type Ledger = LedgerReport;
export type TrialBalance = TrialBalanceReport;
export type SummaryRow = TransactionSummaryRow;
export type ProfitLoss = ProfitLossReport;
export type Aging = AgingReport;

/** One node of the chart of account report, any level, with its children. */
export interface ChartNode extends ChartReportNode {
  level: 1 | 2 | 3 | 4;
  children: ChartNode[];
}
export interface ChartReport {
  startedDate: string;
  endDate: string;
  nodes: ChartNode[];
}

const toChart = (report: ChartHierarchy): ChartReport => ({
  startedDate: report.startedDate,
  endDate: report.endDate,
  nodes: report.data.map(({ level_twos, ...one }) => ({
    ...one,
    level: 1,
    children: level_twos.map(({ level_threes, ...two }) => ({
      ...two,
      level: 2,
      children: level_threes.map(({ level_fours, level_fives, ...three }) => ({
        ...three,
        level: 3,
        children: level_fours.map((four) => ({
          ...four,
          level: 4,
          children: [],
        })),
      })),
    })),
  })),
});

/** Dates are YYYY-MM-DD or "" for "not given". */
export interface LedgerCriteria {
  levelFourId: number;
  startDate: string;
  endDate: string;
}
export interface PeriodCriteria {
  startedDate: string;
  endDate: string;
}
export interface SummaryCriteria extends PeriodCriteria {
  voucher: number;
}
export interface ProfitLossCriteria extends PeriodCriteria {
  openingStock: number;
  closingStock: number;
}
export interface AgingCriteria {
  levelFourId: number;
  asOfDate: string;
}
export type LedgerBook = "ledger" | "cashBook";
type ReportName =
  | "trial"
  | "summary"
  | "profitLoss"
  | "chart"
  | "aging"
  | "receivablesAging"
  | "posSales"
  | "waste"
  | "foodCost"
  | "purchases";

export const REPORT_PATHS = {
  ledger: "/levelFour/account_ledger",
  ledgerPdf: "/levelFour/account_ledger_pdf",
  cashBook: "/reports/cash_book_report",
  trial: "/reports/trail_balance",
  trialPdf: "/trial_balance/get_trial_balance_pdf",
  summary: "/reports/transaction_summary_report",
  profitLoss: "/reports/profit_loss",
  aging: "/reports/aging_report",
  receivablesAging: "/reports/receivables_aging",
  chart: "/chart_of_account/chart_of_account_report",
  posSales: "/report/pos_sales",
  waste: "/report/waste",
  foodCost: "/report/food_cost",
  purchases: "/report/purchases",
  options: "/report/options",
} as const;

/** Empty dates are left out of the body: the server then uses its own defaults. */
const withDates = (body: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== ""));

export const reportKeys = {
  all: ["reports"] as const,
  ledger: (book: LedgerBook, criteria: LedgerCriteria, page: number, size: number) =>
    [...reportKeys.all, book, criteria, page, size] as const,
  report: (name: ReportName, criteria: object) => [...reportKeys.all, name, criteria] as const,
  voucher: (id: number) => [...reportKeys.all, "voucher", id] as const,
  none: (name: string) => [...reportKeys.all, name, "none"] as const,
};

/** Reports follow approvals made elsewhere, so they are refetched whenever a screen opens. */
const fresh = { staleTime: 0 } as const;

/** One server page (1-based) of an account ledger or a cash book. */
export function useLedger(book: LedgerBook, criteria: LedgerCriteria | null, page: number, size: number) {
  const path = book === "ledger" ? REPORT_PATHS.ledger : REPORT_PATHS.cashBook;
  return useQuery({
    queryKey: criteria ? reportKeys.ledger(book, criteria, page, size) : reportKeys.none(book),
    queryFn: ({ signal }) =>
      api.post(`${path}?page=${page}&size=${size}`, withDates(criteria ?? {}), ledgerReportSchema, { signal }),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

const periodQuery = <S extends z.ZodType>(name: ReportName, path: string, schema: S, criteria: object | null) => ({
  queryKey: criteria ? reportKeys.report(name, criteria) : reportKeys.none(name),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.post(path, withDates(criteria ?? {}), schema, { signal }),
  enabled: criteria !== null,
  ...fresh,
});

export const useTrialBalance = (criteria: PeriodCriteria | null) =>
  useQuery(periodQuery("trial", REPORT_PATHS.trial, trialBalanceSchema, criteria));

export const useTransactionSummary = (criteria: SummaryCriteria | null) =>
  useQuery(periodQuery("summary", REPORT_PATHS.summary, z.array(transactionSummaryRowSchema), criteria));

export const useProfitLoss = (criteria: ProfitLossCriteria | null) =>
  useQuery(periodQuery("profitLoss", REPORT_PATHS.profitLoss, profitLossSchema, criteria));

export const useAging = (criteria: AgingCriteria | null) =>
  useQuery(periodQuery("aging", REPORT_PATHS.aging, agingReportSchema, criteria));

export const useReceivablesAging = (criteria: { asOfDate: string } | null) =>
  useQuery(periodQuery("receivablesAging", REPORT_PATHS.receivablesAging, receivablesAgingSchema, criteria));

/** The restaurant's sales by item, category, hour, counter or cashier over business days (WP5). */
export const usePosSales = (criteria: PosSalesReportRequest | null) =>
  useQuery(periodQuery("posSales", REPORT_PATHS.posSales, posSalesReportSchema, criteria));

/** Waste by store product over business days (WP5). */
export const useWasteReport = (criteria: WasteReportRequest | null) =>
  useQuery(periodQuery("waste", REPORT_PATHS.waste, wasteReportSchema, criteria));

/** Food cost by store product at the Kitchen, and the food cost % (WP5). */
export const useFoodCost = (criteria: FoodCostReportRequest | null) =>
  useQuery(periodQuery("foodCost", REPORT_PATHS.foodCost, foodCostReportSchema, criteria));

/** Purchases by vendor: the GRNs posted, reversals netted (WP5). */
export const usePurchases = (criteria: PurchasesReportRequest | null) =>
  useQuery(periodQuery("purchases", REPORT_PATHS.purchases, purchasesReportSchema, criteria));

/** The stock locations and vendors the food cost and purchases screens offer. */
export function useRestaurantReportOptions() {
  return useQuery({
    queryKey: [...reportKeys.all, "options"] as const,
    queryFn: ({ signal }) => api.get(REPORT_PATHS.options, restaurantReportOptionsSchema, signal),
  });
}

export function useChartReport(criteria: PeriodCriteria | null) {
  return useQuery({ ...periodQuery("chart", REPORT_PATHS.chart, chartHierarchySchema, criteria), select: toChart });
}

/** One voucher with its lines, for the ledger's drill-down. */
export function useVoucher(id: number | null) {
  return useQuery({
    queryKey: id === null ? reportKeys.none("voucher") : reportKeys.voucher(id),
    queryFn: ({ signal }) => api.get(`/voucher/${id}`, voucherRecordSchema, signal),
    enabled: id !== null,
    ...fresh,
  });
}

/** The same rows as a file: the body the screen shows, sent to `path?format=pdf|xlsx`. */
export const reportFile = (path: string, body: object, name: string): ReportFileRequest => ({
  path,
  body: withDates(body),
  name,
});
