import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Database, openPglite, openPostgres } from "../db/client";
import { col, rowsOf, sqlArray } from "./sql";

describe("rowsOf with a row schema", () => {
  const Row = z.object({ id: col.int, debit: col.minor, note: col.text.nullable() });

  it("answers typed rows, minor units as exact BigInt", () => {
    const rows = rowsOf(Row, { rows: [{ id: 7, debit: "9007199254740993", note: null, extra: 1 }] });
    expect(rows).toEqual([{ id: 7, debit: 9007199254740993n, note: null }]);
  });

  it("fails on a renamed column, naming the column the code expects", () => {
    expect(() => rowsOf(Row, { rows: [{ id: 1, debit_minor: 5, note: "" }] })).toThrow(/at debit:/);
  });

  it("fails on a retyped column: a fractional amount is not minor units", () => {
    expect(() => rowsOf(Row, { rows: [{ id: 1, debit: "12.50", note: "" }] })).toThrow(/row 0 .* at debit/);
    expect(() =>
      rowsOf(Row, {
        rows: [
          { id: 1, debit: 1, note: "" },
          { id: "2", debit: 1, note: "" },
        ],
      }),
    ).toThrow(/row 1 .* at id/);
  });

  it("reads no rows from an answer without any", () => {
    expect(rowsOf(Row, undefined)).toEqual([]);
    expect(rowsOf(Row, { rows: [] })).toEqual([]);
  });

  it("reads an int[] given as its text literal", () => {
    expect(col.ints.parse("{3,-1,20}")).toEqual([3, -1, 20]);
    expect(col.ints.parse("{}")).toEqual([]);
    expect(() => col.ints.parse("{1,x}")).toThrow();
  });
});

describe("column schemas match what the driver answers", () => {
  let database: Database;
  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    database = url ? await openPostgres(url) : await openPglite({});
  });
  afterAll(() => database.close());

  it("reads ints, BIGINT, count, SUM, NUMERIC, dates, timestamps, arrays and nulls", async () => {
    const Kinds = z.object({
      small: col.int,
      big: col.int,
      n: col.int,
      total: col.minor,
      kg: col.numeric,
      day: col.date,
      at: col.timestamp,
      ids: col.ints,
      flag: col.bool,
      missing: col.minor.nullable(),
    });
    const [row] = rowsOf(
      Kinds,
      await database.db.execute(sql`
        select 1::int as small, 4500000000::bigint as big, count(*) as n,
          sum(x) as total, 12.50::numeric(12, 2) as kg, '2026-07-01'::date as day, now() as at,
          array_agg(a order by a) as ids, true as flag, null::bigint as missing
        from (values (3, 4611686018427387904::bigint), (1, 4611686018427387905::bigint)) v(a, x)`),
    ).map((parsed) => ({ ...parsed, at: typeof parsed.at }));
    expect(row).toEqual({
      small: 1,
      big: 4500000000,
      n: 2,
      total: 9223372036854775809n,
      kg: "12.50",
      day: "2026-07-01",
      at: "string",
      ids: [1, 3],
      flag: true,
      missing: null,
    });
  });

  it("sqlArray sends a column of any length as one array: NULLs, exact BIGINTs, quotes and commas in text", async () => {
    const texts = ['say "hi"', "back\\slash", "a,b", "{braces}", "NULL", ""];
    const Row = z.object({ n: col.int.nullable(), big: col.minor.nullable(), t: col.text.nullable(), day: col.date });
    const rows = rowsOf(
      Row,
      await database.db.execute(sql`
        select n, big::text, t, day::text from unnest(${sqlArray([1, null, -3, 4, 5, 6], "int")},
          ${sqlArray([9223372036854775807n, -1n, null, 0n, 1n, 2n], "bigint")}, ${sqlArray(texts, "text")},
          ${sqlArray(["2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04", "2026-07-05", "2026-07-06"], "date")})
          with ordinality as u(n, big, t, day, ord) order by ord`),
    );
    expect(rows.map((row) => row.t)).toEqual(texts);
    expect(rows.map((row) => row.n)).toEqual([1, null, -3, 4, 5, 6]);
    expect(rows.map((row) => row.big)).toEqual([9223372036854775807n, -1n, null, 0n, 1n, 2n]);
    expect(rows[5]?.day).toBe("2026-07-06");
    const many = Array.from({ length: 70_000 }, (_, index) => index);
    const [count] = rowsOf(
      z.object({ total: col.minor }),
      await database.db.execute(sql`select sum(v)::text as total from unnest(${sqlArray(many, "int")}) as v`),
    );
    expect(count?.total).toBe(2_449_965_000n);
  });
});
