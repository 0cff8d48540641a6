import { createServer, type Server } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diningTables, halls, kitchenStations, kitchenTickets, printers, printJobs } from "../../db/schema/index";
import { createPrintSender } from "../../lib/print-jobs";
import { escposLines } from "../../test/escpos-text";
import { dish, voidReason } from "../../test/pos-fixtures";
import { addLine, newOrder, ok, supervisorToken, uuid } from "../pos-orders/pos-orders.test-helpers";
import { type KdsTest, startKdsTest } from "./kds.test-support";

let setup: KdsTest["setup"];
let menu: KdsTest["menu"];
let manager: KdsTest["manager"];
let printerId: number;
/** A network printer on a local port that keeps what it is sent. */
let paper: Server;
const received: Buffer[] = [];

beforeAll(async () => {
  ({ setup, menu, manager } = await startKdsTest());
  paper = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("end", () => received.push(Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => paper.listen(0, "127.0.0.1", resolve));
  const port = (paper.address() as { port: number }).port;
  const [printer] = await setup.t.db
    .insert(printers)
    .values({ name: "Grill printer", kind: "network_escpos", host: "127.0.0.1", port, widthChars: 32 })
    .returning({ id: printers.id });
  printerId = printer?.id ?? 0;
  // Grill prints and shows its tickets; Fry only shows them (its default mode).
  await setup.t.db
    .update(kitchenStations)
    .set({ printerId, mode: "both" })
    .where(eq(kitchenStations.id, menu.grill.id));
});
afterAll(async () => {
  await setup.t.close();
  await new Promise<void>((resolve) => paper.close(() => resolve()));
});

const kitchenJobsOf = async (orderId: number) => {
  const rows = await setup.t.db
    .select({ job: printJobs, ticket: kitchenTickets })
    .from(printJobs)
    .innerJoin(kitchenTickets, and(eq(printJobs.refType, "kitchen_ticket"), eq(kitchenTickets.id, printJobs.refId)))
    .where(eq(kitchenTickets.orderId, orderId))
    .orderBy(printJobs.id);
  return rows.map(({ job, ticket }) => ({ ...job, ticket, lines: escposLines(job.payload) }));
};

const itemLines = (lines: readonly string[]) => lines.filter((line) => /^\d+(\.\d+)? x /.test(line));

describe("kitchen tickets printed at fire (design 6.3, Printing)", () => {
  it("queues one kitchen job per ticket of a station in both mode, with its lines; a screen station none", async () => {
    const { api, pos } = setup;
    const [hall] = await setup.t.db
      .insert(halls)
      .values({ outletId: 1, name: `Hall ${uuid().slice(0, 4)}` })
      .returning();
    const [table] = await setup.t.db
      .insert(diningTables)
      .values({ hallId: hall?.id ?? 0, name: "T5", qrToken: uuid() })
      .returning();
    const order = await ok(
      newOrder(
        api,
        pos.counterId,
        [
          addLine(menu.burger.variantId, 2, { note: "no onions" }),
          addLine(menu.fries.variantId, 2),
          addLine(menu.cola.variantId),
          { opUuid: uuid(), kind: "fire" },
        ],
        { orderType: "dine_in", tableId: table?.id, guests: 2 },
      ),
    );
    const tickets = await setup.t.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, order.id));
    expect(tickets).toHaveLength(2);
    const jobs = await kitchenJobsOf(order.id);
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job).toMatchObject({ printerId, kind: "kitchen", status: "queued", attempts: 0 });
    expect(job?.ticket).toMatchObject({ stationId: menu.grill.id, kind: "new" });
    const lines = job?.lines ?? [];
    expect(lines[0]).toBe(menu.grill.name);
    expect(lines[1]).toBe("*** NEW ***");
    expect(lines.find((line) => line.startsWith("Token"))).toMatch(new RegExp(` ${order.token}$`));
    expect(lines.find((line) => line.startsWith("Order"))).toMatch(/Dine-in T5$/);
    expect(lines.find((line) => line.startsWith("Waiter"))).toBeDefined();
    expect(lines.find((line) => line.startsWith("Time"))).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(itemLines(lines)).toEqual([expect.stringMatching(/^2 x Burger/)]);
    expect(lines).toContain("Note: no onions");
    expect(lines.join("\n")).not.toContain("Fries");
    expect(lines.join("\n")).not.toContain("Cola");

    // The sender sends those bytes to the printer's port.
    const sender = createPrintSender(setup.t.db, { backoffMs: [0] });
    await sender.runOnce();
    const [sent] = await setup.t.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.id, job?.id ?? 0));
    expect(sent?.status).toBe("sent");
    await expect.poll(() => received.some((bytes) => Buffer.from(job?.payload ?? []).equals(bytes))).toBe(true);
  });

  it("an addition prints a second job with only the new line, a void after firing a VOID job", async () => {
    const { api, pos } = setup;
    const order = await ok(
      newOrder(api, pos.counterId, [
        addLine(menu.burger.variantId),
        addLine(menu.fries.variantId),
        { opUuid: uuid(), kind: "fire" },
      ]),
    );
    const more = await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: order.version,
        ops: [addLine(menu.burger.variantId, 3, { course: 2 }), { opUuid: uuid(), kind: "fire" }],
      }),
    );
    const jobs = await kitchenJobsOf(order.id);
    expect(jobs.map((job) => job.ticket.kind)).toEqual(["new", "addition"]);
    const addition = jobs[1]?.lines ?? [];
    expect(addition[1]).toBe("*** ADDITION ***");
    expect(itemLines(addition)).toEqual([expect.stringMatching(/^3 x Burger/)]);
    expect(addition).toContain("-- Course 2 --");

    const burger = more.lines.find((line) => line.variantId === menu.burger.variantId && line.qty === 3);
    const approval = await supervisorToken(api, manager, "void_after_fire");
    await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: more.version,
        ops: [
          {
            opUuid: uuid(),
            kind: "void_line",
            lineUuid: burger?.lineUuid,
            reasonId: await voidReason(setup.t.db, false),
            supervisorToken: approval,
          },
        ],
      }),
    );
    const after = await kitchenJobsOf(order.id);
    expect(after.map((job) => job.ticket.kind)).toEqual(["new", "addition", "void"]);
    const voided = after[2]?.lines ?? [];
    expect(voided[1]).toBe("*** VOID ***");
    expect(itemLines(voided)).toEqual([expect.stringMatching(/^3 x Burger/)]);
  });

  it("a station in print mode with a browser printer, or a screen station, queues nothing", async () => {
    const { api, pos } = setup;
    const [browser] = await setup.t.db
      .insert(printers)
      .values({ name: "Fry browser printer", kind: "browser" })
      .returning({ id: printers.id });
    await setup.t.db
      .update(kitchenStations)
      .set({ printerId: browser?.id ?? null, mode: "print" })
      .where(eq(kitchenStations.id, menu.fry.id));
    try {
      const order = await ok(
        newOrder(api, pos.counterId, [addLine(menu.fries.variantId), { opUuid: uuid(), kind: "fire" }]),
      );
      expect(await setup.t.db.$count(kitchenTickets, eq(kitchenTickets.orderId, order.id))).toBe(1);
      expect(await kitchenJobsOf(order.id)).toEqual([]);
    } finally {
      await setup.t.db
        .update(kitchenStations)
        .set({ printerId: null, mode: "display" })
        .where(eq(kitchenStations.id, menu.fry.id));
    }
  });

  it("a fire whose transaction rolls back queues nothing", async () => {
    const { api, pos, t } = setup;
    // A station of its own, whose tickets the database refuses at commit: the fire's tickets and print
    // jobs are written, then the whole transaction rolls back.
    const [tandoor] = await t.db
      .insert(kitchenStations)
      .values({ outletId: 1, name: `Tandoor ${uuid().slice(0, 6)}`, printerId, mode: "print" })
      .returning();
    const naan = await dish(t, {
      name: `Naan ${uuid().slice(0, 6)}`,
      priceMinor: 5_000n,
      taxClassId: pos.foodTaxId,
      stationId: tandoor?.id ?? 0,
    });
    const stationId = tandoor?.id ?? 0;
    await t.db.execute(sql`CREATE FUNCTION refuse_tandoor_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'tandoor tickets refused'; END $$`);
    await t.db.execute(sql`CREATE CONSTRAINT TRIGGER refuse_tandoor AFTER INSERT ON kitchen_tickets
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.station_id = ${sql.raw(String(stationId))})
      EXECUTE FUNCTION refuse_tandoor_ticket()`);
    try {
      const jobs = await t.db.$count(printJobs);
      const tickets = await t.db.$count(kitchenTickets);
      const answer = await newOrder(api, pos.counterId, [addLine(naan.variantId), { opUuid: uuid(), kind: "fire" }]);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(await t.db.$count(printJobs)).toBe(jobs);
      expect(await t.db.$count(kitchenTickets)).toBe(tickets);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_tandoor ON kitchen_tickets`);
      await t.db.execute(sql`DROP FUNCTION refuse_tandoor_ticket()`);
    }
    // Without the refusal the same fire prints.
    const order = await ok(newOrder(api, pos.counterId, [addLine(naan.variantId), { opUuid: uuid(), kind: "fire" }]));
    expect((await kitchenJobsOf(order.id)).map((job) => job.ticket.stationId)).toEqual([stationId]);
  });
});
