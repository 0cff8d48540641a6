import type { CouponForm } from "@cargodesk/shared";
import type { FieldPath } from "react-hook-form";

/** A new coupon: 0% off the whole order, every day, applied automatically once it has no code. */
export const EMPTY_COUPON: CouponForm = {
  code: "",
  name: "",
  kind: "percent",
  value: 0,
  maxDiscount: null,
  minOrder: 0,
  scope: "order",
  scopeIds: [],
  orderTypes: 7,
  validFrom: null,
  validTo: null,
  weekdays: 127,
  timeFrom: null,
  timeTo: null,
  usageLimit: null,
  perCustomerLimit: null,
  priority: 0,
  stackable: false,
  autoApply: true,
  active: true,
};

/** The fields a server refusal may name. */
export const COUPON_FIELDS: FieldPath<CouponForm>[] = [
  "code",
  "name",
  "kind",
  "value",
  "maxDiscount",
  "minOrder",
  "scope",
  "scopeIds",
  "orderTypes",
  "validFrom",
  "validTo",
  "weekdays",
  "timeFrom",
  "timeTo",
  "usageLimit",
  "perCustomerLimit",
  "priority",
  "autoApply",
];

export const KINDS = [
  { value: "percent", label: "Percentage (%)" },
  { value: "amount", label: "Amount" },
] as const;

export const SCOPES = [
  { value: "order", label: "Whole order" },
  { value: "category", label: "Categories" },
  { value: "variant", label: "Menu items" },
] as const;
