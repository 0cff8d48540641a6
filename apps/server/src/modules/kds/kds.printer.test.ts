import { createServer } from "node:net";
import { PRINT_JOB_ATTEMPTS } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenStations, printers, printJobs } from "../../db/schema/index";
import { createPrintSender, queuePrintJob } from "../../lib/print-jobs";
import { type KdsTest, openStream, startKdsTest } from "./kds.test-support";

let setup: KdsTest["setup"];
let menu: KdsTest["menu"];
let cookToken: string;
let base: string;

beforeAll(async () => {
  ({ setup, menu, cookToken, base } = await startKdsTest());
});
afterAll(async () => {
  await setup.t.close();
});

describe("a failed kitchen printer (WP4 API acceptance 8)", () => {
  it("fails a job to a closed port after 3 tries and sends printer_failed to the screens", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const deadPort = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const [printer] = await setup.t.db
      .insert(printers)
      .values({ name: "Grill printer", kind: "network_escpos", host: "127.0.0.1", port: deadPort })
      .returning({ id: printers.id });
    const printerId = printer?.id ?? 0;
    await setup.t.db
      .update(kitchenStations)
      .set({ printerId, mode: "both" })
      .where(eq(kitchenStations.id, menu.grill.id));
    const grill = await openStream(base, cookToken, `?stationId=${menu.grill.id}`);
    await grill.waitFor(1, ["hello"]);
    const id = await queuePrintJob(setup.t.db, { printerId, kind: "kitchen", payload: Buffer.from("ticket") });
    const sender = createPrintSender(setup.t.db, { backoffMs: [0] });
    expect(await sender.runOnce()).toBe(PRINT_JOB_ATTEMPTS);
    const [job] = await setup.t.db.select().from(printJobs).where(eq(printJobs.id, id));
    expect(job).toMatchObject({ status: "failed", attempts: 3 });
    const [failed] = await grill.waitFor(1, ["printer_failed"]);
    expect(failed?.data).toMatchObject({
      stationId: menu.grill.id,
      payload: { jobId: id, printerId, printer: "Grill printer" },
    });
    await grill.close();
  });
});
