import type { Readable } from "node:stream";
import {
  perm,
  posSalesReportRequestSchema,
  posSalesReportSchema,
  reportFormatSchema,
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
import { posSalesPdf, posSalesReport, posSalesXlsx, wastePdf, wasteReport, wasteXlsx } from "./pos-reports.service";

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
  };
}
