import { randomBytes } from "node:crypto";
import { type AddVoucherInput, allPermissionEntries } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import { loadConfig } from "../apps/server/src/config";
import { type Database, openPglite, openPostgres } from "../apps/server/src/db/client";
import { accounts } from "../apps/server/src/db/schema/index";
import { seedDatabase } from "../apps/server/src/db/seed";
import type { Ctx } from "../apps/server/src/lib/context";
import { todayIn } from "../apps/server/src/lib/dates";
import { serviceLog } from "../apps/server/src/lib/service-log";
import { createTokenService } from "../apps/server/src/lib/tokens";
import { addVoucher } from "../apps/server/src/modules/vouchers/vouchers.service";
import type { Figure } from "./lib";
import { ms } from "./lib";

const COUNT = Number(process.env.BENCH_VOUCHERS ?? 10_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function postMany(database: Database, label: string, concurrency: number): Promise<Figure[]> {
  await database.migrate();
  await seedDatabase(database.db, { userName: "admin", email: "admin@bench.local", password: "Admin@12345" });
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const ctx: Ctx = {
    db: database.db,
    config,
    tokens: createTokenService("b".repeat(40), "1h"),
    log: serviceLog(pino({ level: config.LOG_LEVEL })),
    user: {
      id: 1,
      userName: "admin",
      email: "",
      firstName: "",
      lastName: "",
      roleId: 1,
      roleName: "Admin",
      lastLogin: null,
      permissions: allPermissionEntries(),
    },
  };
  const postable = (await database.db.select().from(accounts).where(eq(accounts.level, 4))).filter(
    (a) => !a.allLevelKey.startsWith("1-01-001-"),
  );
  const [cash] = await database.db.select().from(accounts).where(eq(accounts.allLevelKey, "1-01-001-0001"));
  const today = todayIn(config.APP_TZ);
  const input = (index: number): AddVoucherInput => {
    const lines = 1 + (index % 4);
    return {
      voucherTypeId: 1,
      levelFourId: cash?.id,
      voucherData: Array.from({ length: lines }, (_, line) => ({
        levelFourId: postable[(index + line) % postable.length]?.id ?? 0,
        voucherAmount: (100 + ((index * 7 + line) % 100_000)) / 100,
        accountType: 2,
        voucherDate: today,
        voucherDescription: `BENCH ${index}`,
        billNumber: "",
        accountTittle: "",
      })),
    };
  };
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < COUNT) {
        const index = next++;
        const t0 = performance.now();
        await addVoucher(ctx, input(index));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const name = `${label}, ${concurrency} in flight`;
  return [
    {
      bench: "vouchers",
      measure: `${COUNT} CPV posts (1-4 lines), ${name}: vouchers/s`,
      value: (COUNT / seconds).toFixed(0),
    },
    { bench: "vouchers", measure: `  latency p50, ${name}`, value: ms(percentile(latencies, 50)) },
    { bench: "vouchers", measure: `  latency p99, ${name}`, value: ms(percentile(latencies, 99)) },
  ];
}

/** Posts vouchers through the service layer (validation, balancing line, numbering, lines) on both databases. */
export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const pglite = await openPglite({});
  try {
    figures.push(...(await postMany(pglite, "PGlite", 1)));
  } finally {
    await pglite.close();
  }
  const name = `cargodesk_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    figures.push({
      bench: "vouchers",
      measure: "PostgreSQL",
      value: "skipped",
      target: `no server at ${PG_URL}: ${String(error)}`,
    });
    return figures;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const postgres = await openPostgres(url.toString());
  try {
    figures.push(...(await postMany(postgres, "PostgreSQL", 1)));
    figures.push(...(await postMany(postgres, "PostgreSQL", 8)));
  } finally {
    await postgres.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return figures;
}
