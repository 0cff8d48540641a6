import {
  calculateRateSchema,
  errorBodySchema,
  perm,
  RATE_MESSAGES,
  rateAnswerSchema,
  rateInquirySchema,
  rateLogPageSchema,
  rateLogsQuerySchema,
  rateUploadAnswerSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { type AppDeps, ctxOf } from "../../lib/context";
import { readMultipart } from "../../lib/multipart";
import { publicLimit } from "../../lib/rate-limits";
import { bearer, fileAnswer, idParams, protectedErrors } from "../../lib/route-schemas";
import { findFile, sendStoredFile } from "../../lib/stored-files";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import { quotationPdf } from "./rates.pdf";
import { findLog, listLogs } from "./rates.repo";
import { quoteRates, RATE_FILE_PATTERN, uploadRateSheet } from "./rates.service";

const publicErrors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema } as const;
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["rates"], summary, ...extra });

/** Rate sheets: upload and logs (staff, by permission), the public calculator, the inquiry and the quotation slip. */
export function rateRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    // One allowance per address shared by the three public rate calls.
    const limit = publicLimit(
      app,
      "rates",
      deps.config.LOGIN_RATE_LIMIT * 6,
      "Too many rate requests from this address. Please wait a minute.",
    );

    app.post(
      "/rate/upload_rate_file",
      {
        config: { access: access.permission(perm("Rate", "Rate Upload")) },
        schema: doc(
          "Upload a rate sheet (multipart: date, service_type_id, shipment_type, type (DHL/UPS for service 11), file: CSV or XLSX)",
          {
            security: bearer,
            consumes: ["multipart/form-data"],
            response: { 200: rateUploadAnswerSchema, ...protectedErrors },
          },
        ),
      },
      async (request) => {
        const { fields, file } = await readMultipart(request, "file");
        return uploadRateSheet(ctxOf(deps, request), { fields, file });
      },
    );

    app.get(
      "/rate/get_rate_logs",
      {
        config: { access: access.permission(perm("Rate", "Rate Logs")) },
        schema: doc("Uploaded rate sheets, newest first (page is 1-based)", {
          security: bearer,
          querystring: rateLogsQuerySchema,
          response: { 200: rateLogPageSchema, ...protectedErrors },
        }),
      },
      async (request) => {
        const { size, page } = request.query;
        const { rows, total } = await listLogs(deps.db, page, size);
        return { result: rows, page, total_results: total };
      },
    );

    app.get(
      "/rate/rate_logs/:id/file",
      {
        config: { access: access.permission(perm("Rate", "Rate Logs")) },
        schema: doc("The original file of an uploaded rate sheet", {
          security: bearer,
          params: idParams,
          response: {
            200: fileAnswer(["text/csv", XLSX_TYPE], "The sheet as uploaded, CSV or XLSX"),
            ...protectedErrors,
            404: errorBodySchema,
          },
        }),
      },
      async (request, reply) => {
        const log = await findLog(deps.db, request.params.id);
        if (!log || !RATE_FILE_PATTERN.test(log.path)) throw new AppError("NOT_FOUND", RATE_MESSAGES.logMissing);
        const file = await findFile(deps.db, log.path);
        if (!file) throw new AppError("NOT_FOUND", RATE_MESSAGES.logMissing);
        const ascii = log.original_name.replace(/[^\w.-]+/g, "_");
        reply.header(
          "content-disposition",
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(log.original_name)}`,
        );
        return sendStoredFile(reply, deps.db, file);
      },
    );

    app.post(
      "/rate/calculate_rate",
      {
        config: { access: access.public },
        onRequest: limit,
        schema: doc(
          "Public rate calculator: the echoed request (date, country_id, weight), then {service, rate} per priced service; service_type_id ALL for every service",
          { body: calculateRateSchema, response: { 200: rateAnswerSchema, ...publicErrors } },
        ),
      },
      async (request) => {
        const body = request.body;
        return quoteRates(ctxOf(deps, request), {
          weight: body.weight,
          serviceTypeId: body.service_type_id,
          countryId: body.country_id,
          zip: body.zip,
          date: body.date,
          shipmentType: body.shipment_type,
          type2: body.type2,
        });
      },
    );

    app.post(
      "/rate/rate_inquiry",
      {
        config: { access: access.optional },
        onRequest: limit,
        schema: doc(
          "Rate inquiry: the echoed request, then {service, rate} with rate = rate + ceil(profit% x rate / 100)",
          { body: rateInquirySchema, response: { 200: rateAnswerSchema, ...publicErrors } },
        ),
      },
      async (request) => {
        const body = request.body;
        return quoteRates(ctxOf(deps, request), {
          weight: body.weight,
          serviceTypeId: body.serviceId,
          countryId: body.country_id,
          zip: body.zip,
          date: body.date,
          shipmentType: body.shipment_type,
          type2: body.type2,
          profit: body.profit,
        });
      },
    );

    app.post(
      "/rate/quotation_pdf",
      {
        config: { access: access.public },
        onRequest: limit,
        schema: doc("QUOTATION SLIP (A4) PDF of a calculation (the calculator's body, plus profit for an inquiry)", {
          body: calculateRateSchema,
          produces: ["application/pdf"],
          response: { 200: fileAnswer("application/pdf", "The quotation slip"), ...publicErrors },
        }),
      },
      async (request, reply) => {
        const body = request.body;
        const answer = await quoteRates(ctxOf(deps, request), {
          weight: body.weight,
          serviceTypeId: body.service_type_id,
          countryId: body.country_id,
          zip: body.zip,
          date: body.date,
          shipmentType: body.shipment_type,
          type2: body.type2,
          profit: body.profit,
        });
        return reply
          .type("application/pdf")
          .header("content-disposition", `attachment; filename="quotation-slip-${answer[0].date}.pdf"`)
          .send(await quotationPdf(deps.db, answer));
      },
    );
  };
}
