import {
  type CounterMethod,
  type DaySummary,
  type Denomination,
  denominationSchema,
  minorToAmount,
  type PosSession,
  sharePercent,
} from "@cargodesk/shared";
import { z } from "zod";
import type { Db } from "../../db/client";
import { findSessions, type MethodRecord, paymentMethodsInOrder, type SessionRecord } from "./day-checks.queries";
import {
  type CashMoveFigure,
  cashMovesBySession,
  type FigureScope,
  lateOrdersOf,
  linesByCategory,
  noSalesOf,
  onAccountByCustomer,
  orderTotals,
  type PaymentFigure,
  paymentsBySession,
  posMoves,
  refundsOf,
  taxByClass,
  voidsOf,
} from "./day-figures.queries";
import type { CounterBooks, DayBooks } from "./day-vouchers";

/**
 * A day's (or one session's) figures put together from the set-based reads: the counter sessions
 * with their expected cash, the summary the Z and X reports print, and the books Day Close posts.
 */
export interface DayFigures {
  sessions: PosSession[];
  summary: DaySummary;
  books: DayBooks;
  /** The last stock move counted: a close links the moves up to it, none that came later. */
  lastMoveId: number;
}

const amount = minorToAmount;
const sum = (values: Iterable<bigint>) => {
  let total = 0n;
  for (const value of values) total += value;
  return total;
};

/** Minor units per method id, as a closed session stores its expected and counted amounts. */
const storedAmounts = z.record(
  z.string(),
  z.union([z.number(), z.string()]).transform((value) => BigInt(value)),
);
const storedDenominations = z.array(denominationSchema).nullable().catch(null);

function amountsOf(value: unknown): Map<number, bigint> | null {
  const parsed = storedAmounts.safeParse(value);
  return parsed.success ? new Map(Object.entries(parsed.data).map(([id, minor]) => [Number(id), minor])) : null;
}

/** The cash a closed session counted (every cash method's count); 0 while it is open. */
export function countedCashMinor(record: SessionRecord, methods: readonly MethodRecord[]): bigint {
  const counted = amountsOf(record.counted);
  if (!counted) return 0n;
  return sum(methods.filter((method) => method.kind === "cash").map((method) => counted.get(method.id) ?? 0n));
}

/** The drawer: the first cash method in display order takes the float and the cash moves. */
export const drawerMethodOf = (methods: readonly MethodRecord[]) =>
  methods.find((method) => method.kind === "cash" && method.active) ?? methods.find((method) => method.kind === "cash");

interface CashParts {
  float: bigint;
  taken: bigint;
  change: bigint;
  refunds: bigint;
  payIns: bigint;
  payOuts: bigint;
  drops: bigint;
  expected: bigint;
}

function cashParts(record: SessionRecord, payments: readonly PaymentFigure[], moves: readonly CashMoveFigure[]) {
  const cash = payments.filter((payment) => payment.kind === "cash");
  const moved = (kind: CashMoveFigure["kind"]) =>
    sum(moves.filter((move) => move.kind === kind).map((move) => move.amount));
  const parts = {
    float: record.opening_float,
    taken: sum(cash.map((payment) => payment.taken)),
    change: sum(cash.map((payment) => payment.change)),
    refunds: sum(cash.map((payment) => payment.refunded)),
    payIns: moved("pay_in"),
    payOuts: moved("pay_out"),
    drops: moved("drop"),
  };
  const expected =
    parts.float + parts.taken - parts.change - parts.refunds + parts.payIns - parts.payOuts - parts.drops;
  return { ...parts, expected } satisfies CashParts;
}

/**
 * What each method of a session should hold: the drawer method its float, cash moves and cash; any
 * other method what it took. A closed session keeps what was expected and counted when it closed.
 */
