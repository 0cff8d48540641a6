import {
  agingReportSchema,
  agingRequestSchema,
  chartHierarchySchema,
  ledgerReportSchema,
  ledgerRequestSchema,
  type PermissionEntry,
  PL_HEADINGS,
  parseMinor,
  periodRequestSchema,
  perm,
  profitLossRequestSchema,
  profitLossSchema,
  type ReportFormat,
  receivablesAgingRequestSchema,
  receivablesAgingSchema,
  reportFormatSchema,
  transactionSummaryRequestSchema,
  transactionSummaryRowSchema,
  trialBalanceSchema,
} from "@cargodesk/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { absMajor, major, signOf } from "../../lib/books/amounts";
import type { AppDeps } from "../../lib/context";
import { fiscalYearStart, todayIn } from "../../lib/dates";
import { asDocument } from "../../lib/documents/render";
import { loadCompany } from "../../lib/pdf";
import { bearer, fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import { buildAging } from "./aging";
import { buildLedger } from "./ledger";
import { buildProfitLoss } from "./profit-loss";
import { buildReceivablesAging } from "./receivables-aging";
import { receivablesAgingJson, receivablesAgingTable } from "./receivables-aging-views";
import { type TableReport, tablePdf, tableXlsx } from "./render";
import {
  agingTable,
  chartTable,
  ledgerJson,
  ledgerTable,
  profitLossTable,
  summaryTable,
  trialTable,
} from "./report-views";
import { buildTransactionSummary } from "./transaction-summary";
import { buildTrialBalance, chartLines, type TrialBalance, trialHierarchy, trialRowJson } from "./trial-balance";

/** A report opens for its Accounts category, or for the Reports module (the spec's /report), which holds them all. */
const accountsReport = (cat: string) => access.permission(perm("Accounts", cat), perm("Reports"));
const pageQuery = reportFormatSchema.extend({
  page: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(1000).optional(),
});
/** The report as JSON, or with ?format=pdf or xlsx the same rows as a file. */
const reportAnswer = (json: z.ZodType) => ({
  200: {
    description: "The report (JSON), or its PDF or XLSX file",
    content: {
      "application/json": { schema: json },
      ...fileAnswer(["application/pdf", XLSX_TYPE], "The report as a file").content,
    },
  },
  ...protectedErrors,
});
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["reports"],
  summary: `${summary}. ?format=pdf or xlsx answers the same rows as a file.`,
  security: bearer,
  ...extra,
});

