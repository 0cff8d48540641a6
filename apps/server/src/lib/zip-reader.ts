import { inflateRawSync } from "node:zlib";

/** Why a zip archive was refused; the caller words the answer. */
export type ZipProblem = "unreadable" | "too-large" | "bomb";

export class ZipError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`zip: ${problem}`);
    this.name = "ZipError";
  }
}

export interface ZipLimits {
  /** Most bytes all extracted entries may add up to. */
  maxUnzippedBytes: number;
  /** Most an entry may grow over its compressed size (entries under 1 MB unzipped are exempt). */
  maxRatio: number;
  maxEntries: number;
}

interface Entry {
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const SMALL_ENTRY = 1024 * 1024;

/**
 * Reads entries of an in-memory zip through its central directory, inflating each with a hard
 * output limit: a zip bomb stops at the limit instead of filling memory. Zip64 and encrypted
 * archives are refused (an XLSX within the upload limit never needs them).
 */
export function openZip(buffer: Buffer, limits: ZipLimits) {
  const entries = centralDirectory(buffer, limits.maxEntries);
  let unzipped = 0;

  function read(name: string): Buffer | null {
    const entry = entries.get(name);
    if (!entry) return null;
    if (entry.flags & 1) throw new ZipError("unreadable");
    const remaining = limits.maxUnzippedBytes - unzipped;
    if (entry.size > remaining) throw new ZipError("too-large");
    if (entry.localOffset + 30 > buffer.length || buffer.readUInt32LE(entry.localOffset) !== LOCAL)
      throw new ZipError("unreadable");
    const start =
      entry.localOffset +
      30 +
      buffer.readUInt16LE(entry.localOffset + 26) +
      buffer.readUInt16LE(entry.localOffset + 28);
    const end = start + entry.compressedSize;
    if (end > buffer.length) throw new ZipError("unreadable");
    const data = buffer.subarray(start, end);
    const ratioCap = Math.max(SMALL_ENTRY, entry.compressedSize * limits.maxRatio);
    let output: Buffer;
    if (entry.method === 0) output = data;
    else if (entry.method === 8) {
      const cap = Math.min(remaining, ratioCap);
      try {
        output = inflateRawSync(data, { maxOutputLength: cap + 1 });
      } catch (error) {
        if (error instanceof RangeError) throw new ZipError(cap === ratioCap ? "bomb" : "too-large");
        throw new ZipError("unreadable");
      }
      if (output.length > cap) throw new ZipError(cap === ratioCap ? "bomb" : "too-large");
    } else throw new ZipError("unreadable");
    if (output.length > remaining) throw new ZipError("too-large");
    unzipped += output.length;
    return output;
  }

  return { names: () => [...entries.keys()], read };
}

function centralDirectory(buffer: Buffer, maxEntries: number): Map<string, Entry> {
  const floor = Math.max(0, buffer.length - 22 - 0xffff);
  let eocd = -1;
  for (let at = buffer.length - 22; at >= floor; at -= 1) {
    if (buffer.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipError("unreadable");
  const count = buffer.readUInt16LE(eocd + 10);
  const offset = buffer.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipError("unreadable");
  if (count > maxEntries) throw new ZipError("too-large");
  const entries = new Map<string, Entry>();
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL) throw new ZipError("unreadable");
    const nameLength = buffer.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    if (next > buffer.length) throw new ZipError("unreadable");
    const entry: Entry = {
      flags: buffer.readUInt16LE(at + 8),
      method: buffer.readUInt16LE(at + 10),
      compressedSize: buffer.readUInt32LE(at + 20),
      size: buffer.readUInt32LE(at + 24),
      localOffset: buffer.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.localOffset === 0xffffffff)
      throw new ZipError("unreadable");
    entries.set(buffer.toString("utf8", at + 46, at + 46 + nameLength), entry);
    at = next;
  }
  return entries;
}
