import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { z } from "zod";
import { buildApp } from "../../app";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { appSecrets } from "../../db/schema/index";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { accountId, adminToken, bearer, createTestApp, multipart, type TestApp } from "../../test/harness";

export interface BackupTestApp {
  t: TestApp;
  /** The app with DATABASE_URL in its config, as main.ts builds it, so PostgreSQL backups can run pg_dump. */
  app: FastifyInstance;
  config: Config;
  token: string;
  close(): Promise<void>;
}

export async function createBackupTestApp(): Promise<BackupTestApp> {
  const t = await createTestApp();
  const config: Config = { ...t.config, DATABASE_URL: t.url ?? undefined };
  const app = await buildApp({ config, database: t.database, tokens: t.tokens });
  await app.ready();
  return {
    t,
    app,
    config,
    token: await adminToken(app),
    async close() {
      await app.close();
      await t.close();
    },
  };
}

/** A PNG by its signature, with random bytes after it: distinct content each time. */
export const pngBytes = (): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);

export interface Sample {
  image: { name: string; bytes: Buffer };
  /** The company logo (a stored file the profile names). */
  logo: Buffer;
  rateSheet: { id: number; key: string; bytes: Buffer };
  /** The generated signing secret, which must stay out of backups. */
  secret: string;
}

export const SAMPLE_RATES = path.resolve(import.meta.dirname, "../../../../../docs/samples/rates-pack.csv");

/**
 * Business data to back up: an approved cash payment (so the ledger has entries), an uploaded
 * image, the company logo and a rate sheet (files in the database), and the generated signing
 * secret (which must stay out).
 */
export async function seedSample(env: BackupTestApp): Promise<Sample> {
  const { app, token, t, config } = env;
  const today = todayIn(config.APP_TZ);
  const line = (levelFourId: number, amount: number, description: string) => ({
    levelFourId,
    voucherAmount: amount,
    accountType: 2,
    voucherDate: today,
    voucherDescription: description,
    billNumber: "B-7",
    accountTittle: "",
  });
  const [cash] = rowsOf(
    z.object({ id: col.int }),
    await t.db.execute(sql`SELECT id FROM accounts WHERE all_level_key = '1-01-001-0001'`),
  );
  const posted = await app.inject({
    method: "POST",
    url: "/api/voucher/add_voucher",
    headers: bearer(token),
    payload: {
      voucherTypeId: 1,
      voucherType: "CPV",
      levelFourId: cash?.id,
      cashAccTittle: "CASH IN HAND",
      voucherData: [
        line(await accountId(t.db, "SALARIES AND WAGES"), 1234.56, "JUNE SALARY"),
        line(await accountId(t.db, "RENT"), 300, "OFFICE RENT"),
      ],
    },
  });
  expect(posted.statusCode).toBe(200);
  const approved = await app.inject({
    method: "PUT",
    url: `/api/voucher/approve_voucher/${posted.json<{ _id: number }>()._id}`,
    headers: bearer(token),
    payload: { status: "Approve" },
  });
  expect(approved.statusCode).toBe(200);

  const bytes = pngBytes();
  const form = multipart({}, { field: "image", name: "cnic.png", content: bytes });
  const uploaded = await app.inject({ method: "POST", url: "/api/upload_files", ...form });
  expect(uploaded.statusCode).toBe(200);

  const logo = pngBytes();
  const logoForm = multipart({}, { field: "image", name: "logo.png", content: logo });
  const logoSaved = await app.inject({
    method: "POST",
    url: "/api/setting/company/logo",
    headers: { ...logoForm.headers, ...bearer(token) },
    payload: logoForm.payload,
  });
  expect(logoSaved.statusCode).toBe(200);

  const sheetBytes = await readFile(SAMPLE_RATES);
  const sheetForm = multipart(
    { date: today, service_type_id: "1", shipment_type: "Pack" },
    { field: "file", name: "rates-pack.csv", content: sheetBytes },
  );
  const sheet = await app.inject({
    method: "POST",
    url: "/api/rate/upload_rate_file",
    headers: { ...sheetForm.headers, ...bearer(token) },
    payload: sheetForm.payload,
  });
  expect(sheet.statusCode).toBe(200);
  const { id, path: key } = sheet.json<{ id: number; path: string }>();

  const secret = `not-for-backups-${randomBytes(24).toString("hex")}`;
  await t.db.insert(appSecrets).values({ name: "jwt", value: secret });
  return {
    image: { name: uploaded.json<{ path: string }>().path, bytes },
    logo,
    rateSheet: { id, key, bytes: sheetBytes },
    secret,
  };
}

export interface DbFigures {
  counts: Record<string, number>;
  /** Trial-balance figures: each account's debit and credit totals from the ledger. */
  balances: { account: number; debit: string; credit: string }[];
}

/** Every CargoDesk table's row count and the ledger's per-account totals. */
export async function figures(db: Db): Promise<DbFigures> {
  const tables = rowsOf(
    z.object({ schema: col.text, name: col.text }),
    await db.execute(
      sql`SELECT schemaname AS schema, tablename AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1, 2`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf(
      z.object({ count: col.text }),
      await db.execute(sql.raw(`SELECT count(*)::text AS count FROM "${table.schema}"."${table.name}"`)),
    );
    counts[`${table.schema}.${table.name}`] = Number(row?.count);
  }
  const balances = rowsOf(
    z.object({ account: col.int, debit: col.text, credit: col.text }),
    await db.execute(
      sql`SELECT account_id AS account, sum(debit)::text AS debit, sum(credit)::text AS credit FROM ledger_entries GROUP BY account_id ORDER BY account_id`,
    ),
  );
  return { counts, balances };
}
