import { z } from "zod";
import { idSchema, isoDateSchema, MAX_ID } from "./input";
import { moneyAmount, parseMinor } from "./money";
import { localMoment, minutesOf } from "./pricing";

/**
 * Day Open, Day Close and DayOpen Record (design: restaurant-pos-inventory.md 4.6, 5.3 items 43-45,
 * 6.6, 7.2). A business day per outlet holds counter sessions; Day Close counts each counter, then
 * posts the day's sales JV and COGS JV in one transaction and freezes the Z figures. Money crosses
 * the API as decimal major units, as everywhere.
 */
export const POS_DAY_MESSAGES = {
  businessDate: "Please enter the business date (YYYY-MM-DD)",
  future: "The business date cannot be after today",
  counters: "Open at least one counter",
  counter: "Please select the counter",
  counterTwice: "Each counter is opened once",
  cashier: "Please select the cashier",
  openingFloat: "Opening float must be 0 or more with at most 2 decimals",
  denomination: "A denomination must be above 0 with at most 2 decimals",
  denominationCount: "A count must be a whole number from 0 to 100,000",
  denominationsTotal: "The denominations must add up to the opening float",
  notes: "Notes must be at most 300 characters",
  dayId: "Please select the business day",
  counted: "A counted amount must be 0 or more with at most 2 decimals",
  countedMethod: "Counted amounts are given for this counter's payment methods only",
  countedMissing: "Please enter the counted amount",
  countedDenominations: "The denominations must add up to the counted cash",
  reason: "Please enter the reason (at least 3 characters, at most 300)",
  dateOrder: "The start date must not be after the end date",
  dayOpen: "A business day is already open: close it on Day Close before opening another",
  dateTaken: "This business date was already opened",
  afterClosed: "The business date must come after the last closed day",
  noOpenDay: "No business day is open: open the day on Day Open first",
  counterMissing: "No such counter",
  counterInactive: "This counter is not active",
  counterOpen: "This counter already has an open session",
  cashierMissing: "No such user",
  cashierNotActive: "The cashier must be an approved user",
  cashierNoPos: "The cashier must hold the POS permission",
  opened: "Day opened",
  sessionOpened: "Counter opened",
  dayMissing: "No such business day",
  sessionMissing: "No such counter session",
  sessionClosed: "This counter session is already closed",
  sessionClosedOk: "Counter closed",
  exceptionMissing: "No such stock exception",
  exceptionResolved: "This stock exception is already resolved",
  accepted: "Stock exception accepted",
  closed: "Day closed",
  notClosed: "The Z report is printed once the day is closed; print an X report for the figures so far",
  blocked: "The day cannot be closed yet",
  voucherMissing: "No such voucher",
} as const;

/** What blocks Day Close, each with what to do about it. */
export const DAY_CLOSE_BLOCKERS = {
  openOrders: (count: number) => `${count} open order${count === 1 ? "" : "s"}: pay or void each first`,
  openSessions: (codes: readonly string[]) => `Close counter${codes.length === 1 ? "" : "s"} ${codes.join(", ")} first`,
  exceptions: (count: number) =>
    `${count} stock exception${count === 1 ? "" : "s"}: resolve each by an issuance or a count, or accept it with a reason`,
  unpaid: (label: string) => `Order ${label}: its payments do not add up to its total`,
  payOutAccount: (code: string) => `A pay-out at counter ${code} has no expense account`,
  houseAccount: (name: string) => `${name} has no house account: allow credit on the customer first`,
} as const;

export const DAY_STATUSES = ["open", "closed"] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];
export const SESSION_STATUSES = ["open", "closed"] as const;

const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

const notes = z.string({ error: POS_DAY_MESSAGES.notes }).trim().max(300, POS_DAY_MESSAGES.notes).default("");

/** Cash counted note by note: the amount of the note or coin and how many. */
export const denominationSchema = z.object({
  denomination: moneyAmount(POS_DAY_MESSAGES.denomination, 1),
  count: z
    .number({ error: POS_DAY_MESSAGES.denominationCount })
    .int(POS_DAY_MESSAGES.denominationCount)
    .min(0, POS_DAY_MESSAGES.denominationCount)
    .max(100_000, POS_DAY_MESSAGES.denominationCount),
});
export type Denomination = z.infer<typeof denominationSchema>;
const denominations = z.array(denominationSchema).max(40);

