import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATIONS_DIR } from "../../db/client";
import type { MigrationRecord, Sql } from "./sql";

type Migration = ReturnType<typeof readMigrationFiles>[number];

/**
 * The local migrations that rebuild the schema a backup was taken with: exactly the ones it
 * recorded, in order. Throws when the backup names one this CargoDesk does not have (a backup of
 * a newer version) or has it with other contents. The server's own start applies any newer ones.
 */
export function migrationsFor(recorded: readonly MigrationRecord[]): Migration[] {
  const local = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  return recorded.map((record) => {
    const match = local.find((migration) => String(migration.folderMillis) === record.createdAt);
    if (!match) {
      throw new Error(
        `The backup was made by a newer CargoDesk (its schema has migration ${record.createdAt}, which this copy lacks). Update CargoDesk, then restore.`,
      );
    }
    if (match.hash !== record.hash) {
      throw new Error(
        `Migration ${record.createdAt} of the backup differs from this copy's; restore with the same version.`,
      );
    }
    return match;
  });
}

/** Builds the schema: drizzle's migrations table (empty; the backup's rows fill it) and each migration's statements. */
export async function applyMigrations(db: Sql, migrations: readonly Migration[]): Promise<void> {
  // The same table drizzle's migrator creates, so the server's next start sees what was applied.
  await db.exec("CREATE SCHEMA IF NOT EXISTS drizzle");
  await db.exec(
    "CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)",
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) {
      if (statement.trim() !== "") await db.exec(statement);
    }
  }
}
