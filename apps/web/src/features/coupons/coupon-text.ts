import { type Coupon, formatMinor, parseMinor, weekdaysText } from "@cargodesk/shared";

const money = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);

/** "50%" or "150.00 off". */
export const valueText = (coupon: Coupon): string =>
  coupon.kind === "percent" ? `${coupon.value}%` : `${money(coupon.value)} off`;

/** The cap and the minimum order, when there are any: "at most 500.00, orders from 1,000.00". */
export function conditionsText(coupon: Coupon): string {
  const parts = [
    coupon.maxDiscount !== null ? `at most ${money(coupon.maxDiscount)}` : "",
    coupon.minOrder > 0 ? `orders from ${money(coupon.minOrder)}` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

export function scopeText(coupon: Coupon): string {
  if (coupon.scope === "order") return "Whole order";
  const names = coupon.scopeNames.slice(0, 3).join(", ");
  const more = coupon.scopeNames.length > 3 ? ` +${coupon.scopeNames.length - 3}` : "";
  return `${coupon.scope === "category" ? "Categories" : "Items"}: ${names}${more}`;
}

/** Days, hours and dates a coupon is valid: "Mon-Fri 17:00-19:00, until 2026-12-31". */
export function windowText(coupon: Coupon): string {
  const time = coupon.timeFrom && coupon.timeTo ? ` ${coupon.timeFrom}-${coupon.timeTo}` : "";
  const dates =
    coupon.validFrom && coupon.validTo
      ? `, ${coupon.validFrom} to ${coupon.validTo}`
      : coupon.validFrom
        ? `, from ${coupon.validFrom}`
        : coupon.validTo
          ? `, until ${coupon.validTo}`
          : "";
  return `${weekdaysText(coupon.weekdays)}${time}${dates}`;
}

/** "3 / 100 (1 per customer)". */
export function usesText(coupon: Coupon): string {
  const limit = coupon.usageLimit === null ? "no limit" : String(coupon.usageLimit);
  const perCustomer = coupon.perCustomerLimit === null ? "" : ` (${coupon.perCustomerLimit} per customer)`;
  return `${coupon.usedCount} / ${limit}${perCustomer}`;
}

/** Active, inactive, not started or expired, judged on the company's date. */
export function stateOf(coupon: Coupon, today: string): { label: string; color: "success" | "default" | "warning" } {
  if (!coupon.active) return { label: "Inactive", color: "default" };
  if (coupon.validTo && coupon.validTo < today) return { label: "Expired", color: "warning" };
  if (coupon.validFrom && coupon.validFrom > today) return { label: "Scheduled", color: "warning" };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return { label: "Used up", color: "warning" };
  return { label: "Active", color: "success" };
}
