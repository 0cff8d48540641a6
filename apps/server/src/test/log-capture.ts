import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { TestApp } from "./harness";

/** A second app on the test's database that logs at info into memory, for tests of domain events. */
export async function appWithLogCapture(t: TestApp): Promise<{
  app: FastifyInstance;
  /** The lines logged so far with this event name. */
  events(name: string): Record<string, unknown>[];
}> {
  const lines: Record<string, unknown>[] = [];
  const app = await buildApp({
    config: { ...t.config, LOG_LEVEL: "info" },
    database: t.database,
    tokens: t.tokens,
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  await app.ready();
  return { app, events: (name) => lines.filter((line) => line.event === name) };
}
