import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessDays, posCounters, posSessions } from "../../db/schema/index";

/** The seeded counter A01 (seed-restaurant.ts). */
export async function seededCounter(db: Db) {
  const [counter] = await db.select().from(posCounters).where(eq(posCounters.code, "A01"));
  if (!counter) throw new Error("counter A01 is not seeded");
  return counter;
}

/** Opens the outlet's business day (when none is open) and a session on the counter, as Day Open does. */
export async function openSession(db: Db, counterId: number, cashierId: number, businessDate = "2026-11-24") {
  const [open] = await db
    .select({ id: businessDays.id })
    .from(businessDays)
    .where(and(eq(businessDays.outletId, 1), eq(businessDays.status, "open")));
  const day =
    open ?? (await db.insert(businessDays).values({ outletId: 1, businessDate, openedBy: cashierId }).returning())[0];
  if (!day) throw new Error("business day not opened");
  const [session] = await db
    .insert(posSessions)
    .values({ businessDayId: day.id, counterId, cashierId, openingFloatMinor: 500_000n, openedBy: cashierId })
    .returning();
  if (!session) throw new Error("session not opened");
  return { dayId: day.id, sessionId: session.id };
}