/** Minor units of a denomination grid: the sum of each note times its count. */
export function denominationsMinor(grid: readonly Denomination[]): bigint {
  return grid.reduce((sum, row) => sum + (parseMinor(row.denomination) ?? 0n) * BigInt(row.count), 0n);
}

/** One counter opened with its counted float (plain amount, or a denomination grid that must add up to it). */
export const counterOpeningSchema = z
  .object({
    counterId: bodyId(POS_DAY_MESSAGES.counter),
    cashierId: bodyId(POS_DAY_MESSAGES.cashier),
    openingFloat: moneyAmount(POS_DAY_MESSAGES.openingFloat, 0),
    denominations: denominations.optional(),
    notes,
  })
  .superRefine((value, ctx) => {
    if (value.denominations && denominationsMinor(value.denominations) !== parseMinor(value.openingFloat))
      ctx.addIssue({ code: "custom", path: ["denominations"], message: POS_DAY_MESSAGES.denominationsTotal });
  });
export type CounterOpening = z.output<typeof counterOpeningSchema>;

/** `POST /api/setting/day_open`. */
export const dayOpenSchema = z.object({
  businessDate: isoDateSchema(POS_DAY_MESSAGES.businessDate),
  counters: z
    .array(counterOpeningSchema, { error: POS_DAY_MESSAGES.counters })
    .min(1, POS_DAY_MESSAGES.counters)
    .max(100)
    .superRefine((rows, ctx) => {
      rows.forEach((row, index) => {
        if (rows.findIndex((other) => other.counterId === row.counterId) !== index)
          ctx.addIssue({ code: "custom", path: [index, "counterId"], message: POS_DAY_MESSAGES.counterTwice });
      });
    }),
});
export type DayOpenInput = z.output<typeof dayOpenSchema>;

/** `POST /api/setting/day_open/session`: one more counter in the open day. */
export const sessionOpenSchema = counterOpeningSchema;

export const dayIdQuerySchema = z.object({ dayId: idSchema(POS_DAY_MESSAGES.dayId) });
export const dayCloseSchema = z.object({ dayId: bodyId(POS_DAY_MESSAGES.dayId) });

/** `POST /api/setting/day_close/session/{sessionId}`: what was counted per payment method id. */
export const sessionCloseSchema = z.object({
  counted: z.record(
    z.string().regex(/^[1-9]\d{0,9}$/, POS_DAY_MESSAGES.countedMethod),
    moneyAmount(POS_DAY_MESSAGES.counted, 0),
    {
      error: (issue) =>
        issue.code === "invalid_key"
          ? POS_DAY_MESSAGES.countedMethod
          : issue.code === "invalid_type"
            ? POS_DAY_MESSAGES.countedMissing
            : undefined,
    },
  ),
  denominations: denominations.optional(),
  notes,
});
export type SessionCloseInput = z.output<typeof sessionCloseSchema>;

export const exceptionAcceptSchema = z.object({
  reason: z
    .string({ error: POS_DAY_MESSAGES.reason })
    .trim()
    .min(3, POS_DAY_MESSAGES.reason)
    .max(300, POS_DAY_MESSAGES.reason),
});

const optionalDate = z.union([isoDateSchema(), z.literal("")]).optional();

/** `GET /api/setting/day`: business days newest first, between two dates. */
export const dayListQuerySchema = z
  .object({
    from: optionalDate,
    to: optionalDate,
    size: z.coerce.number().int().min(1).max(1000).default(50),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: POS_DAY_MESSAGES.dateOrder,
    path: ["to"],
  });
export type DayListQuery = z.output<typeof dayListQuerySchema>;

// ---- Answers ---------------------------------------------------------------------------------------

const id = z.number().int();
const amount = z.number();
const instant = z.string().meta({ description: "ISO instant" });
export const personSchema = z.object({ id, name: z.string() });
const person = personSchema.nullable();

