import { perm } from "@cargodesk/shared";

/** Master Control > Coupon (design section 1.2, routes 35 and 36; spelled as the spec spells them). */
export const COUPON_ROUTES = {
  add: "/inventory/Coupon/addCoupon",
  list: "/inventory/Coupon/listCoupon",
} as const;

export const COUPON_PERMISSION = perm("Master Control", "Coupon");