export function reportRoutes(deps: AppDeps) {
  const today = () => todayIn(deps.config.APP_TZ);
  const company = async () => {
    const profile = await loadCompany(deps.db);
    return {
      resImage: { restaurantName: profile.name, restaurantLocation: profile.address, ntn: profile.ntn },
      restaurantImage: profile.logoPath ? "/api/setting/company/logo" : null,
    };
  };
  /** Sends a report as JSON, or renders the same rows as a PDF or XLSX file. */
  const answer = async <Row>(
    reply: FastifyReply,
    format: ReportFormat,
    json: () => Promise<object> | object,
    table: () => TableReport<Row>,
  ) => {
    if (format === "json") return json();
    const report = table();
    const file = format === "pdf" ? await tablePdf(deps.db, report) : await tableXlsx(report);
    return reply
      .type(format === "pdf" ? "application/pdf" : XLSX_TYPE)
      .header(
        "content-disposition",
        `${format === "pdf" ? "inline" : "attachment"}; filename="${report.fileName}.${format}"`,
      )
      .send(file);
  };

  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    const ledgerRoute = (
      path: string,
      summary: string,
      required: PermissionEntry,
      forceFormat?: ReportFormat,
      title?: string,
    ) =>
      app.post(
        path,
        {
          config: { access: access.permission(required, perm("Reports")) },
          schema: doc(summary, {
            body: ledgerRequestSchema,
            querystring: pageQuery,
            response:
              forceFormat === "pdf"
                ? { 200: fileAnswer("application/pdf", "The ledger as a PDF"), ...protectedErrors }
                : reportAnswer(ledgerReportSchema),
          }),
        },
        async (request, reply) => {
          const { startDate, endDate, levelFourId } = request.body;
          const format = forceFormat ?? request.query.format;
          const paged = format === "json" && request.query.size !== undefined;
          const size = request.query.size ?? 0;
          const respond = async () => {
            const ledger = await buildLedger(deps.db, {
              accountId: levelFourId,
              from: startDate ?? null,
              to: endDate ?? today(),
              counter: title === "CASH BOOK",
              ...(paged ? { limit: size, offset: ((request.query.page ?? 1) - 1) * size } : {}),
            });
            return answer(
              reply,
              format,
              async () => ({
                levelFourId: ledger.account.id,
                levelFourName: ledger.account.name,
                allLevelKey: ledger.account.allLevelKey,
                startDate: ledger.from ?? "",
                endDate: ledger.to,
                openingBalance: absMajor(ledger.opening),
                openingBalanceSign: signOf(ledger.opening),
                debitSum: major(ledger.debit),
                creditSum: major(ledger.credit),
                closingBalance: absMajor(ledger.closing),
                closingBalanceSign: signOf(ledger.closing),
                closing_balance: absMajor(ledger.closing),
                closing_balance_sign: signOf(ledger.closing),
                total_results: ledger.count,
                page: request.query.page ?? 1,
                data: ledgerJson(ledger),
                ...(await company()),
              }),
              () => ledgerTable(ledger, title),
            );
          };
          // A ledger's file reads and draws every row: the whole request takes its turn as a document.
          return format === "json" ? respond() : asDocument(respond);
        },
      );
    ledgerRoute(
      "/levelFour/account_ledger",
      "An account's ledger: opening, running and closing balance",
      perm("Accounts", "Accounts Ledger"),
    );
    ledgerRoute(
      "/levelFour/account_ledger_pdf",
      "An account's ledger as a PDF",
      perm("Accounts", "Accounts Ledger"),
      "pdf",
    );
    ledgerRoute(
      "/reports/cash_book_report",
      "Cash book of a cash or bank account",
      perm("Accounts", "Cash Book Report"),
      undefined,
      "CASH BOOK",
    );

    const trialPeriod = (body: { startedDate?: string | undefined; endDate?: string | undefined }) => {
      const to = body.endDate ?? today();
      return { from: body.startedDate ?? fiscalYearStart(to, deps.config.FISCAL_YEAR_START), to };
    };
    /** The trial balance, its hierarchy and the chart of account report share a period and one builder. */
    const periodRoute = <Row>(
      path: string,
      summary: string,
      answerSchema: z.ZodType,
      json: (trial: TrialBalance) => Promise<object> | object,
      table: (trial: TrialBalance) => TableReport<Row>,
      category = "Trail Balance Report",
    ) =>
      app.post(
        path,
        {
          config: { access: accountsReport(category) },
          schema: doc(summary, {
            body: periodRequestSchema.nullish(),
            querystring: reportFormatSchema,
            response: reportAnswer(answerSchema),
          }),
        },
        async (request, reply) => {
          const { from, to } = trialPeriod(request.body ?? {});
          const trial = await buildTrialBalance(deps.db, from, to);
          return answer(
            reply,
            request.query.format,
            () => json(trial),
            () => table(trial),
          );
        },
      );
    periodRoute(
      "/reports/trail_balance",
      "Trial balance: opening, during and closing per account",
      trialBalanceSchema,
      (trial) => ({
        startedDate: trial.from,
        endDate: trial.to,
        data: trial.rows.map(trialRowJson),
        totals: Object.fromEntries(Object.entries(trial.totals).map(([key, value]) => [key, major(value)])),
      }),
      trialTable,
    );
    periodRoute(
      "/trial_balance/get_trial_balance_pdf",
      "Trial balance as the nested hierarchy, a balance and sign at every level",
      chartHierarchySchema,
      async (trial) => ({
        startedDate: trial.from,
        endDate: trial.to,
        data: trialHierarchy(trial),
        ...(await company()),
      }),
      trialTable,
    );
    periodRoute(
      "/chart_of_account/chart_of_account_report",
      "Chart of accounts with every level's balance and sign for the dates",
      chartHierarchySchema,
      async (trial) => ({
        startedDate: trial.from,
        endDate: trial.to,
        data: trialHierarchy(trial, true),
        ...(await company()),
      }),
      (trial) => chartTable(chartLines(trial), trial.from, trial.to),
      "Chart Of Account Report",
    );

    app.post(
      "/reports/transaction_summary_report",
      {
        config: { access: accountsReport("Transaction Summary") },
        schema: doc("Approved lines of one voucher type between dates", {
          body: transactionSummaryRequestSchema,
          querystring: reportFormatSchema,
          response: reportAnswer(z.array(transactionSummaryRowSchema)),
        }),
      },
      async (request, reply) => {
        const { startedDate, endDate, voucher } = request.body;
        const to = endDate ?? today();
        const rows = await buildTransactionSummary(deps.db, voucher, startedDate ?? null, to);
        return answer(
          reply,
          request.query.format,
          () =>
            rows.map((row) => ({
              voucherId: row.voucherId,
              date: row.date,
              voucherNumber: row.voucherNumber,
              account: `${row.accountCode} ${row.accountName}`,
              description: row.description,
              debit: major(row.debit),
              credit: major(row.credit),
            })),
          () => summaryTable(rows, voucher, startedDate ?? null, to),
        );
      },
    );

    app.post(
      "/reports/profit_loss",
      {
        config: { access: accountsReport("Profit Loss Report") },
        schema: doc("Profit and loss by heading; no body covers the current fiscal year", {
          body: profitLossRequestSchema.nullish(),
          querystring: reportFormatSchema,
          response: reportAnswer(profitLossSchema),
        }),
      },
      async (request, reply) => {
        const body = request.body ?? { startedDate: undefined, endDate: undefined, openingStock: 0, closingStock: 0 };
        const { from, to } = trialPeriod(body);
        const pl = await buildProfitLoss(deps.db, from, to, {
          opening: parseMinor(body.openingStock ?? 0) ?? 0n,
          closing: parseMinor(body.closingStock ?? 0) ?? 0n,
        });
        return answer(
          reply,
          request.query.format,
          async () => ({
            startedDate: from,
            endDate: to,
            ...Object.fromEntries(PL_HEADINGS.map(({ key }) => [key, { balance: major(pl.headings[key]) }])),
            opening_stock: major(pl.openingStock),
            closing_stock: major(pl.closingStock),
            cogs: major(pl.cogs),
            gross_profit: major(pl.grossProfit),
            profit_before_tax: major(pl.profitBeforeTax),
            net_profit: major(pl.netProfit),
            ...(await company()),
          }),
          () => profitLossTable(pl),
        );
      },
    );

    app.post(
      "/reports/aging_report",
      {
        config: { access: accountsReport("Aging Report") },
        schema: doc("Aging of an account's open debits in 8 buckets of 15 days", {
          body: agingRequestSchema,
          querystring: reportFormatSchema,
          response: reportAnswer(agingReportSchema),
        }),
      },
      async (request, reply) => {
        const aging = await buildAging(deps.db, request.body.levelFourId, request.body.asOfDate ?? today());
        return answer(
          reply,
          request.query.format,
          () => ({
            levelFourId: aging.accountId,
            levelFourName: aging.accountName,
            asOfDate: aging.asOf,
            duration: aging.buckets.map((bucket) => ({ startedDate: bucket.from, endDate: bucket.to })),
            ledger_history: aging.buckets.map((bucket) => major(bucket.amount)),
            older: major(aging.older),
            unappliedCredit: major(aging.unappliedCredit),
            total: major(aging.balance),
            lastDebit: major(aging.lastDebit),
            lastDebitDate: aging.lastDebitDate,
          }),
          () => agingTable(aging),
        );
      },
    );

    app.post(
      "/reports/receivables_aging",
      {
        config: { access: accountsReport("Aging Report") },
        schema: doc(
          "Every customer's receivable account (under the customers' receivables group) aged in 8 buckets of 15 days, with totals",
          {
            body: receivablesAgingRequestSchema.nullish(),
            querystring: reportFormatSchema,
            response: reportAnswer(receivablesAgingSchema),
          },
        ),
      },
      async (request, reply) => {
        const aging = await buildReceivablesAging(deps.db, request.body?.asOfDate ?? today());
        return answer(
          reply,
          request.query.format,
          () => receivablesAgingJson(aging),
          () => receivablesAgingTable(aging),
        );
      },
    );
  };
}
