/**
 * Pure pricing rules shared by the server and the POS (design sections 3 D16-D17 and 5.2): spreading
 * an amount over lines, time windows in the company's time zone, and the one discount engine for
 * coupon codes and automatic promotions. Money is BigInt minor units; rates are basis points.
 */

/**
 * Spreads `total` over lines in proportion to `weights` so the parts add up to `total` exactly:
 * each part is rounded down, and what rounding left goes one minor unit at a time to the lines with
 * the largest remainders (ties to the largest weight, then the first line). All weights 0: an even
 * split. Used to spread a discount over the lines it covers (`applyCoupons`). A deal's price over
 * its components follows the spec's own rule instead, the whole remainder on the largest line
 * (`allocateDeal` in deals.ts).
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  if (weights.some((weight) => weight < 0n)) throw new RangeError("weights are 0 or more");
  const sum = weights.reduce((acc, weight) => acc + weight, 0n);
  const effective = sum === 0n ? weights.map(() => 1n) : weights;
  const base = sum === 0n ? BigInt(weights.length) : sum;
  const sign = total < 0n ? -1n : 1n;
  const amount = total * sign;
  const parts = effective.map((weight) => (amount * weight) / base);
  let left = amount - parts.reduce((acc, part) => acc + part, 0n);
  const order = effective
    .map((weight, index) => ({ index, weight, remainder: (amount * weight) % base }))
    .sort((a, b) =>
      a.remainder !== b.remainder
        ? a.remainder > b.remainder
          ? -1
          : 1
        : a.weight !== b.weight
          ? a.weight > b.weight
            ? -1
            : 1
          : a.index - b.index,
    );
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((part) => part * sign);
}

/** `amount x bp / 10000`, rounded half up (amount >= 0). */
export function percentOf(amount: bigint, bp: bigint | number): bigint {
  return (amount * BigInt(bp) * 2n + 10_000n) / 20_000n;
}

/** A moment as the company's calendar sees it: its date, weekday (0 = Monday) and minute of the day. */
export interface LocalMoment {
  date: string;
  weekday: number;
  minutes: number;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** Formatters by time zone: building an Intl.DateTimeFormat costs far more than using one. */
const momentFormats = new Map<string, Intl.DateTimeFormat>();

function momentFormat(timeZone: string): Intl.DateTimeFormat {
  let format = momentFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    momentFormats.set(timeZone, format);
  }
  return format;
}

