import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type PermissionEntry, ROLE, USER_STATUS } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, type Db, openPglite, openPostgres } from "../db/client";
import { accounts, userPermissions, users } from "../db/schema/index";
import { createTokenService, type TokenService } from "../lib/tokens";
import { createDatabaseFromTemplate, dropDatabase, withDatabase } from "./template";
import { TEST_ADMIN, testPasswordHash } from "./test-users";

export { TEST_ADMIN };
export const TEST_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  tokens: TokenService;
  config: Config;
  /** The PostgreSQL URL of this test's database, when running on PostgreSQL. */
  url: string | null;
  close(): Promise<void>;
}

/** A fresh database from the migrated template, and the app on it. PostgreSQL when DATABASE_URL is set. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  let database: Database;
  let dropName: string | null = null;
  if (url) {
    dropName = await createDatabaseFromTemplate(url, inject("postgresTemplate"));
    database = await openPostgres(withDatabase(url, dropName));
  } else {
    const dump = await readFile(inject("pgliteTemplate"));
    database = await openPglite({ loadDataDir: new Blob([dump]) });
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    LOGIN_RATE_LIMIT: "1000",
    // Tests date their books freely from 2000 on; the voucher tests check the default rule.
    BOOKS_START: "2000-01-01",
    DATA_DIR: dataDir,
    ...env,
  });
  const tokens = createTokenService(TEST_SECRET, config.JWT_EXPIRES_IN);
  const app = await buildApp({ config, database, tokens });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    tokens,
    config,
    url: url && dropName ? withDatabase(url, dropName) : null,
    async close() {
      await app.close();
      await database.close();
      if (url && dropName) await dropDatabase(url, dropName);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

export interface TestUserOptions {
  roleId?: number;
  userStatusId?: number;
  permissions?: readonly PermissionEntry[];
  password?: string;
}

/** Inserts a user directly; returns what a test needs to sign in as them. */
export async function createUser(db: Db, options: TestUserOptions = {}) {
  counter += 1;
  const suffix = `${process.pid}${counter}`;
  const password = options.password ?? "Secret@123";
  const [user] = await db
    .insert(users)
    .values({
      userName: `user${suffix}`,
      email: `user${suffix}@test.local`,
      passwordHash: testPasswordHash(password),
      firstName: `USER ${suffix}`,
      roleId: options.roleId ?? ROLE.employee,
      userStatusId: options.userStatusId ?? USER_STATUS.approved,
    })
    .returning({ id: users.id, userName: users.userName, email: users.email });
  if (!user) throw new Error("user not created");
  if (options.permissions?.length) {
    await db.insert(userPermissions).values(
      options.permissions.map((entry) => ({
        userId: user.id,
        permissionsName: entry.name,
        permissionsCatName: entry.cat,
        permissionsSubCatName: entry.sub,
      })),
    );
  }
  return { ...user, password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function loginCargo(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/user_cargo/cargo_login",
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** Id of an account of the default chart by its (upper-case) name. */
export async function accountId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

/** Signs in as the admin and returns the token. */
export const adminToken = (app: FastifyInstance) => loginCargo(app, TEST_ADMIN.email, TEST_ADMIN.password);

/** A multipart body with text fields and one file, for inject(). */
export function multipart(
  fields: Record<string, string | number>,
  file?: { field: string; name: string; content: Buffer | string },
) {
  const boundary = `----cargodesk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
