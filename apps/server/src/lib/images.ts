/** The image kinds CargoDesk accepts, recognised by their first bytes rather than by the file name. */
export function imageKind(buffer: Buffer): { ext: "png" | "jpg"; mime: string } | null {
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { ext: "png", mime: "image/png" };
  }
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return { ext: "jpg", mime: "image/jpeg" };
  return null;
}