export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const parts = momentFormat(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    weekday: WEEKDAYS.indexOf(part("weekday")),
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/** "HH:MM" or "HH:MM:SS" as minutes of the day. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When something (a deal, a promotion) is on: dates inclusive, a weekday bit mask (bit 0 Monday),
 * and a time window [from, to) that may run past midnight (22:00-02:00 belongs to the day it starts).
 */
export interface TimeWindow {
  validFrom: string | null;
  validTo: string | null;
  weekdays: number;
  timeFrom: string | null;
  timeTo: string | null;
}

export function isWithinWindow(window: TimeWindow, at: LocalMoment): boolean {
  if (window.validFrom && at.date < window.validFrom) return false;
  if (window.validTo && at.date > window.validTo) return false;
  const dayOn = (weekday: number) => (window.weekdays & (1 << weekday)) !== 0;
  if (!window.timeFrom || !window.timeTo) return dayOn(at.weekday);
  const from = minutesOf(window.timeFrom);
  const to = minutesOf(window.timeTo);
  if (from < to) return dayOn(at.weekday) && at.minutes >= from && at.minutes < to;
  // Past midnight: the evening part on its own weekday, the small hours on the day before's.
  if (at.minutes >= from) return dayOn(at.weekday);
  return at.minutes < to && dayOn((at.weekday + 6) % 7);
}

export const ORDER_TYPE_BITS = { dine_in: 1, take_away: 2, delivery: 4 } as const;
export type OrderType = keyof typeof ORDER_TYPE_BITS;

export interface PricedLine {
  variantId: number;
  categoryId: number;
  /** The line's amount before order discounts, in minor units. */
  amountMinor: bigint;
}

export interface CouponRule extends TimeWindow {
  id: number;
  code: string | null;
  kind: "percent" | "amount";
  /** Basis points for percent, minor units for amount. */
  value: bigint;
  maxDiscountMinor: bigint | null;
  minOrderMinor: bigint;
  scope: "order" | "category" | "variant";
  scopeIds: readonly number[];
  orderTypes: number;
  autoApply: boolean;
  priority: number;
  stackable: boolean;
}

export interface AppliedDiscount {
  couponId: number;
  amountMinor: bigint;
}

/** The part of the order a coupon's scope covers. */
export function eligibleSubtotal(rule: CouponRule, lines: readonly PricedLine[]): bigint {
  return lines
    .filter(
      (line) =>
        rule.scope === "order" ||
        (rule.scope === "category" && rule.scopeIds.includes(line.categoryId)) ||
        (rule.scope === "variant" && rule.scopeIds.includes(line.variantId)),
    )
    .reduce((sum, line) => sum + line.amountMinor, 0n);
}

/** Why a coupon gives nothing on an order (limits on uses are the database's part, not this one's). */
export type CouponRefusal = "order_type" | "not_started" | "expired" | "outside_window" | "minimum" | "not_in_scope";

/** Why `rule` does not apply to this order at this moment, or null when it does. */
export function couponRefusal(
  rule: CouponRule,
  lines: readonly PricedLine[],
  orderType: OrderType,
  at: LocalMoment,
): CouponRefusal | null {
  if ((rule.orderTypes & ORDER_TYPE_BITS[orderType]) === 0) return "order_type";
  if (rule.validFrom && at.date < rule.validFrom) return "not_started";
  if (rule.validTo && at.date > rule.validTo) return "expired";
  if (!isWithinWindow(rule, at)) return "outside_window";
  const subtotal = lines.reduce((sum, line) => sum + line.amountMinor, 0n);
  if (subtotal < rule.minOrderMinor) return "minimum";
  if (eligibleSubtotal(rule, lines) <= 0n) return "not_in_scope";
  return null;
}

/** The rule's discount on what its scope covers, capped, never above that amount. */
function discountOn(rule: CouponRule, eligible: bigint): bigint {
  if (eligible <= 0n) return 0n;
  let discount = rule.kind === "percent" ? percentOf(eligible, rule.value) : rule.value;
  if (rule.maxDiscountMinor !== null && discount > rule.maxDiscountMinor) discount = rule.maxDiscountMinor;
  return discount > eligible ? eligible : discount;
}

/**
 * What one coupon takes off an order, or 0n when it does not apply (outside its window, another
 * order type, below the minimum order). Never more than the eligible subtotal or the cap.
 */
export function couponDiscount(
  rule: CouponRule,
  lines: readonly PricedLine[],
  orderType: OrderType,
  at: LocalMoment,
): bigint {
  if (couponRefusal(rule, lines, orderType, at) !== null) return 0n;
  return discountOn(rule, eligibleSubtotal(rule, lines));
}

/**
 * The discounts an order gets: the automatic promotions by priority (highest first), then by the
 * largest discount; a non-stackable promotion is the only automatic one applied; then at most one
 * code coupon. Each discount is taken from what the earlier ones left of the lines it covers (spread
 * over them by amount), so two discounts on the same lines never take more than those lines are
 * worth, and the total never exceeds the order's subtotal. Whether a rule applies (window, minimum)
 * is judged on the order as entered.
 */
export function applyCoupons(
  rules: readonly CouponRule[],
  lines: readonly PricedLine[],
  orderType: OrderType,
  at: LocalMoment,
  code: string | null,
): AppliedDiscount[] {
  const candidates = rules
    .filter((rule) => rule.autoApply && rule.code === null)
    .map((rule) => ({ rule, amount: couponDiscount(rule, lines, orderType, at) }))
    .filter((entry) => entry.amount > 0n)
    .sort((a, b) =>
      a.rule.priority !== b.rule.priority
        ? b.rule.priority - a.rule.priority
        : a.amount !== b.amount
          ? a.amount > b.amount
            ? -1
            : 1
          : a.rule.id - b.rule.id,
    );
  const chosen: CouponRule[] = [];
  for (const { rule } of candidates) {
    if (chosen.length === 0) chosen.push(rule);
    else if (rule.stackable && chosen.every((other) => other.stackable)) chosen.push(rule);
  }
  const byCode = code ? rules.find((rule) => rule.code !== null && rule.code === code.trim().toUpperCase()) : null;
  if (byCode && couponDiscount(byCode, lines, orderType, at) > 0n) chosen.push(byCode);
  const left = lines.map((line) => line.amountMinor);
  const applied: AppliedDiscount[] = [];
  for (const rule of chosen) {
    const covered = lines.flatMap((line, index) => (eligibleSubtotal(rule, [line]) > 0n ? [index] : []));
    const take = discountOn(
      rule,
      covered.reduce((sum, index) => sum + (left[index] ?? 0n), 0n),
    );
    if (take <= 0n) continue;
    const parts = allocate(
      take,
      covered.map((index) => left[index] ?? 0n),
    );
    covered.forEach((index, position) => {
      left[index] = (left[index] ?? 0n) - (parts[position] ?? 0n);
    });
    applied.push({ couponId: rule.id, amountMinor: take });
  }
  return applied;
}

/** EAN-13: the check digit of 12 digits. */
export function ean13CheckDigit(twelve: string): number {
  if (!/^\d{12}$/.test(twelve)) throw new RangeError("12 digits");
  const sum = [...twelve].reduce((acc, digit, index) => acc + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

export const isValidEan13 = (code: string): boolean =>
  /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);

/** An in-store EAN-13 (prefix 2): "2" + 11 digits of `sequence` + the check digit. */
export function inStoreEan13(sequence: number): string {
  const body = `2${String(sequence).padStart(11, "0")}`;
  if (body.length !== 12) throw new RangeError("sequence too large for an EAN-13");
  return `${body}${ean13CheckDigit(body)}`;
}
