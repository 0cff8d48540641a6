import {
  counterSessionQuerySchema,
  counterSessionSchema,
  dayClosedSchema,
  dayClosePreviewSchema,
  dayCloseSchema,
  dayDetailSchema,
  dayIdQuerySchema,
  dayListQuerySchema,
  dayOpenCurrentSchema,
  dayOpenedSchema,
  dayOpenSchema,
  dayPageSchema,
  errorBodySchema,
  exceptionAcceptedSchema,
  exceptionAcceptSchema,
  idSchema,
  perm,
  sessionClosedSchema,
  sessionCloseSchema,
  sessionOpenedSchema,
  sessionOpenSchema,
  voucherSourcesSchema,
} from "@cargodesk/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, fileAnswer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { VOUCHER_READERS } from "../vouchers/index";
import { counterSession } from "./counter-session";
import { dayClosePreview } from "./day-close.checks";
import { acceptException, closeDay, closeSession } from "./day-close.service";
import { currentDay, openDay, openSession } from "./day-open.service";
import { dayDetail, listDays, sessionReport, zSnapshotOf } from "./day-record.service";
import { xReportPdf, zReportPdf } from "./day-reports";
import { voucherSources } from "./voucher-sources";

const DAY_OPEN = perm("Setting", "Day Open");
const DAY_CLOSE = perm("Setting", "Day Close");
const DAY_RECORD = perm("Setting", "DayOpen Record");
const canOpen = access.permission(DAY_OPEN);
/** Day Close starts from the open day too. */
const canReadCurrent = access.permission(DAY_OPEN, DAY_CLOSE);
const canClose = access.permission(DAY_CLOSE);
/** The register asks whether its counter is open (no books or expected cash: the count is blind). */
const canReadCounter = access.permission(perm("POS"), DAY_OPEN, DAY_CLOSE);
const canRecord = access.permission(DAY_RECORD);
/** The X report: the record, the manager closing, and the cashier at the register. */
const canXReport = access.permission(DAY_RECORD, DAY_CLOSE, perm("POS"));
/** Whoever reads vouchers, and DayOpen Record, which links each day's vouchers. */
const canReadSources = access.permission(...VOUCHER_READERS, DAY_RECORD);

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["day"], summary, security: bearer, ...extra });
const PDF = "application/pdf";
const sessionParams = z.object({ sessionId: idSchema() });

function sendPdf(reply: FastifyReply, file: Buffer, name: string) {
  return reply.type(PDF).header("content-disposition", `inline; filename="${name}"`).send(file);
}

