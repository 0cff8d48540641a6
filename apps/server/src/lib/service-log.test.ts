import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { serviceLog } from "./service-log";

/** A pino logger writing into an array, one parsed JSON object per line. */
function captured(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { lines, log: serviceLog(logger.child({ reqId: "req-1" })) };
}

describe("serviceLog", () => {
  it("writes one structured info line per domain event: its name, its fields, the logger's bindings", () => {
    const { lines, log } = captured();
    log.event("voucher.approved", { voucherId: 41, number: "JV-2026-00007", by: 3 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: "req-1",
      msg: "voucher.approved",
      event: "voucher.approved",
      voucherId: 41,
      number: "JV-2026-00007",
      by: 3,
    });
  });

  it("keeps list fields as lists and writes nothing below the logger's level", () => {
    const quiet = captured("warn");
    quiet.log.event("backup.made", { file: "cargodesk-2026-11-24T00-00-00Z.tar.gz", bytes: 10, by: 1 });
    expect(quiet.lines).toEqual([]);
    const { lines, log } = captured();
    log.event("user.privileges_changed", { userId: 9, granted: ["Country|Country View"], revoked: [], by: 1 });
    expect(lines[0]).toMatchObject({
      event: "user.privileges_changed",
      granted: ["Country|Country View"],
      revoked: [],
    });
  });
});