export function sessionMethods(
  record: SessionRecord,
  methods: readonly MethodRecord[],
  payments: readonly PaymentFigure[],
  cash: CashParts,
): CounterMethod[] {
  const drawer = drawerMethodOf(methods);
  const expectedStored = amountsOf(record.expected);
  const countedStored = amountsOf(record.counted);
  const taken = (methodId: number) =>
    sum(payments.filter((payment) => payment.method_id === methodId).map((payment) => payment.amount));
  const otherCash = (methodId: number) =>
    sum(
      payments
        .filter((payment) => payment.kind === "cash" && payment.method_id !== methodId)
        .map((payment) => payment.amount),
    );
  return methods
    .filter(
      (method) =>
        (method.active && method.kind !== "on_account") ||
        payments.some((payment) => payment.method_id === method.id) ||
        expectedStored?.has(method.id),
    )
    .map((method) => {
      const live = method.id === drawer?.id ? cash.expected - otherCash(method.id) : taken(method.id);
      const expected = expectedStored?.get(method.id) ?? live;
      const counted = countedStored?.get(method.id) ?? null;
      return {
        methodId: method.id,
        name: method.name,
        kind: method.kind,
        countedAtClose: method.counted_at_close,
        expected: amount(expected),
        counted: counted === null ? null : amount(counted),
        difference: counted === null ? null : amount(counted - expected),
      };
    });
}

export function toSession(
  record: SessionRecord,
  methods: readonly MethodRecord[],
  payments: readonly PaymentFigure[],
  moves: readonly CashMoveFigure[],
): PosSession {
  const mine = payments.filter((payment) => payment.session_id === record.id);
  const cash = cashParts(
    record,
    mine,
    moves.filter((move) => move.session_id === record.id),
  );
  const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? "" });
  return {
    id: record.id,
    dayId: record.day_id,
    counterId: record.counter_id,
    counterCode: record.counter_code,
    counterName: record.counter_name,
    cashAccountId: record.cash_account_id,
    cashAccountName: record.cash_account_name,
    cashier: { id: record.cashier_id, name: record.cashier },
    status: record.status,
    rescue: record.rescue,
    openingFloat: amount(record.opening_float),
    floatBook: amount(record.float_book),
    floatDifference: amount(record.opening_float - record.float_book),
    openingDenominations: storedDenominations.parse(record.opening_denoms) satisfies Denomination[] | null,
    countedDenominations: storedDenominations.parse(record.counted_denoms),
    notes: record.notes,
    closeNotes: record.close_notes,
    openedAt: record.opened_at,
    openedBy: person(record.opened_by_id, record.opened_by),
    closedAt: record.closed_at,
    closedBy: person(record.closed_by_id, record.closed_by),
    cash: {
      openingFloat: amount(cash.float),
      cashTaken: amount(cash.taken),
      change: amount(cash.change),
      cashRefunds: amount(cash.refunds),
      payIns: amount(cash.payIns),
      payOuts: amount(cash.payOuts),
      drops: amount(cash.drops),
      expected: amount(cash.expected),
    },
    methods: sessionMethods(record, methods, mine, cash),
    overShort: record.over_short === null ? null : amount(record.over_short),
    orders: record.orders,
  };
}

/** Sessions of days with their live figures (one read each for payments, cash moves and methods). */
export async function sessionsWithFigures(db: Db, records: readonly SessionRecord[], scope: FigureScope) {
  // One after the other: inside a transaction they share one connection.
  const methods = await paymentMethodsInOrder(db);
  const payments = await paymentsBySession(db, scope);
  const moves = await cashMovesBySession(db, scope);
  return {
    methods,
    payments,
    moves,
    sessions: records.map((record) => toSession(record, methods, payments, moves)),
  };
}

