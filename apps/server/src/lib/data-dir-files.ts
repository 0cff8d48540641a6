import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readdir, rename, rmdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { companyProfile, storedFiles, uploads } from "../db/schema/index";
import { imageKind } from "./images";
import { findFile, LOGO_PREFIX, putFile, rateSheetType, type StoredFileKind } from "./stored-files";

/**
 * Before files lived in the database, CargoDesk kept them under DATA_DIR: registration images in
 * uploads/images, the logo in uploads/company (company_profile.logo_path held its absolute path)
 * and rate sheets in rates. On every start, after the migrations, whatever is still there is moved
 * into the database under the same relative path as its key, one file per transaction, and then
 * removed from disk. A second run finds nothing left, so the step is idempotent; a file the
 * database already holds with other contents is renamed aside (`<name>.not-imported`), never lost.
 */
const OLD_FOLDERS = [
  { folder: "uploads/images", kind: "image" },
  { folder: "uploads/company", kind: "logo" },
  { folder: "rates", kind: "rate-sheet" },
] as const satisfies readonly { folder: string; kind: StoredFileKind }[];

const ASIDE = ".not-imported";

export interface MovedIn {
  files: number;
  bytes: number;
  /** Files renamed aside because the database holds other contents under their key. */
  setAside: string[];
  /** What became of company_profile.logo_path when it held a path on disk. */
  logo: "moved" | "missing" | null;
}

/** Relative paths (with forward slashes) of the plain files under `dir`, deepest folders first. */
async function filesUnder(dir: string, relative = ""): Promise<{ files: string[]; folders: string[] }> {
  const entries = await readdir(path.join(dir, relative), { withFileTypes: true }).catch((error: unknown) => {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return [];
    throw error;
  });
  const found = { files: [] as string[], folders: [] as string[] };
  for (const entry of entries) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      const inner = await filesUnder(dir, child);
      found.files.push(...inner.files);
      found.folders.push(...inner.folders, child);
    } else if (entry.isFile() && !entry.name.endsWith(ASIDE)) {
      found.files.push(child);
    }
  }
  return found;
}

async function firstBytes(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function mimeOf(db: Db, kind: StoredFileKind, key: string, file: string): Promise<string> {
  if (kind === "rate-sheet") return rateSheetType(key);
  if (kind === "image") {
    const [row] = await db
      .select({ mime: uploads.mime })
      .from(uploads)
      .where(eq(sql`'uploads/images/' || ${uploads.name}`, key));
    if (row) return row.mime;
  }
  return imageKind(await firstBytes(file))?.mime ?? "application/octet-stream";
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const part of createReadStream(file)) hash.update(part);
  return hash.digest("hex");
}

/** Moves one file in; false when the database already held other contents under its key (set aside). */
async function moveIn(db: Db, kind: StoredFileKind, key: string, file: string): Promise<boolean> {
  const info = await stat(file);
  const existing = await findFile(db, key);
  if (!existing) {
    const mime = await mimeOf(db, kind, key, file);
    await db.transaction(async (tx) => {
      const stored = await putFile(tx, { key, kind, mime }, createReadStream(file));
      // As old as the file, so the sweep of unclaimed images judges it by when it was uploaded.
      await tx.update(storedFiles).set({ createdAt: info.mtime }).where(eq(storedFiles.id, stored.id));
    });
  } else if (existing.sha256 !== (await sha256Of(file))) {
    await rename(file, `${file}${ASIDE}`);
    return false;
  }
  await unlink(file);
  return true;
}

/** company_profile.logo_path as a path on disk becomes the key of the logo moved in (or nothing when the file is gone). */
async function adoptLogo(db: Db): Promise<MovedIn["logo"]> {
  const [profile] = await db.select({ logoPath: companyProfile.logoPath }).from(companyProfile);
  const logoPath = profile?.logoPath;
  if (!logoPath || !path.isAbsolute(logoPath)) return null;
  const key = `${LOGO_PREFIX}${path.basename(logoPath)}`;
  return db.transaction(async (tx) => {
    let found = (await findFile(tx, key)) !== null;
    if (!found) {
      // A logo outside DATA_DIR (the folder was moved): copied in from where the row says.
      const info = await stat(logoPath).catch(() => null);
      if (info?.isFile()) {
        const mime = imageKind(await firstBytes(logoPath))?.mime ?? "application/octet-stream";
        await putFile(tx, { key, kind: "logo", mime }, createReadStream(logoPath));
        found = true;
      }
    }
    await tx
      .update(companyProfile)
      .set({ logoPath: found ? key : null })
      .where(eq(companyProfile.logoPath, logoPath));
    return found ? "moved" : "missing";
  });
}

export async function moveDataDirFilesIn(db: Db, dataDir: string): Promise<MovedIn> {
  const root = path.resolve(dataDir);
  const moved: MovedIn = { files: 0, bytes: 0, setAside: [], logo: null };
  for (const { folder, kind } of OLD_FOLDERS) {
    const base = path.join(root, ...folder.split("/"));
    const { files, folders } = await filesUnder(base);
    for (const relative of files) {
      const key = `${folder}/${relative}`;
      const file = path.join(base, ...relative.split("/"));
      const size = (await stat(file)).size;
      if (await moveIn(db, kind, key, file)) {
        moved.files += 1;
        moved.bytes += size;
      } else {
        moved.setAside.push(key);
      }
    }
    // Emptied folders go; one still holding a file set aside stays.
    for (const inner of [...folders, ""]) await rmdir(path.join(base, ...inner.split("/"))).catch(() => undefined);
  }
  await rmdir(path.join(root, "uploads")).catch(() => undefined);
  moved.logo = await adoptLogo(db);
  return moved;
}