/** A counter's figure for one payment method: what should be there, what was counted, the difference. */
export const counterMethodSchema = z.object({
  methodId: id,
  name: z.string(),
  kind: z.string(),
  /** Whether the cashier counts it at close (cash, the card batch); otherwise counted = expected. */
  countedAtClose: z.boolean(),
  expected: amount,
  counted: amount.nullable(),
  difference: amount.nullable(),
});
export type CounterMethod = z.infer<typeof counterMethodSchema>;

/** How a counter's expected cash is made: float + cash taken - change - cash refunds + pay-ins - pay-outs - drops. */
export const expectedCashSchema = z.object({
  openingFloat: amount,
  cashTaken: amount,
  change: amount,
  cashRefunds: amount,
  payIns: amount,
  payOuts: amount,
  drops: amount,
  expected: amount,
});

/** A counter session as Day Open, Day Close and DayOpen Record show it. */
export const posSessionSchema = z.object({
  id,
  dayId: id,
  counterId: id,
  counterCode: z.string(),
  counterName: z.string(),
  cashAccountId: id,
  cashAccountName: z.string(),
  cashier: personSchema,
  status: z.enum(SESSION_STATUSES),
  rescue: z.boolean(),
  openingFloat: amount,
  /** The counter cash account's book balance at opening; a difference joins the day's over/short. */
  floatBook: amount,
  floatDifference: amount,
  openingDenominations: z.array(denominationSchema).nullable(),
  countedDenominations: z.array(denominationSchema).nullable(),
  notes: z.string(),
  closeNotes: z.string(),
  openedAt: instant,
  openedBy: person,
  closedAt: instant.nullable(),
  closedBy: person,
  cash: expectedCashSchema,
  methods: z.array(counterMethodSchema),
  /** Counted minus expected cash, once closed (negative: short). */
  overShort: amount.nullable(),
  orders: z.number().int(),
});
export type PosSession = z.infer<typeof posSessionSchema>;

export const dayHeaderSchema = z.object({
  id,
  businessDate: z.string(),
  status: z.enum(DAY_STATUSES),
  openedAt: instant,
  openedBy: person,
  closedAt: instant.nullable(),
  closedBy: person,
  zNumber: z.string().nullable(),
  salesVoucherId: id.nullable(),
  salesVoucherNo: z.string().nullable(),
  cogsVoucherId: id.nullable(),
  cogsVoucherNo: z.string().nullable(),
});
export type DayHeader = z.infer<typeof dayHeaderSchema>;

/** `GET /api/setting/day_open/current`. */
export const dayOpenCurrentSchema = z.object({
  day: dayHeaderSchema.nullable(),
  /** Today in the company's time zone, the day before until the outlet's cut-off. */
  defaultBusinessDate: z.string(),
  lastClosedDate: z.string().nullable(),
  sessions: z.array(posSessionSchema),
  counters: z.array(
    z.object({
      id,
      code: z.string(),
      name: z.string(),
      cashAccountId: id,
      cashAccountName: z.string(),
      /** The cash account's book balance now, counting the day's closed sessions not yet posted. */
      bookBalance: amount,
      openSessionId: id.nullable(),
    }),
  ),
  /** Approved users holding POS, who may be a counter's cashier. */
  cashiers: z.array(personSchema.extend({ userName: z.string() })),
});
export type DayOpenCurrent = z.infer<typeof dayOpenCurrentSchema>;

export const dayOpenedSchema = z.object({ message: z.string(), dayId: id, sessions: z.array(posSessionSchema) });
export const sessionOpenedSchema = z.object({ message: z.string(), session: posSessionSchema });
export const sessionClosedSchema = sessionOpenedSchema;

