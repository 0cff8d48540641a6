import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import {
  businessDays,
  menuCategories,
  outlets,
  posSessions,
  products,
  productVariants,
  recipeLines,
  recipes,
  units,
  users,
  voidReasons,
} from "../db/schema/index";
import { todayIn } from "../lib/dates";
import { col, rowsOf } from "../lib/sql";
import { TEST_ADMIN, type TestApp } from "./harness";
import { menuItem } from "./menu-item";

/**
 * The register's setting for order tests: the seeded counter A01, Cash and Card, the Food tax class
 * (16%, 5% by card) and the Kitchen station, an open business day and an open session for A01
 * (inserted directly, as Day Open would make them), and void reasons of the test's own.
 */
export interface PosSetup {
  counterId: number;
  cashId: number;
  cardId: number;
  foodTaxId: number;
  stationId: number;
  dayId: number;
  businessDate: string;
  sessionId: number;
}

async function idOf<T extends { id: number }>(rows: Promise<T[]>, what: string): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error(`no ${what}`);
  return row.id;
}

/** The outlet's open day (made when none is open) and an open session for the counter. */
export async function openSession(db: Db, counterId: number, businessDate: string) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.userName, TEST_ADMIN.userName));
  if (!admin) throw new Error("no admin");
  const [open] = await db.select().from(businessDays).where(eq(businessDays.status, "open"));
  const day =
    open ?? (await db.insert(businessDays).values({ outletId: 1, businessDate, openedBy: admin.id }).returning())[0];
  if (!day) throw new Error("no business day");
  const [session] = await db
    .select({ id: posSessions.id })
    .from(posSessions)
    .where(and(eq(posSessions.counterId, counterId), eq(posSessions.status, "open")));
  const sessionId =
    session?.id ??
    (await idOf(
      db
        .insert(posSessions)
        .values({ businessDayId: day.id, counterId, cashierId: admin.id, openedBy: admin.id })
        .returning({ id: posSessions.id }),
      "session",
    ));
  return { dayId: day.id, businessDate: day.businessDate, sessionId };
}

/** Closes the open day and its sessions, as Day Close leaves them. */
export async function closeDay(db: Db, dayId: number): Promise<void> {
  await db
    .update(posSessions)
    .set({ status: "closed", closedAt: sql`now()` })
    .where(eq(posSessions.businessDayId, dayId));
  await db.update(businessDays).set({ status: "closed", closedAt: sql`now()` }).where(eq(businessDays.id, dayId));
}

export async function posSetup(t: TestApp): Promise<PosSetup> {
  const seeded = await t.db.execute(sql`
    SELECT (SELECT id FROM pos_counters WHERE code = 'A01') AS counter_id,
           (SELECT min(id) FROM payment_methods WHERE kind = 'cash') AS cash_id,
           (SELECT min(id) FROM payment_methods WHERE kind = 'card') AS card_id,
           (SELECT id FROM tax_classes WHERE name = 'Food') AS food_tax_id,
           (SELECT min(id) FROM kitchen_stations WHERE name = 'Kitchen') AS station_id`);
  const [row] = rowsOf(
    z.object({ counter_id: col.int, cash_id: col.int, card_id: col.int, food_tax_id: col.int, station_id: col.int }),
    seeded,
  );
  if (!row) throw new Error("the seeded register is missing");
  const {
    counter_id: counterId,
    cash_id: cashId,
    card_id: cardId,
    food_tax_id: foodTaxId,
    station_id: stationId,
  } = row;
  const session = await openSession(t.db, counterId, todayIn(t.config.APP_TZ));
  return { counterId, cashId, cardId, foodTaxId, stationId, ...session };
}

/** The outlet's POS settings for a test (the negative-stock policy, take-away firing, thresholds, rounding). */
export async function setOutlet(db: Db, values: Partial<typeof outlets.$inferInsert>): Promise<void> {
  await db.update(outlets).set(values).where(eq(outlets.id, 1));
}

let reasons = 0;
export async function voidReason(db: Db, isWaste: boolean, needsSupervisor = false): Promise<number> {
  reasons += 1;
  return idOf(
    db
      .insert(voidReasons)
      .values({ name: `${isWaste ? "Waste" : "Mistake"} ${process.pid}-${reasons}`, isWaste, needsSupervisor })
      .returning({ id: voidReasons.id }),
    "void reason",
  );
}

/**
 * A dish on the POS: one variant at `priceMinor`, taxed by `taxClassId`, sent to `stationId`, with
 * a recipe of these store products (kg per portion) or sold as it is (direct: one product x a factor).
 */
export async function dish(
  t: TestApp,
  options: {
    name: string;
    priceMinor: bigint;
    taxClassId: number;
    stationId?: number | null;
    recipe?: readonly { storeProductId: number; qtyMicro: bigint }[];
    direct?: { storeProductId: number; qtyMicro: bigint };
    sizeName?: string;
  },
) {
  const item = await menuItem(t, options.name, options.priceMinor, null, true);
  const track = options.recipe ? "recipe" : options.direct ? "direct" : "none";
  await t.db
    .update(products)
    .set({ taxClassId: options.taxClassId, track, name: options.name, stationId: options.stationId ?? null })
    .where(eq(products.id, item.productId));
  if (options.sizeName) {
    const result = await t.db.execute(sql`
      INSERT INTO sizes (name) VALUES (${options.sizeName})
      ON CONFLICT (lower(name)) DO UPDATE SET name = excluded.name RETURNING id`);
    const [size] = rowsOf(z.object({ id: col.int }), result);
    await t.db
      .update(productVariants)
      .set({ sizeId: size?.id ?? null })
      .where(eq(productVariants.id, item.variantId));
  }
  if (options.direct)
    await t.db
      .update(productVariants)
      .set({ directStoreProductId: options.direct.storeProductId, directQtyMicro: options.direct.qtyMicro })
      .where(eq(productVariants.id, item.variantId));
  if (options.recipe) {
    const [kg] = await t.db.select({ id: units.uomId }).from(units).where(eq(units.uomName, "KG"));
    const recipeId = await idOf(
      t.db.insert(recipes).values({ variantId: item.variantId, version: 1 }).returning({ id: recipes.id }),
      "recipe",
    );
    await t.db.insert(recipeLines).values(
      options.recipe.map((line, index) => ({
        recipeId,
        lineNo: index + 1,
        storeProductId: line.storeProductId,
        uomId: kg?.id ?? 1,
        qtyEntered: String(Number(line.qtyMicro) / 1_000_000),
        qtyMicro: line.qtyMicro,
      })),
    );
  }
  return item;
}

/** A category (for a test that needs one not sent to the kitchen). */
export async function setCategory(db: Db, categoryId: number, values: Partial<typeof menuCategories.$inferInsert>) {
  await db.update(menuCategories).set(values).where(eq(menuCategories.id, categoryId));
}
