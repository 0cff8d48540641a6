import type { CounterSession } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../lib/context";
import { personName } from "../../lib/person-name";
import { col, rowsOf } from "../../lib/sql";
import { OUTLET_ID } from "../outlet-settings/index";

/**
 * The register's read of its counter: the open session and the open day's date, without the
 * books, floats and expected cash that Day Open shows a manager (a cashier counts blind).
 */
export async function counterSession(ctx: Ctx, counterId: number): Promise<CounterSession> {
  const [row] = rowsOf(
    z.object({
      business_date: col.date,
      session_id: col.int.nullable(),
      day_id: col.int,
      cashier_id: col.int.nullable(),
      cashier_name: z.string().nullable(),
      opened_at: col.timestamp.nullable(),
    }),
    await ctx.db.execute(sql`
      select d.business_date::text as business_date, d.id as day_id, s.id as session_id, s.cashier_id,
        ${personName} as cashier_name, s.opened_at::text as opened_at
      from business_days d
      left join pos_sessions s on s.business_day_id = d.id and s.counter_id = ${counterId} and s.status = 'open' and not s.rescue
      left join users on users.id = s.cashier_id
      where d.outlet_id = ${OUTLET_ID} and d.status = 'open'
      limit 1`),
  );
  if (!row) return { session: null, businessDate: null };
  return {
    businessDate: row.business_date,
    session:
      row.session_id === null || row.cashier_id === null || row.opened_at === null
        ? null
        : {
            id: row.session_id,
            dayId: row.day_id,
            businessDate: row.business_date,
            counterId,
            cashier: { id: row.cashier_id, name: row.cashier_name ?? "" },
            openedAt: new Date(row.opened_at).toISOString(),
          },
  };
}
