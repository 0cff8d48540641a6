/**
 * The few ESC/POS bytes the browser writes itself; receipts come from the server
 * (`GET /api/pos/order/{id}/receipt?format=escpos`), built from the same model as the PDF.
 */
export const ESC = 0x1b;
export const GS = 0x1d;

/** ESC @: initialise the printer. */
export const INIT = [ESC, 0x40];

/**
 * ESC p 0 50 250: a 100 ms pulse on the drawer connector (pin 2), then 500 ms off; the bytes the
 * server's encoder writes after a cash receipt.
 */
export const DRAWER_KICK = [ESC, 0x70, 0, 50, 250];

/** GS V 1: a partial cut. */
export const CUT = [GS, 0x56, 0x01];

/** Printable ASCII only: the test page is for checking the connection, not the codepage. */
const ascii = (text: string) => [...text].map((char) => (/^[\x20-\x7e]$/.test(char) ? char.charCodeAt(0) : 0x3f));

/** The drawer kick alone (the register's Open drawer), after an initialise. */
export const drawerKickBytes = () => Uint8Array.from([...INIT, ...DRAWER_KICK]);

/**
 * The device test page: a title, the printer's name, the time, a 48- and a 32-column ruler (to see
 * whether the paper is 80 or 58 mm), feed and cut.
 */
export function testPageBytes(printerName: string, at: Date, widthChars = 48): Uint8Array {
  const ruler = (width: number) => Array.from({ length: width }, (_, index) => String((index + 1) % 10)).join("");
  const lines = [
    "CargoDesk test page",
    `Printer: ${printerName}`,
    `Printed: ${at.toISOString().slice(0, 19).replace("T", " ")} UTC`,
    ruler(widthChars),
    ruler(32),
  ];
  return Uint8Array.from([...INIT, ...lines.flatMap((line) => [...ascii(line), 0x0a]), 0x0a, 0x0a, 0x0a, ...CUT]);
}

/** Whether `bytes` contains `part`, anywhere. */
export function includesBytes(bytes: Uint8Array, part: readonly number[]): boolean {
  outer: for (let start = 0; start + part.length <= bytes.length; start += 1) {
    for (let index = 0; index < part.length; index += 1) if (bytes[start + index] !== part[index]) continue outer;
    return true;
  }
  return false;
}

/** A line of `width` characters: `left`, then `right` at the right edge (left cut short to fit). */
export function columns(left: string, right: string, width = 48): string {
  const room = Math.max(0, width - right.length - 1);
  const head = left.length > room ? left.slice(0, room) : left;
  return `${head}${" ".repeat(Math.max(1, width - head.length - right.length))}${right}`;
}

/**
 * A receipt the browser lays out itself (the register's offline sale, which the server cannot build):
 * its lines as plain text at `width` characters, feed and cut, then the drawer kick when `kick`.
 */
export function textReceiptBytes(lines: readonly string[], options: { kick: boolean }): Uint8Array {
  return Uint8Array.from([
    ...INIT,
    ...lines.flatMap((line) => [...ascii(line), 0x0a]),
    0x0a,
    0x0a,
    0x0a,
    ...CUT,
    ...(options.kick ? DRAWER_KICK : []),
  ]);
}
