import {
  type CashMoveKind,
  DAY_CLOSE_BLOCKERS,
  POS_INTEGRATION_FIELDS,
  type PosIntegrationFieldKey,
  posMappingMissing,
  STORE_INTEGRATION_FIELDS,
  type StoreIntegrationFieldKey,
} from "@cargodesk/shared";

/**
 * The two vouchers of a Day Close (design 7.2), as pure functions of the day's figures and the
 * Accounts Integration settings, so the preview, the close and the property tests build the same
 * lines. Sales JV: Dr each counter's cash (net cash taken), Dr each card method's account, Dr each
 * house account, Dr Sales Discounts; Cr revenue per category account (gross, without tax), Cr tax
 * per tax account, Cr Service Charge, Dr/Cr Rounding; then per counter its pay-outs, drops and
 * pay-ins against its cash, and its over/short. COGS JV: Dr COGS per category account (sale moves),
 * Dr Wastage (waste moves), Dr/Cr COGS (variance moves), Cr each inventory account.
 */
export type MoveKind = "sale" | "sale_return" | "waste" | "variance";

export interface CounterBooks {
  code: string;
  cashAccountId: number;
  /** Cash the counter's payments settled (refunds negative). */
  cashSales: bigint;
  /** Counted minus expected cash, plus the float counted minus the book at opening. */
  overShort: bigint;
  cashMoves: readonly { kind: CashMoveKind; accountId: number | null; amount: bigint }[];
}

export interface DayBooks {
  businessDate: string;
  counters: readonly CounterBooks[];
  /** Card, bank and wallet takings per method, on the method's own account or Card Clearing. */
  methods: readonly { name: string; accountId: number | null; amount: bigint }[];
  houseAccounts: readonly { name: string; accountId: number | null; amount: bigint }[];
  /** Line gross per category revenue account (null: the category names none). */
  revenue: readonly { accountId: number | null; amount: bigint }[];
  /** The orders' own figures: the voucher balances on these, any line rounding goes to the defaults. */
  gross: bigint;
  discount: bigint;
  serviceCharge: bigint;
  tax: bigint;
  rounding: bigint;
  /** Line tax per tax class account (null: the line has no class). */
  taxes: readonly { accountId: number | null; amount: bigint }[];
  moves: readonly {
    kind: MoveKind;
    locationKind: string;
    locationAccountId: number | null;
    cogsAccountId: number | null;
    /** Signed: what left (below 0) or came back to (above 0) the location. */
    value: bigint;
  }[];
}

export type Mapping = Partial<Record<PosIntegrationFieldKey | StoreIntegrationFieldKey, number | null>>;

export interface DraftLine {
  accountId: number | null;
  debit: bigint;
  credit: bigint;
  description: string;
}

export interface DayVouchers {
  sales: DraftLine[];
  cogs: DraftLine[];
  /** Settings the lines need and lack, each with the field and what to do. */
  missing: { field: string; message: string }[];
  /** Other things the lines cannot be posted without (a pay-out's account, a customer's house account). */
  problems: string[];
}

const FIELDS = [...POS_INTEGRATION_FIELDS, ...STORE_INTEGRATION_FIELDS];

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

/** Groups amounts by account, in the order accounts first appear. */
function byAccount(rows: readonly { accountId: number | null; amount: bigint }[]) {
  const grouped = new Map<number | null, bigint>();
  for (const row of rows) grouped.set(row.accountId, (grouped.get(row.accountId) ?? 0n) + row.amount);
  return [...grouped].map(([accountId, amount]) => ({ accountId, amount }));
}

