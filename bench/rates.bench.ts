/**
 * Rate lookups against 50 services x 250 destinations x 30 bands (plus an older, superseded sheet
 * per service, so the newest-sheet choice is exercised): chargeFor p50 (target <= 5 ms on
 * PostgreSQL), the calculator's all-services and all-destinations listings, and the upload of one
 * 7,500-row sheet through the service (parse, check, store).
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { allPermissionEntries, ZIP_SERVICE_ID } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";
import { loadConfig } from "../apps/server/src/config";
import { type Database, openPglite, openPostgres } from "../apps/server/src/db/client";
import { countries, serviceTypes } from "../apps/server/src/db/schema/index";
import { seedDatabase } from "../apps/server/src/db/seed";
import type { Ctx } from "../apps/server/src/lib/context";
import { todayIn } from "../apps/server/src/lib/dates";
import { serviceLog } from "../apps/server/src/lib/service-log";
import { createTokenService } from "../apps/server/src/lib/tokens";
import { chargeFor, chargesFor } from "../apps/server/src/modules/rates/charge";
import { insertBands, insertSheet } from "../apps/server/src/modules/rates/rates.repo";
import { uploadRateSheet } from "../apps/server/src/modules/rates/rates.service";
import type { ParsedBand } from "../apps/server/src/modules/rates/rates.upload";
import { type Figure, ms, tempDir } from "./lib";

const SERVICES = 50;
const DESTINATIONS = 250;
const LOOKUPS = Number(process.env.BENCH_RATE_LOOKUPS ?? 2000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** 30 bands: 0-0.5, 0.5-1, then whole kg to 29. */
const EDGES = [0, 500, ...Array.from({ length: 29 }, (_, index) => (index + 1) * 1000)];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function bandsFor(destinations: readonly (number | string)[], scale: number): ParsedBand[] {
  const bands: ParsedBand[] = [];
  let row = 2;
  for (const destination of destinations)
    for (let index = 0; index < EDGES.length - 1; index += 1) {
      const flat = index < 2;
      bands.push({
        row: row++,
        countryId: typeof destination === "number" ? destination : null,
        zipPrefix: typeof destination === "string" ? destination : null,
        minGrams: EDGES[index] ?? 0,
        maxGrams: EDGES[index + 1] ?? 0,
        currencyId: 5,
        flatMinor: flat ? (2000 + index * 500) * scale : null,
        firstKgMinor: flat ? null : (3000 + index * 10) * scale,
        addKgMinor: flat ? null : 850 * scale,
      });
    }
  return bands;
}

async function load(database: Database) {
  const db = database.db;
  await database.migrate();
  await seedDatabase(db, { userName: "admin", email: "admin@bench.local", password: "Admin@12345" });
  const existing = await db.$count(serviceTypes);
  await db
    .insert(serviceTypes)
    .values(Array.from({ length: SERVICES - existing }, (_, index) => ({ name: `BENCH SERVICE ${index + 1}` })));
  const countryIds = (await db.select({ id: countries.countryId }).from(countries)).map((row) => row.id);
  for (let code = 9001; countryIds.length < DESTINATIONS; code += 1) {
    const [row] = await db
      .insert(countries)
      .values({ name: `BENCHLAND ${code}`, code: String(code) })
      .returning({ id: countries.countryId });
    if (row) countryIds.push(row.id);
  }
  const places = countryIds.slice(0, DESTINATIONS);
  const zips = Array.from({ length: DESTINATIONS }, (_, index) => String(100 + index));
  const serviceIds = (await db.select({ id: serviceTypes.serviceTypeId }).from(serviceTypes)).map((row) => row.id);
  const started = performance.now();
  let bands = 0;
  for (const serviceId of serviceIds.slice(0, SERVICES))
    for (const [date, scale] of [
      ["2025-01-01", 2],
      ["2026-01-01", 1],
    ] as const) {
      const rows = bandsFor(serviceId === ZIP_SERVICE_ID ? zips : places, scale);
      const sheetId = await insertSheet(db, {
        serviceTypeId: serviceId,
        shipmentType: "Pack",
        type2: serviceId === 11 ? "DHL" : "",
        effectiveDate: date,
        path: "rates/bench.csv",
        originalName: "bench.csv",
        rowCount: rows.length,
        uploadedBy: null,
      });
      await insertBands(db, sheetId, rows);
      bands += rows.length;
    }
  await db.execute(sql`analyze rate_sheets`);
  await db.execute(sql`analyze rate_bands`);
  return { places, zips, serviceIds: serviceIds.slice(0, SERVICES), bands, loadMs: performance.now() - started };
}

