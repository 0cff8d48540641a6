import {
  errorBodySchema,
  ISSUANCE_MESSAGES,
  issuanceCreateSchema,
  issuanceDetailSchema,
  issuanceFormatQuerySchema,
  issuanceListQuerySchema,
  issuanceListSchema,
  issuanceNumberParamsSchema,
  issuanceReportRequestSchema,
  issuanceReportSchema,
  issuanceSavedSchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { type AppDeps, ctxOf } from "../../lib/context";
import { documentHeaders, jsonOrFile, type RecordDocument, recordPdf, recordXlsx } from "../../lib/record-document";
import { bearer, fileAnswer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { issuanceReportDocument, issueSlip } from "./issuance.documents";
import { findIssuance, findIssuances, findLocationName, issuanceReport } from "./issuance.queries";
import { createIssuance, postIssuance, reverseIssuance } from "./issuance.service";

const issuance = (sub: string) => perm("Store", "Issuance", sub);
const canAdd = access.permission(issuance("Issuance Add"));
const canList = access.permission(issuance("Issuance List"));
/** One issuance is read by the list, the add screen's result dialog and the report by id. */
const canRead = access.permission(
  issuance("Issuance List"),
  issuance("Issuance Add"),
  issuance("Issuance Report With Id"),
);
const canReportById = access.permission(issuance("Issuance Report With Id"));
const canReportByDates = access.permission(issuance("Issuance Report With Dates"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["store"],
  summary,
  security: bearer,
  ...extra,
});

/** Issuance: Store to Kitchen at the source's average cost (design 5.1 items 4-7). */
export function issuanceRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const send = async (reply: FastifyReply, format: "pdf" | "xlsx", document: RecordDocument) => {
      const file = format === "pdf" ? await recordPdf(deps.db, document) : await recordXlsx(document);
      const headers = documentHeaders(format, document.fileName);
      return reply.type(headers.type).header("content-disposition", headers.disposition).send(file);
    };
    const getOne = async (key: { id: number } | { number: string }) => {
      const found = await findIssuance(deps.db, key);
      if (!found) throw new AppError("NOT_FOUND", ISSUANCE_MESSAGES.notFound);
      return found;
    };

    app.post(
      "/inventory/issuance",
      {
        config: { access: canAdd },
        schema: doc("Save an issuance as a draft, or post it at once (post: true): 409 with every short line", {
          body: issuanceCreateSchema,
          response: { 200: issuanceSavedSchema, ...errors },
        }),
      },
      (request) => createIssuance(ctxOf(deps, request), request.body),
    );

    app.post(
      "/inventory/issuance/:id/post",
      {
        config: { access: canAdd },
        schema: doc("Post a draft issuance: ISS number, moves at the source's average, JV when accounts differ", {
          params: idParams,
          response: { 200: issuanceSavedSchema, ...errors },
        }),
      },
      (request) => postIssuance(ctxOf(deps, request), request.params.id),
    );

    app.post(
      "/inventory/issuance/:id/reverse",
      {
        config: { access: canAdd },
        schema: doc("Reverse a posted issuance at its original values (409 when the destination holds too little)", {
          params: idParams,
          response: { 200: issuanceSavedSchema, ...errors },
        }),
      },
      (request) => reverseIssuance(ctxOf(deps, request), request.params.id),
    );

    app.get(
      "/inventory/issuance",
      {
        config: { access: canList },
        schema: doc("Issuances newest first, each with its lines; filters by dates, location, status, product", {
          querystring: issuanceListQuerySchema,
          response: { 200: issuanceListSchema, ...protectedErrors },
        }),
      },
      (request) => findIssuances(deps.db, request.query),
    );

    app.get(
      "/inventory/issuance/:id",
      {
        config: { access: canRead },
        schema: doc("One issuance with its lines", {
          params: idParams,
          response: { 200: issuanceDetailSchema, ...errors },
        }),
      },
      (request) => getOne({ id: request.params.id }),
    );

    app.get(
      "/inventory/issuance/:id/issuance.pdf",
      {
        config: { access: canRead },
        schema: doc("The issue slip as a PDF", {
          params: idParams,
          response: { 200: fileAnswer("application/pdf", "The issue slip"), ...errors },
        }),
      },
      async (request, reply) => send(reply, "pdf", issueSlip(await getOne({ id: request.params.id }))),
    );

    app.get(
      "/inventory/issuance/by_number/:number",
      {
        config: { access: canReportById },
        schema: doc("Issuance Report With Id: one issuance by its number; ?format=pdf or xlsx answers a file", {
          params: issuanceNumberParamsSchema,
          querystring: issuanceFormatQuerySchema,
          response: { 200: jsonOrFile(issuanceDetailSchema), ...errors },
        }),
      },
      async (request, reply) => {
        const found = await getOne({ number: request.params.number });
        const format = request.query.format;
        return format === "json" ? found : send(reply, format, issueSlip(found));
      },
    );

    app.post(
      "/inventory/issuance/report",
      {
        config: { access: canReportByDates },
        schema: doc("Issuance Report With Dates: per product and per issuance with totals; format pdf or xlsx", {
          body: issuanceReportRequestSchema,
          response: { 200: jsonOrFile(issuanceReportSchema), ...protectedErrors },
        }),
      },
      async (request, reply) => {
        const { startDate, endDate, locationId, format } = request.body;
        const report = await issuanceReport(deps.db, { startDate, endDate, locationId: locationId ?? null });
        if (format === "json") return report;
        const location = locationId ? ((await findLocationName(deps.db, locationId)) ?? "") : "All locations";
        return send(reply, format, issuanceReportDocument(report, location));
      },
    );
  };
}
