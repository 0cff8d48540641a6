const ESC = 0x1b;
const FS = 0x1c;
const GS = 0x1d;

/**
 * The text of ESC/POS bytes as the paper shows it, for tests: the control sequences the encoder
 * writes (ESC @, FS ., and ESC or GS commands with one parameter byte) are removed, carriage returns
 * dropped, and bytes read as Latin-1 (cp437's rule characters come out as other letters).
 */
export function escposText(bytes: Uint8Array): string {
  const kept: number[] = [];
  for (let at = 0; at < bytes.length; at += 1) {
    const byte = bytes[at] ?? 0;
    if (byte === ESC && bytes[at + 1] === 0x40) at += 1;
    else if (byte === FS) at += 1;
    else if (byte === ESC || byte === GS) at += 2;
    else if (byte !== 0x0d) kept.push(byte);
  }
  return Buffer.from(kept).toString("latin1");
}

/** The printed lines with their padding trimmed. */
export const escposLines = (bytes: Uint8Array): string[] =>
  escposText(bytes)
    .split("\n")
    .map((line) => line.trim());