async function timed(count: number, run: (index: number) => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < Math.min(200, count); index += 1) await run(index);
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function measure(database: Database, label: string, target: number): Promise<Figure[]> {
  const data = await load(database);
  const db = database.db;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: await tempDir("cargodesk-bench-rates-"),
  });
  const date = todayIn(config.APP_TZ);
  const next = random(7);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  let misses = 0;
  const lookups = await timed(LOOKUPS, async () => {
    const serviceTypeId = pick(data.serviceIds);
    const charge = await chargeFor(db, {
      serviceTypeId,
      shipmentType: "Pack",
      type2: "DHL",
      countryId: pick(data.places),
      zip: `${pick(data.zips)}${Math.floor(next() * 100)}`,
      weightKg: Math.round((0.01 + next() * 28.9) * 1000) / 1000,
      date,
    });
    if (!charge || charge.amountMinor <= 0) misses += 1;
  });
  const allServices = await timed(200, () =>
    chargesFor(db, {
      serviceTypeId: "ALL",
      shipmentType: "Pack",
      type2: "",
      countryId: pick(data.places),
      weightKg: 2.5,
      date,
    }),
  );
  const allPlaces = await timed(20, () =>
    chargesFor(db, { serviceTypeId: pick(data.serviceIds), shipmentType: "Pack", type2: "DHL", weightKg: 2.5, date }),
  );

  const ctx: Ctx = {
    db,
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
  const names = new Map((await db.select().from(countries)).map((row) => [row.countryId, row.iso2 ?? row.code]));
  const lines = ["country,min_kg,max_kg,currency,flat,first_kg,add_kg"];
  for (const band of bandsFor(data.places, 1))
    lines.push(
      [
        names.get(band.countryId ?? 0),
        band.minGrams / 1000,
        band.maxGrams / 1000,
        "USD",
        band.flatMinor === null ? "" : band.flatMinor / 100,
        band.firstKgMinor === null ? "" : band.firstKgMinor / 100,
        band.addKgMinor === null ? "" : band.addKgMinor / 100,
      ].join(","),
    );
  const file = Buffer.from(lines.join("\n"));
  const uploadStarted = performance.now();
  const uploaded = await uploadRateSheet(ctx, {
    fields: { date, service_type_id: "2", shipment_type: "Doc" },
    file: { filename: "bench.csv", mimetype: "text/csv", buffer: file },
  });
  const uploadMs = performance.now() - uploadStarted;
  await rm(config.DATA_DIR, { recursive: true, force: true });

  const p50 = percentile(lookups, 50);
  return [
    {
      bench: "rates",
      measure: `${label}: load ${data.bands} bands (${SERVICES} services x ${DESTINATIONS} destinations x 30 bands, 2 sheets each)`,
      value: ms(data.loadMs),
    },
    {
      bench: "rates",
      measure: `${label}: chargeFor p50 (${LOOKUPS} random lookups, ${misses} without a rate)`,
      value: ms(p50),
      target: `<= ${ms(target)} ${p50 <= target ? "ok" : "MISSED"}`,
    },
    {
      bench: "rates",
      measure: `${label}: chargeFor p95 / p99`,
      value: `${ms(percentile(lookups, 95))} / ${ms(percentile(lookups, 99))}`,
    },
    {
      bench: "rates",
      measure: `${label}: calculator, all ${SERVICES} services for one country, p50`,
      value: ms(percentile(allServices, 50)),
    },
    {
      bench: "rates",
      measure: `${label}: calculator, one service for all destinations, p50`,
      value: ms(percentile(allPlaces, 50)),
    },
    {
      bench: "rates",
      measure: `${label}: upload a ${uploaded.rows}-row sheet (${(file.length / 1024).toFixed(0)} KB): parse, check, store`,
      value: ms(uploadMs),
    },
  ];
}

/** PostgreSQL (the target) and the embedded PGlite, each on a fresh database. */
export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const name = `cargodesk_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    figures.push({
      bench: "rates",
      measure: "PostgreSQL",
      value: "skipped",
      target: `no server at ${PG_URL}: ${String(error)}`,
    });
  }
  if (figures.length === 0) {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const postgres = await openPostgres(url.toString());
    try {
      figures.push(...(await measure(postgres, "PostgreSQL", 5)));
    } finally {
      await postgres.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  if (process.env.BENCH_RATES_PGLITE !== "0") {
    const pglite = await openPglite({});
    try {
      figures.push(...(await measure(pglite, "PGlite", 15)));
    } finally {
      await pglite.close();
    }
  }
  return figures;
}
