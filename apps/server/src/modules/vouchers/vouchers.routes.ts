import {
  addVoucherSchema,
  approveVoucherSchema,
  errorBodySchema,
  isoDateSchema,
  perm,
  VOUCHER_MESSAGES,
  VOUCHER_TYPES,
  voucherDecidedSchema,
  voucherPostedSchema,
  voucherRecordSchema,
  voucherReversedSchema,
  voucherSearchPageSchema,
  voucherTypeRowSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, fileAnswer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { voucherPdf } from "./vouchers.pdf";
import { findVouchers } from "./vouchers.queries";
import { addVoucher, decideVoucher, reverseVoucher } from "./vouchers.service";

const isoDate = isoDateSchema("Date must be YYYY-MM-DD");
const optionalDate = z.union([isoDate, z.literal("")]).optional();

const anyVoucherKind = VOUCHER_TYPES.map((type) => perm("Accounts", "Voucher", type.abbreviation));
const enterVouchers = access.permission(...anyVoucherKind);
const verify = access.permission(perm("Accounts", "Voucher Verification"));
/** Report readers open the vouchers behind the rows they see (ledger, cash book, trial balance, summary). */
export const VOUCHER_READERS = [
  perm("Accounts", "Voucher Search"),
  perm("Accounts", "Voucher Verification"),
  perm("Accounts", "Accounts Ledger"),
  perm("Accounts", "Cash Book Report"),
  perm("Accounts", "Trail Balance Report"),
  perm("Accounts", "Transaction Summary"),
  perm("Reports"),
  ...anyVoucherKind,
];
const readVouchers = access.permission(...VOUCHER_READERS);
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["vouchers"],
  summary,
  security: bearer,
  ...extra,
});

export function voucherRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/voucher/get_voucherTypes",
      {
        config: { access: readVouchers },
        schema: doc("Voucher types 1-5", { response: { 200: z.array(voucherTypeRowSchema), ...protectedErrors } }),
      },
      () =>
        VOUCHER_TYPES.map((type) => ({
          _id: type.id,
          voucherTypeId: type.id,
          voucherType: type.abbreviation,
          abbrevation: type.abbreviation,
          name: type.name,
        })),
    );

    app.post(
      "/voucher/add_voucher",
      {
        config: { access: enterVouchers },
        schema: doc("Post a voucher; cash and bank vouchers get their balancing line built here", {
          body: addVoucherSchema,
          response: {
            200: voucherPostedSchema,
            ...protectedErrors,
          },
        }),
      },
      async (request) => {
        const posted = await addVoucher(ctxOf(deps, request), request.body);
        return { vocId: posted.number, _id: posted.id, message: VOUCHER_MESSAGES.added };
      },
    );

    app.post(
      "/voucher/get_voucher_by_voucherTypeId",
      {
        config: { access: readVouchers },
        schema: doc("Vouchers of one type between optional dates (up to 1000)", {
          querystring: z.object({
            page: z.coerce.number().int().min(0).default(0),
            limit: z.coerce.number().int().min(1).max(1000).default(1000),
          }),
          body: z.object({
            voucherTypeId: z.coerce
              .number({ error: "Please select a voucher type" })
              .int()
              .min(1, "Please select a voucher type")
              .max(5),
            startedDate: optionalDate,
            endDate: optionalDate,
          }),
          response: { 200: z.array(voucherRecordSchema), ...protectedErrors },
        }),
      },
      async (request) => {
        const { page, limit } = request.query;
        const { voucherTypeId, startedDate, endDate } = request.body;
        const { data } = await findVouchers(
          deps.db,
          { typeId: voucherTypeId, from: startedDate || undefined, to: endDate || undefined },
          { limit, offset: page * limit },
        );
        return data;
      },
    );

    app.get(
      "/voucher/get_all_voucher_user",
      {
        config: { access: readVouchers },
        schema: doc("Vouchers, paged (page is 1-based) with a search over number, description, account and bill", {
          querystring: z.object({
            size: z.coerce.number().int().min(1).max(1000).default(200),
            page: z.coerce.number().int().min(1).default(1),
            search: z.string().max(100).optional(),
          }),
          response: { 200: voucherSearchPageSchema, ...protectedErrors },
        }),
      },
      async (request) => {
        const { size, page, search } = request.query;
        const { data, total } = await findVouchers(
          deps.db,
          { search: search || undefined },
          { limit: size, offset: (page - 1) * size },
        );
        return { data, page, total_results: total };
      },
    );

    app.get(
      "/voucher/get_all_voucher",
      {
        config: { access: readVouchers },
        schema: doc("Vouchers, newest first (up to 1000), optionally of one status", {
          querystring: z.object({ status: z.enum(["Pending", "Approve", "Disapprove"]).optional() }),
          response: { 200: z.array(voucherRecordSchema), ...protectedErrors },
        }),
      },
      async (request) =>
        (await findVouchers(deps.db, { status: request.query.status }, { limit: 1000, offset: 0 })).data,
    );

    app.get(
      "/voucher/:id",
      {
        config: { access: readVouchers },
        schema: doc("One voucher with its lines", {
          params: idParams,
          response: { 200: voucherRecordSchema, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request) => {
        const [voucher] = (await findVouchers(deps.db, { id: request.params.id }, { limit: 1, offset: 0 })).data;
        if (!voucher) throw new AppError("NOT_FOUND", "No such voucher");
        return voucher;
      },
    );

    app.get(
      "/voucher/:id/voucher.pdf",
      {
        config: { access: readVouchers },
        schema: doc("The voucher as a printable A4 PDF", {
          params: idParams,
          response: {
            200: fileAnswer("application/pdf", "The voucher as a PDF"),
            ...protectedErrors,
            404: errorBodySchema,
          },
        }),
      },
      async (request, reply) => {
        const [voucher] = (await findVouchers(deps.db, { id: request.params.id }, { limit: 1, offset: 0 })).data;
        if (!voucher) throw new AppError("NOT_FOUND", "No such voucher");
        const pdf = await voucherPdf(deps.db, voucher);
        return reply
          .type("application/pdf")
          .header("content-disposition", `inline; filename="${voucher.voucherManualId}.pdf"`)
          .send(pdf);
      },
    );

    app.put(
      "/voucher/approve_voucher/:id",
      {
        config: { access: verify },
        schema: doc("Approve or disapprove a Pending voucher", {
          params: idParams,
          body: approveVoucherSchema,
          response: { 200: voucherDecidedSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
        }),
      },
      async (request) => {
        await decideVoucher(ctxOf(deps, request), request.params.id, request.body.status);
        const [voucher] = (await findVouchers(deps.db, { id: request.params.id }, { limit: 1, offset: 0 })).data;
        return { message: `Voucher ${request.body.status === "Approve" ? "approved" : "disapproved"}`, data: voucher };
      },
    );

    app.post(
      "/voucher/reverse_voucher/:id",
      {
        config: { access: verify },
        schema: doc("Reverse an approved voucher, once, by an approved mirror voucher", {
          params: idParams,
          response: { 200: voucherReversedSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
        }),
      },
      async (request) => {
        const posted = await reverseVoucher(ctxOf(deps, request), request.params.id);
        return { message: `Reversed by ${posted.number}`, vocId: posted.number, _id: posted.id };
      },
    );
  };
}
