import { createServer, type Server } from "node:net";
import { PRINT_JOB_ATTEMPTS } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kdsEvents, printers, printJobs } from "../db/schema/index";
import { createTestApp, type TestApp } from "../test/harness";
import { createPrintSender, queuePrintJob } from "./print-jobs";

let t: TestApp;
let listener: Server;
let livePort: number;
let deadPort: number;
const received: Buffer[] = [];

async function printer(name: string, port: number, kind = "network_escpos") {
  const [row] = await t.db
    .insert(printers)
    .values({ name, kind, host: "127.0.0.1", port })
    .returning({ id: printers.id });
  if (!row) throw new Error("printer not inserted");
  return row.id;
}

const jobRow = async (id: number) => (await t.db.select().from(printJobs).where(eq(printJobs.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  listener = createServer((socket) => socket.on("data", (chunk) => received.push(chunk)));
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  livePort = (listener.address() as { port: number }).port;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  deadPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await t.close();
});

describe("the print queue", () => {
  it("sends a queued job to host:port byte-exact and marks it sent", async () => {
    const payload = Buffer.from(Array.from({ length: 1024 }, (_, index) => index % 256));
    const printerId = await printer("Grill", livePort);
    const id = await t.db.transaction((tx) =>
      queuePrintJob(tx, { printerId, kind: "kitchen", refType: "kitchen_ticket", refId: 9, payload }),
    );
    expect((await jobRow(id))?.status).toBe("queued");
    expect(await createPrintSender(t.db).runOnce()).toBe(1);
    await expect.poll(() => Buffer.concat(received).length).toBe(payload.length);
    expect(Buffer.concat(received).equals(payload)).toBe(true);
    expect(await jobRow(id)).toMatchObject({
      status: "sent",
      attempts: 1,
      lastError: null,
      refType: "kitchen_ticket",
      refId: 9,
    });
    expect((await jobRow(id))?.sentAt).toBeInstanceOf(Date);
  });

  it(`ends a job to a dead port failed after ${PRINT_JOB_ATTEMPTS} tries with the reason, waiting between tries`, async () => {
    const printerId = await printer("Unplugged", deadPort);
    const id = await queuePrintJob(t.db, { printerId, kind: "receipt", payload: Buffer.from("x") });
    const sender = createPrintSender(t.db, { backoffMs: [60_000] });
    expect(await sender.runOnce()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "queued", attempts: 1 });
    expect((await jobRow(id))?.lastError).toContain(`127.0.0.1:${deadPort} cannot be reached`);
    // Waiting out its backoff: nothing is due.
    expect(await sender.runOnce()).toBe(0);

    // A sender that started with the app tries again once the wait is over, until the last try.
    await t.db
      .update(printJobs)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(printJobs.id, id));
    const running = createPrintSender(t.db, { backoffMs: [0], pollMs: 20 });
    running.start();
    await expect.poll(async () => (await jobRow(id))?.status, { timeout: 5_000 }).toBe("failed");
    await running.stop();
    expect(await jobRow(id)).toMatchObject({ attempts: PRINT_JOB_ATTEMPTS, sentAt: null });
    // The KDS hears that the printer failed (once, when the job gives up).
    const events = await t.db.select().from(kdsEvents).where(eq(kdsEvents.kind, "printer_failed"));
    expect(events).toEqual([
      expect.objectContaining({
        stationId: null,
        payload: expect.objectContaining({ jobId: id, printerId, printer: "Unplugged" }),
      }),
    ]);
  });

  it("fails a job whose printer is a browser printer, without trying a connection", async () => {
    const printerId = await printer("Browser only", livePort, "browser");
    const id = await queuePrintJob(t.db, { printerId, kind: "bill", payload: Buffer.from("y") });
    await createPrintSender(t.db, { backoffMs: [0] }).runOnce();
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: PRINT_JOB_ATTEMPTS });
    expect((await jobRow(id))?.lastError).toContain("is not an active network printer");
  });
});
