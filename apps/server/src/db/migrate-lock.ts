import type pg from "pg";

/** The advisory lock key the migrations run under ("cdmg"): the same on every CargoDesk server. */
export const MIGRATION_LOCK = 0x63646d67;

/**
 * Runs `migrate` while holding a session advisory lock on a connection of its own, so app servers
 * starting together on one PostgreSQL database migrate one after the other: the first applies
 * what is missing, the others wait, then find nothing left to do. The lock is released after, and
 * with the connection if the process dies.
 */
export async function underMigrationLock<T>(pool: pg.Pool, migrate: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      return await migrate();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
