import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres } from "../db/client";
import { seedDatabase } from "../db/seed";

export const TEST_ADMIN = { userName: "admin", email: "admin@test.local", password: "Admin@12345" } as const;

/** A database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** PGlite: a migrated, seeded data directory dumped once; each test starts a copy in memory. */
export async function buildPgliteTemplate(): Promise<Blob> {
  const database = await openPglite({});
  await database.migrate();
  await seedDatabase(database.db, TEST_ADMIN);
  if (!database.dumpDataDir) throw new Error("PGlite database cannot dump its data directory");
  const dump = await database.dumpDataDir();
  await database.close();
  return dump;
}

/** PostgreSQL: a migrated, seeded template database; each test file copies it with CREATE DATABASE ... TEMPLATE. */
export async function buildPostgresTemplate(url: string): Promise<string> {
  const name = `cargodesk_tpl_${randomBytes(4).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const database = await openPostgres(withDatabase(url, name));
  await database.migrate();
  await seedDatabase(database.db, TEST_ADMIN);
  await database.close();
  return name;
}

export async function createDatabaseFromTemplate(url: string, template: string): Promise<string> {
  const name = `cargodesk_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return name;
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
