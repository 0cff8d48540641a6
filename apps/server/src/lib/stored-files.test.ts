import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileChunks, storedFiles } from "../db/schema/index";
import { createTestApp, type TestApp } from "../test/harness";
import { CHUNK_BYTES, deleteFiles, fileStream, findFile, putFile, readFileBytes } from "./stored-files";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function pieceSizes(id: number): Promise<number[]> {
  const rows = await t.db
    .select({ seq: storedFileChunks.seq, data: storedFileChunks.data })
    .from(storedFileChunks)
    .where(eq(storedFileChunks.fileId, id))
    .orderBy(storedFileChunks.seq);
  return rows.map((row) => row.data.length);
}

/** A stream of `bytes` in uneven parts, as a request body arrives. */
const trickle = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 100_003) yield bytes.subarray(at, at + 100_003);
    })(),
  );

describe("files in the database", () => {
  it("stores a buffer in 256 KB pieces and reads it back whole and as a stream", async () => {
    const bytes = randomBytes(CHUNK_BYTES * 2 + 1234);
    const stored = await putFile(t.db, { key: "test/buffer.bin", kind: "image", mime: "image/png" }, bytes);
    expect(stored).toMatchObject({ size: bytes.length, sha256: sha(bytes), mime: "image/png" });
    expect(await pieceSizes(stored.id)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 1234]);
    const found = await findFile(t.db, "test/buffer.bin");
    expect(found).toEqual(stored);
    if (!found) return;
    expect((await readFileBytes(t.db, found)).equals(bytes)).toBe(true);
    const parts: Buffer[] = [];
    for await (const part of fileStream(t.db, found)) parts.push(part);
    expect(parts.map((part) => part.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 1234]);
  });

  it("stores a stream of uneven parts in the same pieces, and an empty file", async () => {
    const bytes = randomBytes(CHUNK_BYTES * 3);
    const stored = await putFile(
      t.db,
      { key: "test/stream.bin", kind: "rate-sheet", mime: "text/csv" },
      trickle(bytes),
    );
    expect(stored.sha256).toBe(sha(bytes));
    expect(await pieceSizes(stored.id)).toEqual([CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES]);
    const empty = await putFile(t.db, { key: "test/empty.csv", kind: "rate-sheet", mime: "text/csv" }, Buffer.alloc(0));
    expect(empty.size).toBe(0);
    expect((await readFileBytes(t.db, empty)).length).toBe(0);
  });

  it("writes inside the caller's transaction: a rollback leaves nothing", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await putFile(tx, { key: "test/rolled-back.png", kind: "image", mime: "image/png" }, randomBytes(10));
        throw new Error("the use case failed");
      }),
    ).rejects.toThrow("the use case failed");
    expect(await findFile(t.db, "test/rolled-back.png")).toBeNull();
  });

  it("refuses a second file under the same key and deletes a file with its pieces", async () => {
    const first = await putFile(t.db, { key: "test/once.png", kind: "image", mime: "image/png" }, randomBytes(10));
    await expect(
      putFile(t.db, { key: "test/once.png", kind: "image", mime: "image/png" }, randomBytes(10)),
    ).rejects.toThrow();
    expect(await deleteFiles(t.db, ["test/once.png", "test/never-there.png"])).toBe(1);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, first.id))).toEqual([]);
    expect(await pieceSizes(first.id)).toEqual([]);
  });

  it("a stream whose file is removed while it is read ends in an error, not in short content", async () => {
    const bytes = randomBytes(CHUNK_BYTES * 3);
    const stored = await putFile(t.db, { key: "test/gone.bin", kind: "image", mime: "image/png" }, bytes);
    let received = 0;
    const reading = (async () => {
      for await (const part of fileStream(t.db, stored)) {
        if (received === 0) await deleteFiles(t.db, ["test/gone.bin"]);
        received += part.length;
      }
    })();
    // The stream reads at most one piece ahead of its reader.
    await expect(reading).rejects.toThrow(/has no piece [12]/);
    expect(received).toBeLessThan(bytes.length);
  });
});
