import type { LocalMoment, PosBootstrap, PosDeal, PosProduct } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { draftReducer, emptyDraft } from "./draft";
import { draftTotals } from "./draft-totals";
import {
  currentPriceMinor,
  dealLine,
  defaultPicks,
  findBarcode,
  menuTabs,
  menuTiles,
  unmetChoice,
  variantLine,
} from "./menu";

const variant = (id: number, price: number, sizeName: string | null = null, barcode: string | null = null) => ({
  id,
  sizeId: sizeName ? id : null,
  sizeName,
  sizeCode: sizeName,
  flavourId: null,
  flavourName: null,
  price,
  barcode,
});

const product = (
  id: number,
  name: string,
  categoryId: number,
  variants: PosProduct["variants"],
  extra: Partial<PosProduct> = {},
): PosProduct => ({
  id,
  code: `P-${id}`,
  name,
  categoryId,
  description: "",
  imagePath: null,
  taxClassId: 1,
  stationId: null,
  prepMinutes: 0,
  orderTypes: 7,
  soldOut: false,
  variants,
  ...extra,
});

const zinger = product(1, "Zinger", 11, [variant(101, 550, "M"), variant(102, 650, "L")]);
const cola = product(2, "Cola", 21, [variant(201, 150, null, "2900000000017")], { taxClassId: 2 });
const fries = product(3, "Fries", 11, [variant(301, 200)], { orderTypes: 1 });

const meal: PosDeal = {
  id: 7,
  code: "D-0001",
  name: "Zinger Meal",
  categoryId: 11,
  price: 700,
  imagePath: null,
  validFrom: null,
  validTo: null,
  weekdays: 127,
  timeFrom: "12:00",
  timeTo: "16:00",
  orderTypes: 7,
  components: [
    {
      id: 1,
      kind: "fixed",
      label: "Burger",
      minChoose: 1,
      maxChoose: 1,
      options: [{ id: 11, variantId: 102, qty: 1, extraPrice: 0, isDefault: true }],
    },
    {
      id: 2,
      kind: "choice",
      label: "Drink",
      minChoose: 1,
      maxChoose: 1,
      options: [
        { id: 21, variantId: 201, qty: 1, extraPrice: 0, isDefault: true },
        { id: 22, variantId: 301, qty: 1, extraPrice: 50, isDefault: false },
      ],
    },
  ],
};

const category = (id: number, name: string, children: { id: number; name: string }[] = []) => ({
  id,
  name,
  sort: id,
  color: `#00000${id % 10}`,
  imagePath: null,
  stationId: null,
  sendToKitchen: true,
  children: children.map((child) => ({
    ...child,
    sort: child.id,
    color: "",
    imagePath: null,
    stationId: null,
    sendToKitchen: true,
  })),
});

const bootstrap = {
  version: "1",
  outlet: {
    id: 1,
    name: "Main",
    taxInclusive: false,
    serviceChargeBp: 0,
    serviceChargeTypes: 1,
    cashRoundingMinor: 0,
    dayCutoff: "04:00",
    kitchenNegativePolicy: "allow_flag",
    takeAwayFireOn: "payment",
    supervisorRules: {
      maxDiscountBpWithoutApproval: 1000,
      voidAfterFireNeedsSupervisor: true,
      refundNeedsSupervisor: true,
      priceOverrideNeedsSupervisor: true,
    },
    receiptHeader: "",
    receiptFooter: "",
  },
  counter: null,
  counters: [],
  taxClasses: [
    { id: 1, name: "Food", rateBp: 1600, methodRates: [{ paymentMethodId: 2, rateBp: 500 }] },
    { id: 2, name: "Drinks", rateBp: 1000, methodRates: [] },
  ],
  paymentMethods: [
    { id: 1, name: "Cash", kind: "cash", opensDrawer: true, countedAtClose: true },
    { id: 2, name: "Card", kind: "card", opensDrawer: false, countedAtClose: true },
  ],
  stations: [],
  printers: [],
  categories: [
    category(10, "Food", [{ id: 11, name: "Burgers" }]),
    category(20, "Drinks", [{ id: 21, name: "Cold" }]),
    category(30, "Empty"),
  ],
  products: [zinger, cola, fries],
  deals: [meal],
  promotions: [],
  hasCodeCoupons: false,
  halls: [],
} satisfies PosBootstrap;

