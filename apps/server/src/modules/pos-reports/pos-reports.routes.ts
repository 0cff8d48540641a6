import type { Readable } from "node:stream";
import {
  foodCostReportRequestSchema,
  foodCostReportSchema,
  perm,
  posSalesReportRequestSchema,
  posSalesReportSchema,
  purchasesReportRequestSchema,
  purchasesReportSchema,
  reportFormatSchema,
  restaurantReportOptionsSchema,
  wasteReportRequestSchema,
  wasteReportSchema,
} from "@cargodesk/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../lib/context";
import { routeDoc } from "../../lib/crud-routes";
import { documentHeaders } from "../../lib/record-document";
import { fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import { foodCostPdf, foodCostReport, foodCostXlsx } from "./food-cost";
import { posSalesPdf, posSalesReport, posSalesXlsx, wastePdf, wasteReport, wasteXlsx } from "./pos-reports.service";
import { purchasesPdf, purchasesReport, purchasesXlsx } from "./purchases";
import { reportOptions } from "./purchases.queries";

/** The restaurant's reports in the Reports module (WP5): a user holding Reports (an admin always). */
const reports = access.permission(perm("Reports"));
const doc = routeDoc("reports");
const PDF = "application/pdf";

/** The report (JSON), or its PDF or XLSX file. */
const reportAnswer = (json: object) => ({
  200: {
    description: "The report (JSON), or its PDF or XLSX file",
    content: { "application/json": { schema: json }, ...fileAnswer([PDF, XLSX_TYPE], "The report as a file").content },
  },
  ...protectedErrors,
});

/** The report's file: an inline PDF or an XLSX download. */
function sendReportFile(reply: FastifyReply, file: Buffer | Readable, format: "pdf" | "xlsx", name: string) {
  const headers = documentHeaders(format, name);
  return reply.type(headers.type).header("content-disposition", headers.disposition).send(file);
}

export function posReportRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/report/pos_sales",
      {
        config: { access: reports },
        schema: doc(
          "Sales over a range of business days by item, category, hour, counter or cashier (paid orders and refunds, as Day Close books them); JSON, or with ?format=pdf or xlsx the same rows as a file",
          {
            body: posSalesReportRequestSchema,
            querystring: reportFormatSchema,
            response: reportAnswer(posSalesReportSchema),
          },
        ),
      },
      async (request, reply) => {
        const report = await posSalesReport(deps.db, request.body, deps.config.APP_TZ);
        const { format } = request.query;
        if (format === "json") return report;
        const name = `sales-by-${report.groupBy}-${report.startDate}-${report.endDate}`;
        const file = format === "pdf" ? await posSalesPdf(deps.db, report) : await posSalesXlsx(report);
        return sendReportFile(reply, file, format, name);
      },
    );
    app.post(
      "/report/waste",
      {
        config: { access: reports },
        schema: doc(
          "Waste over a range of business days by store product and location (voids after firing with a waste reason), at cost; JSON, or with ?format=pdf or xlsx the same rows as a file",
          {
            body: wasteReportRequestSchema,
            querystring: reportFormatSchema,
            response: reportAnswer(wasteReportSchema),
          },
        ),
      },
      async (request, reply) => {
        const report = await wasteReport(deps.db, request.body);
        const { format } = request.query;
        if (format === "json") return report;
        const file = format === "pdf" ? await wastePdf(deps.db, report) : await wasteXlsx(report);
        return sendReportFile(reply, file, format, `waste-${report.startDate}-${report.endDate}`);
      },
    );
    app.post(
      "/report/food_cost",
      {
        config: { access: reports },
        schema: doc(
          "Food cost over a range of business days: per store product at the Kitchen (or the location chosen) opening, received, theoretical usage (the recipes of the sales), waste, closing, actual usage and variance, and the food cost % of net sales; JSON, or with ?format=pdf or xlsx the same rows as a file",
          {
            body: foodCostReportRequestSchema,
            querystring: reportFormatSchema,
            response: reportAnswer(foodCostReportSchema),
          },
        ),
      },
      async (request, reply) => {
        const report = await foodCostReport(deps.db, request.body);
        const { format } = request.query;
        if (format === "json") return report;
        const file = format === "pdf" ? await foodCostPdf(deps.db, report) : await foodCostXlsx(report);
        return sendReportFile(reply, file, format, `food-cost-${report.startDate}-${report.endDate}`);
      },
    );
    app.post(
      "/report/purchases",
      {
        config: { access: reports },
        schema: doc(
          "Purchases by vendor: the GRNs posted in the range (count, gross, discount, tax, charges, total, landed) with each GRN, reversals dated in the range netted; JSON, or with ?format=pdf or xlsx the same rows as a file",
          {
            body: purchasesReportRequestSchema,
            querystring: reportFormatSchema,
            response: reportAnswer(purchasesReportSchema),
          },
        ),
      },
      async (request, reply) => {
        const report = await purchasesReport(deps.db, request.body);
        const { format } = request.query;
        if (format === "json") return report;
        const file = format === "pdf" ? await purchasesPdf(deps.db, report) : await purchasesXlsx(report);
        return sendReportFile(reply, file, format, `purchases-${report.startDate}-${report.endDate}`);
      },
    );
    app.get(
      "/report/options",
      {
        config: { access: reports },
        schema: doc(
          "What the food cost and purchases reports offer to choose: the active stock locations and the vendors",
          {
            response: { 200: restaurantReportOptionsSchema, ...protectedErrors },
          },
        ),
      },
      () => reportOptions(deps.db),
    );
  };
}
