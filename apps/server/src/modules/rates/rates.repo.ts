import type { RateLog } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { rateSheets } from "../../db/schema/index";
import { col, rowsOf } from "../../lib/sql";
import { kgText, type ParsedBand } from "./rates.upload";

/** A PostgreSQL array literal ({1,NULL,"a b"}) for one unnest() column. */
export function pgArray(values: readonly (string | number | null)[]): string {
  const items = values.map((value) =>
    value === null
      ? "NULL"
      : typeof value === "number"
        ? String(value)
        : `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(",")}}`;
}

const BAND_CHUNK = 20_000;

/** Inserts a sheet's bands with INSERT ... SELECT FROM unnest(...): one statement per 20,000 rows. */
export async function insertBands(db: Db, sheetId: number, bands: readonly ParsedBand[]): Promise<void> {
  for (let start = 0; start < bands.length; start += BAND_CHUNK) {
    const chunk = bands.slice(start, start + BAND_CHUNK);
    const column = <T extends string | number | null>(pick: (band: ParsedBand) => T) => pgArray(chunk.map(pick));
    await db.execute(sql`
      insert into rate_bands (sheet_id, row_no, country_id, zip_prefix, min_kg, max_kg, currency_id, flat, first_kg, add_kg)
      select ${sheetId}::int, * from unnest(${column((b) => b.row)}::int[], ${column((b) => b.countryId)}::int[],
        ${column((b) => b.zipPrefix)}::text[], ${column((b) => kgText(b.minGrams))}::numeric[],
        ${column((b) => kgText(b.maxGrams))}::numeric[], ${column((b) => b.currencyId)}::int[],
        ${column((b) => b.flatMinor)}::bigint[], ${column((b) => b.firstKgMinor)}::bigint[],
        ${column((b) => b.addKgMinor)}::bigint[])`);
  }
}

export interface NewSheet {
  serviceTypeId: number;
  shipmentType: string;
  type2: string;
  effectiveDate: string;
  path: string;
  originalName: string;
  rowCount: number;
  uploadedBy: number | null;
}

export async function insertSheet(db: Db, sheet: NewSheet): Promise<number> {
  const [row] = await db.insert(rateSheets).values(sheet).returning({ id: rateSheets.id });
  if (!row) throw new Error("rate sheet not stored");
  return row.id;
}

const LogRow = z.object({
  id: col.int,
  effective_date: col.date,
  shipment_type: col.text,
  type: col.text,
  service_type_id: col.int,
  service: col.text,
  path: col.text,
  original_name: col.text,
  row_count: col.int,
  uploaded_at: col.timestamp,
  uploaded_by: col.text.nullable(),
});
type LogRow = z.output<typeof LogRow>;
const TotalRow = z.object({ total: col.int });

const toLog = (row: LogRow): RateLog => ({
  id: row.id,
  date: String(row.effective_date).slice(0, 10),
  shipment_type: row.shipment_type,
  type: row.type,
  service_type: { service_type_id: row.service_type_id, name: row.service },
  path: row.path,
  original_name: row.original_name,
  row_count: row.row_count,
  uploaded_at: new Date(row.uploaded_at).toISOString(),
  uploaded_by: row.uploaded_by,
});

const logSelect = sql`
  select s.id, s.effective_date::text as effective_date, s.shipment_type, s.type, s.service_type_id, st.name as service,
    s.path, s.original_name, s.row_count, s.uploaded_at,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as uploaded_by
  from rate_sheets s join service_types st on st.service_type_id = s.service_type_id
  left join users u on u.id = s.uploaded_by`;

/** Uploaded sheets, newest upload first, one page (1-based). */
export async function listLogs(db: Db, page: number, size: number): Promise<{ rows: RateLog[]; total: number }> {
  const rows = rowsOf(
    LogRow,
    await db.execute(
      sql`${logSelect} order by s.uploaded_at desc, s.id desc limit ${size} offset ${(page - 1) * size}`,
    ),
  );
  const [count] = rowsOf(TotalRow, await db.execute(sql`select count(*)::int as total from rate_sheets`));
  return { rows: rows.map(toLog), total: count?.total ?? 0 };
}

export async function findLog(db: Db, id: number): Promise<RateLog | null> {
  const [row] = rowsOf(LogRow, await db.execute(sql`${logSelect} where s.id = ${id}`));
  return row ? toLog(row) : null;
}
