import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";

/** One member of a backup archive: a file on disk (streamed) or bytes in memory. */
export interface ArchiveEntry {
  /** Its path inside the archive, with forward slashes. */
  name: string;
  source: { file: string; size: number } | { buffer: Buffer };
}

/** Writes the entries, in order, into a new gzipped tar at `target` (readable by the owner only). */
export async function writeArchive(target: string, entries: Iterable<ArchiveEntry>): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), createWriteStream(target, { mode: 0o600 }));
  // Reported by `await written` below; this keeps an early failure from going unhandled meanwhile.
  written.catch(() => undefined);
  try {
    for (const entry of entries) {
      const header = { name: entry.name, mode: 0o600, mtime: new Date() };
      if ("buffer" in entry.source) {
        const { buffer } = entry.source;
        await new Promise<void>((resolve, reject) => {
          pack.entry({ ...header, size: buffer.length }, buffer, (error) => (error ? reject(error) : resolve()));
        });
      } else {
        await pipeline(createReadStream(entry.source.file), pack.entry({ ...header, size: entry.source.size }));
      }
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await written.catch(() => undefined);
    throw error;
  }
  await written;
}

const TOP_LEVEL = new Set(["manifest.json", "database", "files"]);

/**
 * The safe path of an archive member, or null: relative, no `..`, no empty or dot segments, and
 * under one of the backup's top-level names. A crafted archive cannot write outside `into`.
 */
export function safeMemberPath(name: string): string | null {
  const trimmed = name.replace(/\/+$/, "");
  const segments = trimmed.split("/");
  if (trimmed === "" || trimmed.startsWith("/") || trimmed.includes("\\")) return null;
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) return null;
  if (!TOP_LEVEL.has(segments[0] ?? "")) return null;
  return trimmed;
}

/**
 * Unpacks a gzipped tar into `into`, refusing anything but plain files and folders at safe paths.
 * Answers the member paths written.
 */
export async function extractArchive(archive: string, into: string): Promise<string[]> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(archive), createGunzip(), extract);
  feeding.catch(() => undefined);
  const written: string[] = [];
  for await (const entry of extract) {
    const member = safeMemberPath(entry.header.name);
    if (!member) throw new Error(`The archive holds an unexpected path: ${entry.header.name}`);
    const target = path.join(into, ...member.split("/"));
    if (entry.header.type === "directory") {
      await mkdir(target, { recursive: true, mode: 0o700 });
      entry.resume();
    } else if (entry.header.type === "file") {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(entry, createWriteStream(target, { mode: 0o600, flags: "wx" }));
      written.push(member);
    } else {
      throw new Error(
        `The archive holds a ${entry.header.type ?? "special"} entry (${member}); only files are restored`,
      );
    }
  }
  await feeding;
  return written;
}

/** Every regular file below `dir` as [path relative to dir with forward slashes, absolute path]; links are skipped. */
export async function listFiles(dir: string, skip: (relative: string) => boolean): Promise<[string, string][]> {
  const found: [string, string][] = [];
  const walk = async (relativeDir: string): Promise<void> => {
    const entries = await readdir(path.join(dir, relativeDir), { withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      },
    );
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (skip(relative)) continue;
      if (entry.isDirectory()) await walk(relative);
      else if (entry.isFile()) found.push([relative, path.join(dir, ...relative.split("/"))]);
    }
  };
  await walk("");
  return found;
}
