import { dayOpenSchema, type PosSession, sessionCloseSchema } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { countedValue, differenceMinor, emptyCount, sessionCloseOf } from "./closing";
import { countOfText, emptyGrid, gridAmount, gridOf, gridText } from "./denominations";
import {
  counterOpeningOf,
  floatDifferenceMinor,
  formPathOf,
  openingDate,
  openingRow,
  openRows,
  pathOfField,
} from "./opening";
import { overShortMinorText, overShortText } from "./over-short";

const counter = (id: number) => ({
  id,
  code: `A0${id}`,
  name: `Counter ${id}`,
  cashAccountId: 10 + id,
  cashAccountName: `A0${id} CASH`,
  bookBalance: 5000,
  openSessionId: null,
});

describe("counting notes", () => {
  it("adds the notes and the coins, and keeps a stored count", () => {
    const grid = gridOf([
      { denomination: 5000, count: 1 },
      { denomination: 100, count: 3 },
      { denomination: 1, count: 45 },
    ]);
    expect(grid).toHaveLength(8);
    expect(gridAmount(grid)).toBe(5345);
    expect(gridText(grid)).toBe("5,345.00");
    expect(gridAmount(emptyGrid())).toBe(0);
    expect(countOfText("1,2a")).toBe(12);
    expect(countOfText("")).toBe(0);
  });
});

describe("Day Open's form", () => {
  it("sends the ticked counters, the float from the grid when counted by notes", () => {
    const rows = [
      { ...openingRow(counter(1)), cashierId: "7", openingFloat: 5000 },
      { ...openingRow(counter(2)), open: false },
      {
        ...openingRow(counter(3)),
        cashierId: "8",
        byNotes: true,
        denominations: gridOf([{ denomination: 1000, count: 2 }]),
      },
    ];
    const opened = openRows(rows);
    expect(opened.map(({ index }) => index)).toEqual([0, 2]);
    const parsed = dayOpenSchema.safeParse({
      businessDate: "2026-11-24",
      counters: opened.map(({ row }) => counterOpeningOf(row)),
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.counters[1]).toMatchObject({
      counterId: 3,
      openingFloat: 2000,
      denominations: [{ denomination: 1000, count: 2 }],
    });
  });

  it("puts each message under the row it is about", () => {
    const rows = [openingRow(counter(1), false), { ...openingRow(counter(2)), openingFloat: "abc" }];
    const opened = openRows(rows).map(({ index }) => index);
    const parsed = dayOpenSchema.safeParse({
      businessDate: "",
      counters: openRows(rows).map(({ row }) => counterOpeningOf(row)),
    });
    const places = parsed.success ? [] : parsed.error.issues.map((issue) => formPathOf(issue.path, opened));
    expect(places).toEqual(expect.arrayContaining(["businessDate", "rows.1.cashierId", "rows.1.openingFloat"]));
    expect(formPathOf(pathOfField("counters.0.cashierId"), [4])).toBe("rows.4.cashierId");
    expect(formPathOf(["counters"], [])).toBe("root");
  });

  it("offers today, or the day after the last closed day when today is closed", () => {
    expect(openingDate({ defaultBusinessDate: "2026-11-24", lastClosedDate: null })).toBe("2026-11-24");
    expect(openingDate({ defaultBusinessDate: "2026-11-24", lastClosedDate: "2026-11-20" })).toBe("2026-11-24");
    expect(openingDate({ defaultBusinessDate: "2026-11-24", lastClosedDate: "2026-11-24" })).toBe("2026-11-25");
    expect(openingDate({ defaultBusinessDate: "2026-12-31", lastClosedDate: "2026-12-31" })).toBe("2027-01-01");
  });

  it("compares the float with the book balance", () => {
    const row = { ...openingRow(counter(1)), openingFloat: 4990 };
    expect(floatDifferenceMinor(row, 5000)).toBe(-1000n);
    expect(floatDifferenceMinor({ ...row, openingFloat: null }, 5000)).toBeNull();
    expect(overShortMinorText(-1000n)).toBe("10.00 short");
    expect(overShortText(25)).toBe("25.00 over");
    expect(overShortText(0)).toBe("0.00");
    expect(overShortText(null)).toBe("—");
  });
});

describe("closing a counter", () => {
  const session = {
    methods: [
      {
        methodId: 1,
        name: "Cash",
        kind: "cash",
        countedAtClose: true,
        expected: 6160,
        counted: null,
        difference: null,
      },
      {
        methodId: 2,
        name: "Card",
        kind: "card",
        countedAtClose: true,
        expected: 1050,
        counted: null,
        difference: null,
      },
      {
        methodId: 3,
        name: "Wallet",
        kind: "wallet",
        countedAtClose: false,
        expected: 0,
        counted: null,
        difference: null,
      },
    ],
  } satisfies Pick<PosSession, "methods">;

  it("sends what was counted per method (cash by notes), not the methods counted as expected", () => {
    const form = {
      ...emptyCount(session, emptyGrid()),
      counted: { "1": 0, "2": 1050 },
      byNotes: true,
      denominations: gridOf([
        { denomination: 5000, count: 1 },
        { denomination: 1000, count: 1 },
        { denomination: 100, count: 1 },
        { denomination: 50, count: 1 },
      ]),
    };
    const body = sessionCloseOf(session, form);
    expect(body.counted).toEqual({ "1": 6150, "2": 1050 });
    expect(sessionCloseSchema.safeParse(body).success).toBe(true);
    expect(differenceMinor(countedValue(form, 1, true), 6160)).toBe(-1000n);
  });

  it("names a missing count", () => {
    const body = sessionCloseOf(session, emptyCount(session, emptyGrid()));
    expect(sessionCloseSchema.safeParse(body).success).toBe(false);
    expect(differenceMinor(null, 6160)).toBeNull();
  });
});
