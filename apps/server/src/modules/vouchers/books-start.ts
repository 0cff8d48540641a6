import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";
import { fiscalYearStart, todayIn } from "../../lib/dates";

/**
 * The first day of the company's first fiscal year; no voucher may be dated before it. It is the
 * start of the fiscal year holding BOOKS_START, or without it the start of the fiscal year before
 * the one in which the database was set up (the first user's creation day in APP_TZ), which leaves
 * room for the previous year's closing entries.
 */
export async function firstFiscalYearStart(
  db: Db,
  config: Pick<Config, "BOOKS_START" | "FISCAL_YEAR_START" | "APP_TZ">,
): Promise<string> {
  if (config.BOOKS_START) return fiscalYearStart(config.BOOKS_START, config.FISCAL_YEAR_START);
  const [first] = await db.select({ at: sql`min(${users.createdAt})`.mapWith(users.createdAt) }).from(users);
  const setUp = todayIn(config.APP_TZ, first?.at ?? new Date());
  const current = fiscalYearStart(setUp, config.FISCAL_YEAR_START);
  return `${Number(current.slice(0, 4)) - 1}${current.slice(4)}`;
}
