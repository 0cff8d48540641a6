import { isValidEan13, type LabelField } from "@cargodesk/shared";
import type { LabelSpec } from "./label-sheet";

/**
 * Barcode labels for a thermal label printer, as TSPL (the command language of TSC printers and of
 * most USB label printers sold with tills: Xprinter, Gprinter, HPRT, Munbyn). TSPL was chosen over
 * ESC/POS raster because label printers that speak ESC/POS at all rarely sense the gap between labels
 * in that mode, and over ZPL because ZPL printers (Zebra) are the minority at restaurant counters; the
 * printer draws the text and the bars itself, so they are sharp at its own 203 dpi and the job is a
 * few hundred bytes instead of a bitmap. Pure text from plain data (the same LabelSpec as the PDF).
 */
export type ThermalTemplate = "38x25" | "50x30";

/** 203 dpi: 8 dots a millimetre. */
const DOTS_PER_MM = 8;

interface Font {
  /** TSPL's built-in font name. */
  name: string;
  width: number;
  height: number;
}
const FONT_1: Font = { name: "1", width: 8, height: 12 };
const FONT_2: Font = { name: "2", width: 12, height: 20 };
const FONT_3: Font = { name: "3", width: 16, height: 24 };

const LAYOUTS: Record<ThermalTemplate, { w: number; h: number; pad: number; name: Font; line: Font }> = {
  "38x25": { w: 38, h: 25, pad: 12, name: FONT_2, line: FONT_1 },
  "50x30": { w: 50, h: 30, pad: 16, name: FONT_3, line: FONT_2 },
};

/** Height of the digits TSPL prints under the bars (font 1 plus its gap). */
const DIGITS_HEIGHT = 22;
const LINE_GAP = 4;

/** A TSPL string: Latin-1 only (codepage 1252 is set), double quotes as TSPL's \["] escape, cut to fit. */
function quoted(text: string, maxChars: number): string {
  const latin = [...text.replace(/[\r\n]+/g, " ")]
    .slice(0, Math.max(1, maxChars))
    .map((char) => (/^[\x20-\x7e\xa0-\xff]$/.test(char) ? char : "?"))
    .join("");
  return `"${latin.replace(/"/g, '\\["]')}"`;
}

/** Modules of the symbol: EAN-13 is 95; Code 128 is 11 a character plus start, check and stop (35). */
const modulesOf = (code: string) => (isValidEan13(code) ? 95 : 11 * code.length + 35);

/** The commands of one label: CLS, its lines and bars, PRINT with the copies. */
function labelCommands(template: ThermalTemplate, fields: readonly LabelField[], label: LabelSpec): string[] {
  const layout = LAYOUTS[template];
  const width = layout.w * DOTS_PER_MM;
  const height = layout.h * DOTS_PER_MM;
  const inner = width - 2 * layout.pad;
  const commands = ["CLS"];
  let y = layout.pad;
  const text = (value: string, font: Font) => {
    if (!value) return;
    commands.push(`TEXT ${layout.pad},${y},"${font.name}",0,1,1,${quoted(value, Math.floor(inner / font.width))}`);
    y += font.height + LINE_GAP;
  };
  for (const field of fields) {
    if (field === "name") text(label.name, layout.name);
    if (field === "variant") text(label.variant, layout.line);
    if (field === "price" && label.price !== null) text(label.price, layout.name);
  }
  if (fields.includes("code") && label.code) {
    const modules = modulesOf(label.code);
    const narrow = Math.max(1, Math.min(3, Math.floor(inner / modules)));
    const barHeight = Math.max(24, height - y - layout.pad - DIGITS_HEIGHT);
    const x = Math.max(0, Math.floor((width - modules * narrow) / 2));
    // As on the PDF: EAN-13 for a valid 13-digit code, Code 128 for anything else.
    const type = isValidEan13(label.code) ? "EAN13" : "128";
    commands.push(`BARCODE ${x},${y},"${type}",${barHeight},1,0,${narrow},${narrow},${quoted(label.code, 64)}`);
  }
  commands.push(`PRINT 1,${label.copies}`);
  return commands;
}

/**
 * The TSPL job: the label size and gap once (a 2 mm gap, as on the common rolls), then each label
 * with its copies, CRLF line ends, as Latin-1 bytes.
 */
export function tsplLabels(template: ThermalTemplate, fields: readonly LabelField[], labels: readonly LabelSpec[]) {
  const layout = LAYOUTS[template];
  const commands = [
    `SIZE ${layout.w} mm,${layout.h} mm`,
    "GAP 2 mm,0 mm",
    "DIRECTION 1",
    "REFERENCE 0,0",
    "CODEPAGE 1252",
    ...labels.flatMap((label) => labelCommands(template, fields, label)),
  ];
  return Buffer.from(`${commands.join("\r\n")}\r\n`, "latin1");
}