/** The day's figures, or one session's (`scope.sessionId`). */
export async function dayFigures(db: Db, scope: FigureScope): Promise<DayFigures> {
  const records = await findSessions(
    db,
    scope.sessionId === undefined ? { dayIds: [scope.dayId] } : { sessionId: scope.sessionId },
  );
  const { sessions, payments, moves: cashMoves } = await sessionsWithFigures(db, records, scope);
  const totals = await orderTotals(db, scope);
  const categories = await linesByCategory(db, scope);
  const taxes = await taxByClass(db, scope);
  const onAccount = await onAccountByCustomer(db, scope);
  const stock = await posMoves(db, scope);
  const voids = await voidsOf(db, scope);
  const refunds = await refundsOf(db, scope);
  const late = await lateOrdersOf(db, scope);
  const noSales = await noSalesOf(db, scope);
  const moved = (kinds: readonly string[]) =>
    -sum(stock.filter((move) => kinds.includes(move.kind)).map((move) => move.value));
  const cogs = moved(["sale", "sale_return"]);
  const net = totals.gross - totals.discount;
  const byMethod = new Map<number, { methodId: number; name: string; kind: string; count: number; minor: bigint }>();
  for (const payment of payments) {
    const entry = byMethod.get(payment.method_id) ?? {
      methodId: payment.method_id,
      name: payment.name,
      kind: payment.kind,
      count: 0,
      minor: 0n,
    };
    byMethod.set(payment.method_id, {
      ...entry,
      count: entry.count + payment.count,
      minor: entry.minor + payment.amount,
    });
  }
  const cashMoved = (kind: CashMoveFigure["kind"]) =>
    amount(sum(cashMoves.filter((move) => move.kind === kind).map((move) => move.amount)));
  const overShortOf = (record: SessionRecord) => (record.over_short ?? 0n) + record.opening_float - record.float_book;

  const summary: DaySummary = {
    orders: totals.orders,
    refunds: totals.refunds,
    voidedOrders: totals.voided,
    gross: amount(totals.gross),
    discounts: amount(totals.discount),
    net: amount(net),
    serviceCharge: amount(totals.service),
    tax: amount(totals.tax),
    rounding: amount(totals.rounding),
    total: amount(totals.total),
    byCategory: categories.map((row) => ({
      categoryId: row.category_id,
      name: row.name ?? "Uncategorised",
      qty: Number(row.qty) / 1_000_000,
      gross: amount(row.gross),
      net: amount(row.net),
    })),
    byMethod: [...byMethod.values()].map(({ minor, ...entry }) => ({ ...entry, amount: amount(minor) })),
    byTax: taxes.map((row) => ({
      taxClassId: row.tax_class_id,
      name: row.name ?? "No tax class",
      tax: amount(row.tax),
    })),
    voids: voids.map((row) => ({
      orderId: row.order_id,
      order: row.label,
      item: row.item,
      qty: Number(row.qty) / 1_000_000,
      amount: amount(row.amount),
      reason: row.reason,
      by: row.who,
      at: row.at,
    })),
    refundRows: refunds.map((row) => ({
      orderId: row.order_id,
      order: row.label,
      refundOf: row.refund_of,
      amount: amount(row.amount),
      by: row.who,
      at: row.at,
    })),
    cashMoves: { payIn: cashMoved("pay_in"), payOut: cashMoved("pay_out"), drop: cashMoved("drop") },
    noSales,
    cogs: amount(cogs),
    wastage: amount(moved(["waste"])),
    variance: amount(moved(["variance"])),
    foodCostPct: sharePercent(cogs, net),
    overShort: amount(sum(records.map(overShortOf))),
    lateOrders: late.map((row) => ({
      orderId: row.order_id,
      order: row.label,
      openedAt: row.opened_at,
      total: amount(row.total),
    })),
  };

  const counters: CounterBooks[] = records.map((record) => ({
    code: record.counter_code,
    cashAccountId: record.cash_account_id,
    cashSales: sum(
      payments
        .filter((payment) => payment.session_id === record.id && payment.kind === "cash")
        .map((payment) => payment.amount),
    ),
    overShort: overShortOf(record),
    cashMoves: cashMoves
      .filter((move) => move.session_id === record.id)
      .map((move) => ({ kind: move.kind, accountId: move.account_id, amount: move.amount })),
  }));
  const cardLike = payments.filter((payment) => payment.kind !== "cash" && payment.kind !== "on_account");
  const methods = [...new Set(cardLike.map((payment) => payment.method_id))].map((methodId) => {
    const rows = cardLike.filter((payment) => payment.method_id === methodId);
    return {
      name: rows[0]?.name ?? "",
      accountId: rows[0]?.account_id ?? null,
      amount: sum(rows.map((row) => row.amount)),
    };
  });
  const books: DayBooks = {
    businessDate: scope.businessDate,
    counters,
    methods,
    houseAccounts: onAccount.map((row) => ({
      name: row.name ?? "A customer",
      accountId: row.account_id,
      amount: row.amount,
    })),
    revenue: categories.map((row) => ({ accountId: row.revenue_account_id, amount: row.gross })),
    gross: totals.gross,
    discount: totals.discount,
    serviceCharge: totals.service,
    tax: totals.tax,
    rounding: totals.rounding,
    taxes: taxes.map((row) => ({ accountId: row.account_id, amount: row.tax })),
    moves: stock.map((move) => ({
      kind: move.kind,
      locationKind: move.location_kind,
      locationAccountId: move.location_account_id,
      cogsAccountId: move.cogs_account_id,
      value: move.value,
    })),
  };
  const lastMoveId = stock.reduce((last, move) => Math.max(last, move.last_id), 0);
  return { sessions, summary, books, lastMoveId };
}