/** The day's (or a session's) figures: the Z and X reports and the Day Close summary. */
export const daySummarySchema = z.object({
  orders: z.number().int(),
  refunds: z.number().int(),
  voidedOrders: z.number().int(),
  gross: amount,
  discounts: amount,
  net: amount,
  serviceCharge: amount,
  tax: amount,
  rounding: amount,
  total: amount,
  byCategory: z.array(
    z.object({ categoryId: id.nullable(), name: z.string(), qty: amount, gross: amount, net: amount }),
  ),
  byMethod: z.array(z.object({ methodId: id, name: z.string(), kind: z.string(), count: z.number().int(), amount })),
  byTax: z.array(z.object({ taxClassId: id.nullable(), name: z.string(), tax: amount })),
  voids: z.array(
    z.object({
      orderId: id,
      order: z.string(),
      item: z.string(),
      qty: amount,
      amount,
      reason: z.string(),
      by: z.string(),
      at: instant.nullable(),
    }),
  ),
  refundRows: z.array(
    z.object({ orderId: id, order: z.string(), refundOf: z.string(), amount, by: z.string(), at: instant.nullable() }),
  ),
  cashMoves: z.object({ payIn: amount, payOut: amount, drop: amount }),
  /**
   * Times the drawer was opened without a sale (`POST /api/pos/no_sale`). Absent from the frozen
   * figures of days closed before it was counted.
   */
  noSales: z.number().int().optional(),
  cogs: amount,
  wastage: amount,
  variance: amount,
  /** COGS of sales over net sales, in percent with one decimal; null without sales. */
  foodCostPct: z.number().nullable(),
  overShort: amount,
  lateOrders: z.array(z.object({ orderId: id, order: z.string(), openedAt: instant, total: amount })),
});
export type DaySummary = z.infer<typeof daySummarySchema>;

/** One line of a Day Close voucher, with its account spelled out (null when the mapping is missing). */
export const dayVoucherLineSchema = z.object({
  accountId: id.nullable(),
  accountName: z.string(),
  allLevelKey: z.string(),
  description: z.string(),
  debit: amount,
  credit: amount,
});
export const dayVoucherSchema = z.object({
  voucherId: id.nullable(),
  voucherNo: z.string().nullable(),
  lines: z.array(dayVoucherLineSchema),
  debit: amount,
  credit: amount,
});
export type DayVoucher = z.infer<typeof dayVoucherSchema>;

const checkOrderSchema = z.object({
  id,
  order: z.string(),
  orderType: z.string(),
  status: z.string(),
  table: z.string().nullable(),
  total: amount,
  openedAt: instant,
});

