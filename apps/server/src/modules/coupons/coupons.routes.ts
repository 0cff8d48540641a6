import {
  COUPON_MESSAGES,
  couponIdParams,
  couponInputSchema,
  couponListQuerySchema,
  couponPageSchema,
  couponPreviewSchema,
  couponSavedSchema,
  couponSchema,
  couponScopeOptionsSchema,
  couponScopeQuerySchema,
  couponValidateSchema,
  errorBodySchema,
  messageAnswerSchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { addCoupon, couponScopeOptions, deleteCoupon, getCoupon, listCoupons, updateCoupon } from "./coupons.service";
import { validateCoupons } from "./coupons.validate";

/** Master Control > Coupon keeps coupons and promotions; the POS and Table Order preview them on an order. */
const canManage = access.permission(perm("Master Control", "Coupon"));
const atTheTill = access.permission(perm("Master Control", "Coupon"), perm("POS"), perm("Table Order"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["menu"], summary, security: bearer, ...extra });

export function couponRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/coupon",
      {
        config: { access: canManage },
        schema: doc("Coupons and promotions: codes first, then promotions by priority; search in code and name", {
          querystring: couponListQuerySchema,
          response: { 200: couponPageSchema, ...protectedErrors },
        }),
      },
      (request) => listCoupons(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/coupon/scope_options",
      {
        config: { access: canManage },
        schema: doc("Active categories or menu items (variants) a coupon's scope may cover, 50 at most", {
          querystring: couponScopeQuerySchema,
          response: { 200: couponScopeOptionsSchema, ...protectedErrors },
        }),
      },
      (request) => couponScopeOptions(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/coupon/:id",
      {
        config: { access: canManage },
        schema: doc("One coupon or promotion", {
          params: couponIdParams,
          response: { 200: couponSchema, ...errors },
        }),
      },
      (request) => getCoupon(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/coupon",
      {
        config: { access: canManage },
        schema: doc("Add a coupon (a code) or an automatic promotion (no code); a code in use is 409", {
          body: couponInputSchema,
          response: { 200: couponSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: COUPON_MESSAGES.added,
        data: await addCoupon(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/coupon/:id",
      {
        config: { access: canManage },
        schema: doc("Change a coupon (or deactivate it with active: false); past redemptions keep their amounts", {
          params: couponIdParams,
          body: couponInputSchema,
          response: { 200: couponSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: COUPON_MESSAGES.updated,
        data: await updateCoupon(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/inventory/coupon/:id",
      {
        config: { access: canManage },
        schema: doc("Delete a coupon never redeemed (else 409: deactivate it)", {
          params: couponIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteCoupon(ctxOf(deps, request), request.params.id);
        return { message: COUPON_MESSAGES.deleted };
      },
    );
    app.post(
      "/pos/coupon/validate",
      {
        config: { access: atTheTill },
        schema: doc(
          "Preview an order's coupon and automatic promotions at its moment in APP_TZ, priced from the menu: each discount and the total, or why the code does not apply (payment checks the limits again)",
          { body: couponValidateSchema, response: { 200: couponPreviewSchema, ...protectedErrors } },
        ),
      },
      (request) => validateCoupons(ctxOf(deps, request), request.body),
    );
  };
}
