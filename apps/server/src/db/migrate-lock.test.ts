import { randomBytes } from "node:crypto";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase, TEST_ADMIN, withDatabase } from "../test/template";
import { type Database, MIGRATIONS_DIR, openPostgres } from "./client";
import * as schema from "./schema/index";
import { seedDatabase } from "./seed";
import { isoCountries } from "./seed-data";

const server = process.env.DATABASE_URL;

describe.runIf(server)("migrations and seeding on PostgreSQL", () => {
  const name = `cargodesk_migrate_${randomBytes(5).toString("hex")}`;
  const opened: Database[] = [];
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    if (server) await dropDatabase(server, name);
  });

  it("run one at a time when servers start together on a fresh database, each applied once", {
    timeout: 120_000,
  }, async () => {
    const url = withDatabase(server ?? "", name);
    for (let i = 0; i < 3; i += 1) opened.push(await openPostgres(url));
    await Promise.all(opened.map((database) => database.migrate()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string }>("SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id");
      expect(applied.rows.map((row) => row.hash)).toEqual(
        readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((migration) => migration.hash),
      );
      // pg_locks spans the cluster: other test files' advisory locks are on their own databases.
      const locks = await client.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(locks.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  // No lock of its own: the first insert of seeded rows makes a second seeding wait for the first to commit.
  it("seed at once too: one admin, the seeded rows once", { timeout: 120_000 }, async () => {
    const created = await Promise.all(opened.map((database) => seedDatabase(database.db, TEST_ADMIN)));
    expect(created.filter(Boolean)).toHaveLength(1);
    const countries = await opened[0]?.db.$count(schema.countries);
    expect(countries).toBe(isoCountries().length);
    expect(await Promise.all(opened.map((database) => seedDatabase(database.db, TEST_ADMIN)))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