const lunch: LocalMoment = { date: "2026-11-24", weekday: 1, minutes: 13 * 60 };
const evening: LocalMoment = { ...lunch, minutes: 19 * 60 };

describe("the register's menu", () => {
  it("tabs are the top categories with something to sell, each covering its sub-categories", () => {
    expect(menuTabs(bootstrap).map((tab) => [tab.name, tab.categoryIds])).toEqual([
      ["Food", [10, 11]],
      ["Drinks", [20, 21]],
    ]);
  });

  it("a tab shows its products for the order type, then its deals while they are on", () => {
    const [food] = menuTabs(bootstrap);
    const names = (at: LocalMoment, type: "take_away" | "dine_in") =>
      menuTiles(bootstrap, food ?? null, "", type, at).map((tile) =>
        tile.kind === "deal" ? tile.deal.name : tile.product.name,
      );
    expect(names(lunch, "take_away")).toEqual(["Zinger", "Zinger Meal"]);
    expect(names(lunch, "dine_in")).toEqual(["Zinger", "Fries", "Zinger Meal"]);
    expect(names(evening, "take_away")).toEqual(["Zinger"]);
  });

  it("a search looks across every tab by name or code", () => {
    const found = menuTiles(bootstrap, menuTabs(bootstrap)[0] ?? null, "col", "take_away", lunch);
    expect(found.map((tile) => (tile.kind === "product" ? tile.product.name : ""))).toEqual(["Cola"]);
    expect(menuTiles(bootstrap, null, "p-1", "take_away", lunch)).toHaveLength(1);
  });

  it("a barcode finds its variant", () => {
    expect(findBarcode(bootstrap, " 2900000000017 ")?.variant.id).toBe(201);
    expect(findBarcode(bootstrap, "123")).toBeNull();
  });

  it("a deal starts with its defaults, needs each group filled, and prices the picked extras", () => {
    expect(defaultPicks(meal)).toEqual([21]);
    expect(unmetChoice(meal, [])?.label).toBe("Drink");
    expect(unmetChoice(meal, [21, 22])?.label).toBe("Drink");
    const line = dealLine("d1", bootstrap, meal, [22]);
    expect(line).toMatchObject({ dealId: 7, picks: [22], unitPriceMinor: 75_000, taxVariantId: 102 });
    expect(line.detail).toBe("Zinger (L), Fries");
    expect(currentPriceMinor(bootstrap, line)).toBe(75_000);
  });
});

describe("the register's totals", () => {
  const order = [
    { type: "add", line: variantLine("z", zinger, variant(102, 650, "L")) },
    { type: "add", line: variantLine("c", cola, variant(201, 150)) },
  ] as const;
  const draft = order.reduce(draftReducer, emptyDraft("", "take_away"));

  it("each line is taxed by its product's class; the total follows the method (D16)", () => {
    const totals = draftTotals(draft, bootstrap, lunch);
    expect([totals.subtotalMinor, totals.taxMinor, totals.totalMinor]).toEqual([80_000n, 11_900n, 91_900n]);
    // By card the food is taxed 5%: 650 x 1.05 + 150 x 1.10.
    expect(totals.dueFor(2)).toBe(84_750n);
  });

  it("dine-in takes the service charge of the table's hall when the hall sets its own", () => {
    const table = { id: 7, name: "T7", seats: 4, shape: "square" as const, x: 0, y: 0, w: 80, h: 80 };
    const withHall = (serviceChargeBp: number | null) => ({
      ...bootstrap,
      outlet: { ...bootstrap.outlet, serviceChargeBp: 500 },
      halls: [{ id: 3, name: "Roof", sort: 0, serviceChargeBp, tables: [table] }],
    });
    const dineIn = [
      { type: "orderType", orderType: "dine_in" },
      { type: "table", tableId: 7 },
    ] as const;
    const seated = dineIn.reduce(draftReducer, draft);
    expect(draftTotals(seated, withHall(1000), lunch).serviceChargeMinor).toBe(8_000n);
    expect(draftTotals(seated, withHall(null), lunch).serviceChargeMinor).toBe(4_000n);
  });

  it("a 20% order discount comes off before tax", () => {
    const discounted = draftReducer(draft, { type: "orderDiscount", discount: { percent: 20, amount: null } });
    const totals = draftTotals(discounted, bootstrap, lunch);
    expect([totals.discountMinor, totals.totalMinor]).toEqual([16_000n, 73_520n]);
  });
});
