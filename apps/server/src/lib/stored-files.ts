import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client";
import { storedFileChunks, storedFiles } from "../db/schema/index";
import { col, rowsOf } from "./sql";
import { XLSX_TYPE } from "./xlsx";

/**
 * Uploaded files in the database (tables stored_files and stored_file_chunks), so every app server
 * serves the same files and a backup of the database holds them. Content goes in and out a piece
 * of CHUNK_BYTES at a time: a write never needs the whole file in one parameter, and a read streams
 * to the client without holding the file in memory. Pieces travel as base64 text, decoded and
 * encoded by the database: PGlite converts a bytea parameter or column byte by byte in JavaScript,
 * 4-10 times slower (4 MB: 4 s in, 2.5 s out), while PostgreSQL takes either about as fast.
 */
export const CHUNK_BYTES = 256 * 1024;

export type StoredFileKind = "image" | "logo" | "rate-sheet";

/**
 * Keys keep the paths files had under DATA_DIR, so the rows that name a file did not change: a
 * registration image is `uploads/images/<uploads.name>`, a logo `uploads/company/logo-<hex>.<ext>`
 * (company_profile.logo_path), a rate sheet `rates/<hex>.<ext>` (rate_sheets.path).
 */
export const imageKey = (name: string): string => `uploads/images/${name}`;
export const LOGO_PREFIX = "uploads/company/";

/** The type a rate sheet is stored and answered with, by its key's extension. */
export const rateSheetType = (key: string): string => (key.endsWith(".xlsx") ? XLSX_TYPE : "text/csv; charset=utf-8");

export interface StoredFile {
  id: number;
  key: string;
  kind: string;
  mime: string;
  size: number;
  sha256: string;
}

export type FileContent = Uint8Array | AsyncIterable<Uint8Array>;

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The content cut into pieces of exactly CHUNK_BYTES (the last one shorter). */
async function* pieces(content: FileContent): AsyncGenerator<Buffer> {
  if (content instanceof Uint8Array) {
    const whole = asBuffer(content);
    for (let at = 0; at < whole.length; at += CHUNK_BYTES) yield whole.subarray(at, at + CHUNK_BYTES);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const part of content) {
    pending.push(asBuffer(part));
    pendingBytes += part.byteLength;
    while (pendingBytes >= CHUNK_BYTES) {
      const joined = Buffer.concat(pending);
      yield joined.subarray(0, CHUNK_BYTES);
      const rest = joined.subarray(CHUNK_BYTES);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Stores a file under `key` (unique: a second file with the same key is refused by the database).
 * Inside the caller's transaction when given one (a savepoint), so the file and the row that names
 * it commit or roll back together.
 */
export async function putFile(
  db: Db,
  file: { key: string; kind: StoredFileKind; mime: string },
  content: FileContent,
): Promise<StoredFile> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storedFiles)
      .values({ key: file.key, kind: file.kind, mime: file.mime, size: 0, sha256: "" })
      .returning({ id: storedFiles.id });
    if (!row) throw new Error(`stored file ${file.key} was not created`);
    const hash = createHash("sha256");
    let size = 0;
    let seq = 0;
    for await (const piece of pieces(content)) {
      hash.update(piece);
      size += piece.length;
      await tx.execute(
        sql`INSERT INTO ${storedFileChunks} (file_id, seq, data) VALUES (${row.id}, ${seq}, decode(${piece.toString("base64")}, 'base64'))`,
      );
      seq += 1;
    }
    const sha256 = hash.digest("hex");
    await tx.update(storedFiles).set({ size, sha256 }).where(eq(storedFiles.id, row.id));
    return { id: row.id, key: file.key, kind: file.kind, mime: file.mime, size, sha256 };
  });
}

export async function findFile(db: Db, key: string): Promise<StoredFile | null> {
  const [row] = await db
    .select({
      id: storedFiles.id,
      key: storedFiles.key,
      kind: storedFiles.kind,
      mime: storedFiles.mime,
      size: storedFiles.size,
      sha256: storedFiles.sha256,
    })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  return row ?? null;
}

const chunkRow = z.object({ data: z.string() });

async function readChunk(db: Db, file: StoredFile, seq: number): Promise<Buffer> {
  const [row] = rowsOf(
    chunkRow,
    await db.execute(
      sql`SELECT encode(${storedFileChunks.data}, 'base64') AS data FROM ${storedFileChunks}
           WHERE ${storedFileChunks.fileId} = ${file.id} AND ${storedFileChunks.seq} = ${seq}`,
    ),
  );
  // Removed while it was being read (a logo replaced, an image swept): the reader gets an error.
  if (!row) throw new Error(`stored file ${file.key} has no piece ${seq}`);
  return Buffer.from(row.data, "base64");
}

/** The file's content as a stream that reads one piece from the database each time it is asked for more. */
export function fileStream(db: Db, file: StoredFile): Readable {
  const count = Math.ceil(file.size / CHUNK_BYTES);
  let seq = 0;
  return new Readable({
    async read() {
      try {
        if (seq >= count) {
          this.push(null);
          return;
        }
        const piece = await readChunk(db, file, seq);
        seq += 1;
        this.push(piece);
      } catch (error) {
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
}

/** The whole content, for the few users that need it in one piece (a logo drawn into a PDF). */
export async function readFileBytes(db: Db, file: StoredFile): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of fileStream(db, file)) parts.push(asBuffer(part));
  return Buffer.concat(parts, file.size);
}

/** Answers with the file: its type and length, the content streamed from the database. */
export function sendStoredFile(reply: FastifyReply, db: Db, file: StoredFile): FastifyReply {
  return reply.type(file.mime).header("content-length", file.size).send(fileStream(db, file));
}

/** Removes files (and their content) by key; answers how many there were. */
export async function deleteFiles(db: Db, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const removed = await db
    .delete(storedFiles)
    .where(inArray(storedFiles.key, [...keys]))
    .returning({ id: storedFiles.id });
  return removed.length;
}

/** Counts and bytes of every stored file (for a backup's manifest). */
export async function storedFileTotals(db: Db): Promise<{ count: number; bytes: number }> {
  const [row] = rowsOf(
    z.object({ count: col.int, bytes: col.minor }),
    await db.execute(sql`SELECT count(*)::int AS count, coalesce(sum(size), 0)::bigint AS bytes FROM ${storedFiles}`),
  );
  return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0n) };
}
