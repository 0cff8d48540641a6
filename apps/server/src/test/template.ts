import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { type Db, openPglite, openPostgres } from "../db/client";
import { users } from "../db/schema/index";
import { seedDatabase } from "../db/seed";
import { TEST_ADMIN, testPasswordHash } from "./test-users";

export { TEST_ADMIN };

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

/**
 * The seed, then the admin's password hashed again at the test cost (test-users.ts): every API test
 * file and every browser-test worker signs in as this admin. The seed hashes with hashPassword,
 * whose production cost lib.test.ts checks.
 */
async function seedForTests(db: Db): Promise<void> {
  await seedDatabase(db, TEST_ADMIN);
  await db
    .update(users)
    .set({ passwordHash: testPasswordHash(TEST_ADMIN.password) })
    .where(eq(users.email, TEST_ADMIN.email));
}

/** PGlite: a migrated, seeded data directory dumped once; each test starts a copy in memory. */
export async function buildPgliteTemplate(): Promise<Blob> {
  const database = await openPglite({});
  await database.migrate();
  await seedForTests(database.db);
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
  await seedForTests(database.db);
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
