import { randomUUID } from "node:crypto";
import type { PosFloor, PosOrder } from "@cargodesk/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { diningTables, halls, kdsEvents, kitchenTickets, posOrderOps, posOrders } from "../../db/schema/index";
import { adminToken } from "../../test/harness";
import { setOutlet } from "../../test/pos-fixtures";
import { startKdsTest } from "../kds/kds.test-support";
import { type Api, addLine, newOrder, ok, uuid } from "../pos-orders/pos-orders.test-helpers";

/**
 * A Table Order test's app: the KDS test's app (listening, Grill and Fry with a burger and fries, a
 * cola not sent to the kitchen), a 10% dine-in service charge, a hall with tables T5, T7 and T9,
 * and helpers to seat a fired check on a table and read what the kitchen holds.
 */
export async function startTableTest() {
  const kds = await startKdsTest();
  const { t } = kds.setup;
  await setOutlet(t.db, { serviceChargeBp: 1000, serviceChargeTypes: 1, cashRoundingMinor: 0 });
  const [hall] = await t.db
    .insert(halls)
    .values({ outletId: 1, name: `Hall ${randomUUID().slice(0, 6)}` })
    .returning();
  if (!hall) throw new Error("hall not inserted");
  const rows = await t.db
    .insert(diningTables)
    .values(["T5", "T7", "T9"].map((name) => ({ hallId: hall.id, name, qrToken: randomUUID() })))
    .returning();
  const table = (name: string) => {
    const row = rows.find((candidate) => candidate.name === name);
    if (!row) throw new Error(`no table ${name}`);
    return row;
  };
  const api = kds.setup.api;
  const admin = await adminToken(t.app);

  /** A dine-in check on the table with 3 burgers (Grill), 2 fries (Fry) and a cola, all fired. */
  const seat = (tableName: string, guests = 2): Promise<PosOrder> =>
    ok(
      newOrder(
        api,
        kds.setup.pos.counterId,
        [
          addLine(kds.menu.burger.variantId, 3),
          addLine(kds.menu.fries.variantId, 2),
          addLine(kds.menu.cola.variantId, 1),
          { opUuid: uuid(), kind: "fire" },
        ],
        { orderType: "dine_in", tableId: table(tableName).id, guests },
      ),
    );

  const ticketsOf = (orderIds: number[]) =>
    t.db.select().from(kitchenTickets).where(inArray(kitchenTickets.orderId, orderIds));
  const eventsAfter = (id: number) =>
    t.db.select().from(kdsEvents).where(sql`${kdsEvents.id} > ${id}`).orderBy(kdsEvents.id);
  /** The events this module writes (other writers, such as triggers on orders, are left out). */
  const movesAfter = async (id: number) =>
    (await eventsAfter(id)).filter((event) => event.kind === "order_moved" || event.kind === "table_status");
  const lastEventId = async () =>
    Number((await t.db.select({ id: sql<number>`coalesce(max(${kdsEvents.id}), 0)` }).from(kdsEvents))[0]?.id ?? 0);
  const orderRow = async (id: number) => {
    const [row] = await t.db.select().from(posOrders).where(eq(posOrders.id, id));
    if (!row) throw new Error(`no order ${id}`);
    return row;
  };
  const opsOf = (id: number) => t.db.select().from(posOrderOps).where(eq(posOrderOps.orderId, id));
  const floor = async (who: Api = api) => {
    const response = await who("GET", `/api/pos/floor?hallId=${hall.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PosFloor>();
  };
  return {
    ...kds,
    api,
    admin,
    hall,
    table,
    seat,
    ticketsOf,
    eventsAfter,
    movesAfter,
    lastEventId,
    orderRow,
    opsOf,
    floor,
  };
}
export type TableTest = Awaited<ReturnType<typeof startTableTest>>;

/** A request with a body through the app (the order helpers' Api sends GET and POST only). */
export const send = (tt: TableTest, method: "PUT" | "POST", url: string, payload: object, token?: string | null) =>
  tt.setup.t.app.inject({
    method,
    url,
    payload,
    headers: token === null ? {} : { authorization: `Bearer ${token ?? tt.admin}` },
  });
