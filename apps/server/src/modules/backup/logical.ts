import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { APP_SCHEMAS, ident, listTables, qualified, type Sql, type TableRef, tableKey } from "./sql";

/**
 * The logical export: every table's rows as one JSON object per line (`to_jsonb`, so numbers,
 * dates and JSON values keep their exact text and no line holds a raw newline), plus the
 * sequences' positions. Read inside one REPEATABLE READ transaction, so all tables are from the
 * same instant. Loaded back with `jsonb_populate_recordset`, which works on PostgreSQL and PGlite.
 */
export const TABLES_DIR = "tables";
export const SEQUENCES_FILE = "sequences.json";
const FETCH_ROWS = 2000;
const BATCH_BYTES = 4 * 1024 * 1024;

const sequenceSchema = z.object({ schema: z.string(), name: z.string(), value: z.string().nullable() });
export type SequenceValue = z.infer<typeof sequenceSchema>;

export const tableFileName = (table: TableRef): string => `${tableKey(table)}.ndjson`;

/** A table's rows in batches, through a cursor (the caller holds the transaction open). */
export async function* tableRows(db: Sql, table: TableRef): AsyncGenerator<string[]> {
  await db.exec(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS r FROM ${qualified(table)} t`);
  try {
    for (;;) {
      const rows = await db.query<{ r: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
      if (rows.length === 0) return;
      yield rows.map((row) => row.r);
    }
  } finally {
    await db.exec("CLOSE backup_rows");
  }
}

export async function sequenceValues(db: Sql): Promise<SequenceValue[]> {
  return db.query<SequenceValue>(
    "SELECT schemaname AS schema, sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = ANY($1) ORDER BY 1, 2",
    [APP_SCHEMAS],
  );
}

/**
 * Writes the logical export of `db` into `dir` and answers each table's row count. The caller
 * must have begun a REPEATABLE READ transaction on `db`. Tables in `leaveOut` (keyed
 * `schema.table`) are exported empty.
 */
export async function exportLogical(
  db: Sql,
  dir: string,
  leaveOut: ReadonlySet<string> = new Set(),
): Promise<Record<string, number>> {
  await mkdir(path.join(dir, TABLES_DIR), { recursive: true, mode: 0o700 });
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) {
    const out = createWriteStream(path.join(dir, TABLES_DIR, tableFileName(table)), { mode: 0o600 });
    let count = 0;
    try {
      if (!leaveOut.has(tableKey(table)))
        for await (const rows of tableRows(db, table)) {
          count += rows.length;
          if (!out.write(`${rows.join("\n")}\n`)) await once(out, "drain");
        }
    } finally {
      out.end();
      await once(out, "close");
    }
    counts[tableKey(table)] = count;
  }
  await writeFile(path.join(dir, SEQUENCES_FILE), JSON.stringify(await sequenceValues(db), null, 1), { mode: 0o600 });
  return counts;
}

/** Where the loader reads a table's rows from: an export's file, or a live database. */
export type RowSource = (table: TableRef) => AsyncIterable<string[]>;

/** Reads the rows of an export in `dir`. */
export function exportSource(dir: string): { rows: RowSource; sequences: () => Promise<SequenceValue[]> } {
  return {
    rows: (table) => fileRows(path.join(dir, TABLES_DIR, tableFileName(table))),
    sequences: async () =>
      z.array(sequenceSchema).parse(JSON.parse(await readFile(path.join(dir, SEQUENCES_FILE), "utf8"))),
  };
}

async function* fileRows(file: string): AsyncGenerator<string[]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    if (batch.length >= FETCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

type ForeignKey = {
  tbl: string;
  name: string;
  def: string;
};

async function insertableColumns(db: Sql, table: TableRef): Promise<string> {
  const columns = await db.query<{ name: string }>(
    "SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum",
    [qualified(table)],
  );
  return columns.map((column) => ident(column.name)).join(", ");
}

async function loadTable(db: Sql, table: TableRef, source: AsyncIterable<string[]>): Promise<number> {
  const columns = await insertableColumns(db, table);
  const insert = `INSERT INTO ${qualified(table)} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM jsonb_populate_recordset(NULL::${qualified(table)}, $1::jsonb)`;
  let count = 0;
  let pending: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    await db.query(insert, [`[${pending.join(",")}]`]);
    count += pending.length;
    pending = [];
    bytes = 0;
  };
  for await (const rows of source) {
    for (const row of rows) {
      pending.push(row);
      bytes += row.length;
      if (bytes >= BATCH_BYTES) await flush();
    }
  }
  await flush();
  return count;
}

/**
 * Loads rows into the tables of `db`, which already has the backup's schema, and sets the
 * sequences. Foreign keys are dropped for the load and added back after it (which checks every
 * row), because rows arrive table by table in no particular order. The caller holds the transaction.
 */
export async function loadLogical(
  db: Sql,
  source: { rows: RowSource; sequences: () => Promise<SequenceValue[]> },
): Promise<Record<string, number>> {
  const foreignKeys = await db.query<ForeignKey>(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = ANY($1)
      ORDER BY 1, 2`,
    [APP_SCHEMAS],
  );
  for (const key of foreignKeys) await db.exec(`ALTER TABLE ${key.tbl} DROP CONSTRAINT ${ident(key.name)}`);
  const counts: Record<string, number> = {};
  for (const table of await listTables(db)) counts[tableKey(table)] = await loadTable(db, table, source.rows(table));
  for (const key of foreignKeys) await db.exec(`ALTER TABLE ${key.tbl} ADD CONSTRAINT ${ident(key.name)} ${key.def}`);
  for (const sequence of await source.sequences()) {
    if (sequence.value === null) continue;
    await db.query("SELECT setval($1::regclass, $2::bigint, true)", [
      `${ident(sequence.schema)}.${ident(sequence.name)}`,
      sequence.value,
    ]);
  }
  return counts;
}
