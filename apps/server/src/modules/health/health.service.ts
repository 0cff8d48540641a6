import { readFileSync } from "node:fs";
import path from "node:path";
import type { Readiness } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, MIGRATIONS_DIR } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";

/** A database that does not answer a one-row query in this time is treated as unreachable. */
export const READY_QUERY_TIMEOUT_MS = 2_000;

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })).min(1) });

/** The newest migration this build carries; drizzle records its `when` as `created_at` once applied. */
export function latestMigration(dir: string = MIGRATIONS_DIR): { tag: string; when: number } {
  const journal = journalSchema.parse(JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")));
  return journal.entries.reduce((latest, entry) => (entry.when > latest.when ? entry : latest));
}

export interface ReadinessDeps {
  db: Db;
  dbKind: Readiness["database"];
  /** True from SIGTERM or SIGINT until the process exits (main.ts). */
  draining: () => boolean;
  /** Defaults to READY_QUERY_TIMEOUT_MS; tests shorten it. */
  timeoutMs?: number;
}

const existsRow = z.object({ exists: col.bool });
const appliedRow = z.object({ applied: col.bool });

/** Whether drizzle's journal table records the migration of `when` (a database never migrated has no table). */
async function migrationApplied(db: Db, when: number): Promise<boolean> {
  const [table] = rowsOf(
    existsRow,
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`),
  );
  if (!table?.exists) return false;
  const [row] = rowsOf(
    appliedRow,
    await db.execute(
      sql`select coalesce(max(created_at) >= ${when}, false) as applied from drizzle.__drizzle_migrations`,
    ),
  );
  return row?.applied === true;
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether this server should be sent requests, and if not, why (GET /api/ready). */
export function readinessCheck(deps: ReadinessDeps): () => Promise<Readiness> {
  const latest = latestMigration();
  const answer = (reason: string | null): Readiness => ({
    status: reason === null ? "ready" : "not_ready",
    reason,
    database: deps.dbKind,
    migration: latest.tag,
  });
  return async () => {
    if (deps.draining()) return answer("shutting down: finishing the requests in flight");
    try {
      const applied = await withinTime(
        migrationApplied(deps.db, latest.when),
        deps.timeoutMs ?? READY_QUERY_TIMEOUT_MS,
      );
      return answer(applied ? null : `migrations pending: the database does not have ${latest.tag} yet`);
    } catch (error) {
      return answer(`database unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}