/** `GET /api/setting/day_close/preview?dayId`: the checklist, the counters, the summary and the vouchers to post. */
export const dayClosePreviewSchema = z.object({
  day: dayHeaderSchema,
  canClose: z.boolean(),
  /** Each thing that stops the close, said so a manager can act on it. */
  blockers: z.array(z.string()),
  warnings: z.array(z.string()),
  openOrders: z.array(checkOrderSchema),
  /** The day's registers: orders each sent, and what its last heartbeat said waited in its outbox. */
  devices: z.array(
    z.object({ deviceId: z.string(), lastSeenAt: instant, orders: z.number().int(), waiting: z.number().int() }),
  ),
  kitchen: z.array(z.object({ id, order: z.string(), station: z.string(), status: z.string(), createdAt: instant })),
  exceptions: z.array(
    z.object({
      id,
      storeProductId: id,
      product: z.string(),
      location: z.string(),
      short: amount,
      unit: z.string(),
      createdAt: instant,
    }),
  ),
  counters: z.array(posSessionSchema),
  summary: daySummarySchema,
  /** The Z number the close will take. */
  zNumber: z.string(),
  vouchers: z.object({ sales: dayVoucherSchema.nullable(), cogs: dayVoucherSchema.nullable() }),
  /** Accounts Integration settings the close needs and lacks. */
  mappings: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type DayClosePreview = z.infer<typeof dayClosePreviewSchema>;

export const exceptionAcceptedSchema = z.object({
  message: z.string(),
  exception: z.object({ id, resolution: z.string(), note: z.string(), resolvedAt: instant, resolvedBy: person }),
});

/** `POST /api/setting/day_close`. */
export const dayClosedSchema = z.object({
  message: z.string(),
  dayId: id,
  zNumber: z.string(),
  salesVoucherId: id.nullable(),
  salesVoucherNo: z.string().nullable(),
  cogsVoucherId: id.nullable(),
  cogsVoucherNo: z.string().nullable(),
});
export type DayClosed = z.infer<typeof dayClosedSchema>;

/** The Z figures frozen at close (business_days.snapshot): a reprint shows exactly these. */
export const zSnapshotSchema = z.object({
  zNumber: z.string(),
  businessDate: z.string(),
  outlet: z.string(),
  openedAt: instant,
  openedBy: z.string(),
  closedAt: instant,
  closedBy: z.string(),
  counters: z.array(posSessionSchema),
  summary: daySummarySchema,
  vouchers: z.object({ sales: dayVoucherSchema.nullable(), cogs: dayVoucherSchema.nullable() }),
});
export type ZSnapshot = z.infer<typeof zSnapshotSchema>;

export const dayRowSchema = dayHeaderSchema.extend({
  orders: z.number().int(),
  netSales: amount,
  tax: amount,
  expectedCash: amount,
  countedCash: amount.nullable(),
  overShort: amount.nullable(),
});
export type DayRow = z.infer<typeof dayRowSchema>;

export const dayPageSchema = z.object({
  data: z.array(dayRowSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

/** `GET /api/setting/day/{id}`: the day with its sessions, cash moves, late orders and figures. */
export const dayDetailSchema = dayRowSchema.extend({
  sessions: z.array(posSessionSchema),
  cashMoves: z.array(
    z.object({
      id,
      sessionId: id,
      counterCode: z.string(),
      kind: z.string(),
      amount,
      account: z.string().nullable(),
      reason: z.string(),
      by: z.string(),
      at: instant,
    }),
  ),
  summary: daySummarySchema,
});
export type DayDetail = z.infer<typeof dayDetailSchema>;

/** `GET /api/voucher/{id}/sources`: the orders and store documents behind a voucher (design 7.4.5). */
export const voucherSourcesSchema = z.object({
  voucherId: id,
  voucherNo: z.string(),
  source: z.string(),
  day: z.object({ id, businessDate: z.string(), zNumber: z.string().nullable() }).nullable(),
  orders: z.array(z.object({ id, order: z.string(), businessDate: z.string(), status: z.string(), total: amount })),
  documents: z.array(
    z.object({
      kind: z.enum(["GRN", "ISS", "CNT"]),
      id,
      number: z.string().nullable(),
      businessDate: z.string(),
      /** posted: the voucher is the document's own; reversal: it reverses it. */
      role: z.enum(["posted", "reversal"]),
    }),
  ),
});
export type VoucherSources = z.infer<typeof voucherSourcesSchema>;

// ---- Rules ----------------------------------------------------------------------------------------

/** Z-A-2026-00042: the outlet's letter (outlet 1 is A), the year of the business date, the day's place in it. */
export function zReportNumber(outletId: number, year: number, sequence: number): string {
  const letter = outletId >= 1 && outletId <= 26 ? String.fromCharCode(64 + outletId) : String(outletId);
  return `Z-${letter}-${year}-${String(sequence).padStart(5, "0")}`;
}

/**
 * The business date at an instant: the date in the company's time zone, or the day before while
 * the clock is still before the outlet's cut-off (a sale at 01:30 with a 04:00 cut-off belongs to
 * the evening before).
 */
export function businessDateAt(instantAt: Date, timeZone: string, cutoff: string): string {
  const moment = localMoment(instantAt, timeZone);
  if (moment.minutes >= minutesOf(cutoff)) return moment.date;
  const previous = new Date(`${moment.date}T00:00:00Z`);
  previous.setUTCDate(previous.getUTCDate() - 1);
  return previous.toISOString().slice(0, 10);
}

/** Food cost: part / whole in percent with one decimal, half up (66.00 of 2,000.00 is 3.3); null without sales. */
export function sharePercent(part: bigint, whole: bigint): number | null {
  if (whole <= 0n) return null;
  const tenths = (part * 1000n * 2n + whole) / (whole * 2n);
  return Number(tenths) / 10;
}

/** `GET /api/pos/session?counterId`: the register's own read of its counter's open session (gate POS). */
export const counterSessionQuerySchema = z.object({ counterId: idSchema(POS_DAY_MESSAGES.counter) });
export const counterSessionSchema = z.object({
  session: z
    .object({
      id,
      dayId: id,
      businessDate: z.string(),
      counterId: id,
      cashier: personSchema,
      openedAt: z.string().meta({ description: "ISO instant" }),
    })
    .nullable(),
  /** The open business day, whether or not this counter has a session in it. */
  businessDate: z.string().nullable(),
});
export type CounterSession = z.infer<typeof counterSessionSchema>;
