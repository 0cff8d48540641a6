import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../db/client";
import { isRegisteredPglite, runPrepared } from "../db/pglite-prepared";

/** A BIGINT or SUM as the driver returns it (text, number or bigint), exactly; null is 0. */
export const bigMinor = (value: string | number | bigint | null | undefined): bigint =>
  value === null || value === undefined ? 0n : BigInt(value);

/**
 * A list of ids as ONE array parameter (`= any(...)`), so a list of any length stays within the
 * protocol's 65,535 parameters and the statement's shape does not change with its length.
 */
export function intArray(ids: readonly number[]): SQL {
  const literal = `{${ids.map((id) => Math.trunc(Number(id))).join(",")}}`;
  return sql`${literal}::int[]`;
}

export type ArrayType = "int" | "bigint" | "text" | "date";

/**
 * A column of values as ONE array parameter of that type (NULL for null), for `unnest(...)`: a
 * set-based write of any number of rows is one statement, far below the 65,535 parameters, and
 * cheaper to build and plan than a VALUES list. Text is quoted as the array literal wants it.
 */
export function sqlArray(values: readonly (number | bigint | string | null)[], type: ArrayType): SQL {
  const element = (value: number | bigint | string | null) => {
    if (value === null) return "NULL";
    if (typeof value === "string") return `"${value.replace(/[\\"]/g, "\\$&")}"`;
    return typeof value === "number" ? String(Math.trunc(value)) : value.toString();
  };
  return sql`${`{${values.map(element).join(",")}}`}::${sql.raw(type)}[]`;
}

const INTEGER_TEXT = /^-?\d+$/;

/**
 * Column schemas for raw SQL rows, as both drivers answer: INT, BIGINT and count(*) come back as
 * numbers (db/client.ts parses INT8), SUM and NUMERIC as text, dates and timestamps as text.
 */
export const col = {
  int: z.number().int(),
  text: z.string(),
  bool: z.boolean(),
  /** `YYYY-MM-DD` (a `date` column, or `::text` of one). */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** A NUMERIC as text (kg, currency rates): exact, converted where it is used. */
  numeric: z.string(),
  /** A `timestamptz` as text (e.g. `2026-11-24 00:14:03.48+00`). */
  timestamp: z.string(),
  /** Minor units, exactly: a BIGINT column (number) or a SUM over one (text). */
  minor: z.union([z.number().int(), z.string().regex(INTEGER_TEXT), z.bigint()]).transform((value) => BigInt(value)),
  /** An `int[]`: the drivers parse it to an array; the text literal (`{1,2}`) is read too. */
  ints: z.union([
    z.array(z.number().int()),
    z
      .string()
      .regex(/^\{(-?\d+(,-?\d+)*)?\}$/)
      .transform((literal) => literal.slice(1, -1).split(",").filter(Boolean).map(Number)),
  ]),
};

/**
 * Rows of `db.execute`, whichever driver answered (node-postgres and PGlite both put them in
 * `rows`), checked against their row schema: a renamed or retyped column fails here, with the
 * column's name, instead of reaching an answer as `undefined`.
 */
export function rowsOf<Schema extends z.ZodType>(schema: Schema, result: unknown): z.output<Schema>[] {
  const rows =
    result && typeof result === "object" && "rows" in result && Array.isArray(result.rows) ? result.rows : [];
  const out: z.output<Schema>[] = new Array(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    const parsed = schema.safeParse(rows[index]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`SQL row ${index} does not match its schema at ${issue?.path.join(".")}: ${issue?.message}`);
    }
    out[index] = parsed.data;
  }
  return out;
}

/**
 * Rows of one table as `RETURNING *` or `SELECT *` answers them (raw SQL), typed and converted from
 * the table's definition as drizzle's own queries convert them (bigint columns to BigInt, timestamps
 * to Date): a column missing from the answer fails here, by name.
 */
export function tableRowsOf<Table extends PgTable>(table: Table, result: unknown): Table["$inferSelect"][] {
  const columns = Object.entries(getTableColumns(table));
  return rowsOf(z.record(z.string(), z.unknown()), result).map((raw, index) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      if (!(column.name in raw)) throw new Error(`SQL row ${index} of ${getTableName(table)} has no ${column.name}`);
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    // Every column of the table is set above, converted as drizzle converts it.
    return row as Table["$inferSelect"];
  });
}

const dialect = new PgDialect();

/** Statement names by SQL text; past the limit a text runs unnamed rather than grow the cache. */
const preparedNames = new Map<string, string>();
const PREPARED_SHAPES = 500;

/**
 * `db.execute(query)` as a named prepared statement: on PostgreSQL each connection parses and plans
 * the text once and then only binds and runs it, which is most of the cost of a short statement that
 * runs on every sale. A statement whose text varies (a CTE more or less) is one prepared statement
 * per shape. Use it for statements on hot paths whose text has few shapes (values always as
 * parameters). PGlite prepares it by name too (db/pglite-prepared.ts), where drizzle's driver would
 * send every statement unnamed.
 */
export function executePrepared(db: Db, name: string, query: SQL): Promise<unknown> {
  const compiled = dialect.sqlToQuery(query);
  let statement = preparedNames.get(compiled.sql);
  if (statement === undefined && preparedNames.size < PREPARED_SHAPES) {
    statement = `${name}_${preparedNames.size}`;
    preparedNames.set(compiled.sql, statement);
  }
  const { session } = db._;
  const client = "client" in session ? session.client : undefined;
  if (statement !== undefined && isRegisteredPglite(client))
    return runPrepared(client, statement, compiled.sql, compiled.params);
  return session.prepareQuery(compiled, undefined, statement, false).execute();
}
