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
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { registerCrudRoutes, routeDoc } from "../../lib/crud-routes";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { addCoupon, couponScopeOptions, deleteCoupon, getCoupon, listCoupons, updateCoupon } from "./coupons.service";
import { validateCoupons } from "./coupons.validate";

/** Master Control > Coupon keeps coupons and promotions; the POS and Table Order preview them on an order. */
const canManage = access.permission(perm("Master Control", "Coupon"));
const atTheTill = access.permission(perm("Master Control", "Coupon"), perm("POS"), perm("Table Order"));
const doc = routeDoc("menu");

export function couponRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    registerCrudRoutes(root, deps, {
      path: "/inventory/coupon",
      tag: "menu",
      idParams: couponIdParams,
      read: canManage,
      edit: canManage,
      list: {
        summary: "Coupons and promotions: codes first, then promotions by priority; search in code and name",
        query: couponListQuerySchema,
        response: couponPageSchema,
        run: listCoupons,
      },
      get: { summary: "One coupon or promotion", response: couponSchema, run: getCoupon },
      body: couponInputSchema,
      saved: couponSavedSchema,
      add: {
        summary: "Add a coupon (a code) or an automatic promotion (no code); a code in use is 409",
        message: COUPON_MESSAGES.added,
        run: addCoupon,
      },
      update: {
        summary: "Change a coupon (or deactivate it with active: false); past redemptions keep their amounts",
        message: COUPON_MESSAGES.updated,
        run: updateCoupon,
      },
      remove: {
        summary: "Delete a coupon never redeemed (else 409: deactivate it)",
        message: COUPON_MESSAGES.deleted,
        run: deleteCoupon,
      },
    });

    const app = root.withTypeProvider<ZodTypeProvider>();
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