export function buildDayVouchers(books: DayBooks, mapping: Mapping): DayVouchers {
  const missing = new Map<string, string>();
  const problems: string[] = [];
  /** The setting's account; when unset, the line still shows (account null) and the field is named. */
  const setting = (key: PosIntegrationFieldKey | StoreIntegrationFieldKey): number | null => {
    const id = mapping[key] ?? null;
    const field = FIELDS.find((entry) => entry.key === key);
    if (id === null && field) missing.set(key, posMappingMissing(field));
    return id;
  };
  const day = `Day close ${books.businessDate}`;
  /** A line on the side its sign says (above 0 debit, below 0 credit); none for zero. */
  const line = (accountId: number | null, amount: bigint, description: string): DraftLine[] =>
    amount === 0n
      ? []
      : [
          {
            accountId,
            debit: amount > 0n ? amount : 0n,
            credit: amount < 0n ? -amount : 0n,
            description: `${description} - ${day}`,
          },
        ];

  const sales: DraftLine[] = [];
  for (const counter of books.counters)
    sales.push(...line(counter.cashAccountId, counter.cashSales, `${counter.code} cash sales`));
  const cardTotal = sum(books.methods.map((method) => method.amount));
  const cardClearing = cardTotal === 0n ? null : setting("cardClearingAccountId");
  for (const method of books.methods) sales.push(...line(method.accountId ?? cardClearing, method.amount, method.name));
  for (const house of books.houseAccounts) {
    if (house.accountId === null && house.amount !== 0n) problems.push(DAY_CLOSE_BLOCKERS.houseAccount(house.name));
    sales.push(...line(house.accountId, house.amount, `${house.name} on account`));
  }
  if (books.discount !== 0n) sales.push(...line(setting("salesDiscountAccountId"), books.discount, "Sales discounts"));

  // Revenue per category account; what the lines leave of the orders' gross goes to POS Sales.
  const lineGross = sum(books.revenue.map((row) => row.amount));
  const posSales = books.gross !== 0n || lineGross !== 0n ? setting("posSalesAccountId") : null;
  const revenue = byAccount([
    ...books.revenue.map((row) => ({ accountId: row.accountId ?? posSales, amount: row.amount })),
    { accountId: posSales, amount: books.gross - lineGross },
  ]);
  for (const row of revenue) sales.push(...line(row.accountId, -row.amount, "Sales"));
  const lineTax = sum(books.taxes.map((row) => row.amount));
  const salesTax = books.tax !== 0n || lineTax !== 0n ? setting("salesTaxPayableAccountId") : null;
  const taxes = byAccount([
    ...books.taxes.map((row) => ({ accountId: row.accountId ?? salesTax, amount: row.amount })),
    { accountId: salesTax, amount: books.tax - lineTax },
  ]);
  for (const row of taxes) sales.push(...line(row.accountId, -row.amount, "Sales tax"));
  if (books.serviceCharge !== 0n)
    sales.push(...line(setting("serviceChargeAccountId"), -books.serviceCharge, "Service charge"));
  if (books.rounding !== 0n) sales.push(...line(setting("roundingAccountId"), -books.rounding, "Rounding"));

  const moveOrder = { pay_out: 0, drop: 1, pay_in: 2 } as const;
  for (const counter of books.counters) {
    for (const move of [...counter.cashMoves].sort((a, b) => moveOrder[a.kind] - moveOrder[b.kind])) {
      if (move.amount === 0n) continue;
      if (move.kind === "pay_out") {
        if (move.accountId === null) problems.push(DAY_CLOSE_BLOCKERS.payOutAccount(counter.code));
        sales.push(...line(move.accountId, move.amount, `${counter.code} pay-out`));
        sales.push(...line(counter.cashAccountId, -move.amount, `${counter.code} pay-out`));
      } else {
        // A drop or pay-in without an account of its own goes to or comes from the safe.
        const other = move.accountId ?? setting("safeCashAccountId");
        const label = move.kind === "drop" ? `${counter.code} drop to safe` : `${counter.code} pay-in`;
        const sign = move.kind === "drop" ? 1n : -1n;
        sales.push(...line(other, sign * move.amount, label));
        sales.push(...line(counter.cashAccountId, -sign * move.amount, label));
      }
    }
    if (counter.overShort !== 0n) {
      const label = `${counter.code} cash ${counter.overShort < 0n ? "short" : "over"}`;
      sales.push(...line(setting("cashOverShortAccountId"), -counter.overShort, label));
      sales.push(...line(counter.cashAccountId, counter.overShort, label));
    }
  }

  const cogs: DraftLine[] = [];
  const soldCost = books.moves.filter((move) => move.kind === "sale" || move.kind === "sale_return");
  const cogsDefault =
    soldCost.length > 0 || books.moves.some((move) => move.kind === "variance") ? setting("cogsAccountId") : null;
  for (const row of byAccount(
    soldCost.map((move) => ({ accountId: move.cogsAccountId ?? cogsDefault, amount: -move.value })),
  ))
    cogs.push(...line(row.accountId, row.amount, "Cost of sales"));
  const waste = sum(books.moves.filter((move) => move.kind === "waste").map((move) => -move.value));
  if (waste !== 0n) cogs.push(...line(setting("wastageAccountId"), waste, "Wastage"));
  const variance = sum(books.moves.filter((move) => move.kind === "variance").map((move) => -move.value));
  if (variance !== 0n) cogs.push(...line(cogsDefault, variance, "Stock variance"));
  const inventory = byAccount(
    books.moves
      .filter((move) => move.value !== 0n)
      .map((move) => ({
        accountId:
          move.locationAccountId ??
          setting(move.locationKind === "store" ? "storeInventoryAccountId" : "kitchenInventoryAccountId"),
        amount: move.value,
      })),
  );
  for (const row of inventory) cogs.push(...line(row.accountId, row.amount, "Inventory used"));

  return { sales, cogs, missing: [...missing].map(([field, message]) => ({ field, message })), problems };
}
