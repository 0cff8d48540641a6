import { type SQL, sql } from "drizzle-orm";

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

/** Rows of `db.execute`, whichever driver answered (node-postgres and PGlite both put them in `rows`). */
export function rowsOf<Row>(result: unknown): Row[] {
  if (result && typeof result === "object" && "rows" in result && Array.isArray(result.rows)) return result.rows;
  return [];
}