export function posDayRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/pos/session",
      {
        config: { access: canReadCounter },
        schema: doc("The counter's open session and the open business day's date, for the register", {
          querystring: counterSessionQuerySchema,
          response: { 200: counterSessionSchema, ...protectedErrors },
        }),
      },
      (request) => counterSession(ctxOf(deps, request), request.query.counterId),
    );
    app.get(
      "/setting/day_open/current",
      {
        config: { access: canReadCurrent },
        schema: doc(
          "The open business day with its counter sessions, the counters and their cash books, the cashiers",
          {
            response: { 200: dayOpenCurrentSchema, ...protectedErrors },
          },
        ),
      },
      (request) => currentDay(ctxOf(deps, request)),
    );
    app.post(
      "/setting/day_open",
      {
        config: { access: canOpen },
        schema: doc("Open the business day and its counters, each with its counted float", {
          body: dayOpenSchema,
          response: { 200: dayOpenedSchema, ...errors },
        }),
      },
      (request) => openDay(ctxOf(deps, request), request.body),
    );
    app.post(
      "/setting/day_open/session",
      {
        config: { access: canOpen },
        schema: doc("Open one more counter in the open day", {
          body: sessionOpenSchema,
          response: { 200: sessionOpenedSchema, ...errors },
        }),
      },
      (request) => openSession(ctxOf(deps, request), request.body),
    );

    app.get(
      "/setting/day_close/preview",
      {
        config: { access: canClose },
        schema: doc(
          "Day Close checklist: open orders, devices, kitchen, stock exceptions, counters, summary, vouchers",
          {
            querystring: dayIdQuerySchema,
            response: { 200: dayClosePreviewSchema, ...errors },
          },
        ),
      },
      (request) => dayClosePreview(deps.db, request.query.dayId),
    );
    app.post(
      "/setting/day_close/session/:sessionId",
      {
        config: { access: canClose },
        schema: doc("Count and close a counter: counted amount per payment method; the difference is stored", {
          params: sessionParams,
          body: sessionCloseSchema,
          response: { 200: sessionClosedSchema, ...errors },
        }),
      },
      (request) => closeSession(ctxOf(deps, request), request.params.sessionId, request.body),
    );
    app.post(
      "/setting/day_close/exception/:id/accept",
      {
        config: { access: canClose },
        schema: doc("Accept a stock exception with a reason so the day can close", {
          params: idParams,
          body: exceptionAcceptSchema,
          response: { 200: exceptionAcceptedSchema, ...errors },
        }),
      },
      (request) => acceptException(ctxOf(deps, request), request.params.id, request.body.reason),
    );
    app.post(
      "/setting/day_close",
      {
        config: { access: canClose },
        schema: doc("Close the day: post the sales JV and the COGS JV, link orders and moves, freeze the Z report", {
          body: dayCloseSchema,
          response: { 200: dayClosedSchema, ...errors },
        }),
      },
      (request) => closeDay(ctxOf(deps, request), request.body.dayId),
    );

    app.get(
      "/setting/day",
      {
        config: { access: canRecord },
        schema: doc("Business days newest first, with orders, sales, cash and vouchers", {
          querystring: dayListQuerySchema,
          response: { 200: dayPageSchema, ...protectedErrors },
        }),
      },
      (request) => listDays(deps.db, request.query),
    );
    app.get(
      "/setting/day/:id",
      {
        config: { access: canRecord },
        schema: doc("One business day: counter sessions, cash moves, late orders, figures and vouchers", {
          params: idParams,
          response: { 200: dayDetailSchema, ...errors },
        }),
      },
      (request) => dayDetail(deps.db, request.params.id),
    );
    app.get(
      "/setting/day/:id/z_report.pdf",
      {
        config: { access: canRecord },
        schema: doc("The Z report of a closed day, from the figures frozen at close", {
          params: idParams,
          response: { 200: fileAnswer(PDF, "The Z report"), ...errors },
        }),
      },
      async (request, reply) => {
        const snapshot = await zSnapshotOf(deps.db, request.params.id);
        return sendPdf(reply, await zReportPdf(deps.db, snapshot, deps.config.APP_TZ), `${snapshot.zNumber}.pdf`);
      },
    );
    app.get(
      "/setting/session/:id/x_report.pdf",
      {
        config: { access: canXReport },
        schema: doc("The X report of a counter session: its figures so far, nothing frozen", {
          params: idParams,
          response: { 200: fileAnswer(PDF, "The X report"), ...errors },
        }),
      },
      async (request, reply) => {
        const report = await sessionReport(deps.db, request.params.id);
        const pdf = await xReportPdf(deps.db, { ...report, timeZone: deps.config.APP_TZ });
        return sendPdf(reply, pdf, `X-${report.session.counterCode}-${report.businessDate}.pdf`);
      },
    );

    app.get(
      "/voucher/:id/sources",
      {
        config: { access: canReadSources },
        schema: {
          tags: ["vouchers"],
          summary: "The orders and store documents (GRN, ISS, CNT) a voucher was posted from",
          security: bearer,
          params: idParams,
          response: { 200: voucherSourcesSchema, ...errors },
        },
      },
      (request) => voucherSources(deps.db, request.params.id),
    );
  };
}
