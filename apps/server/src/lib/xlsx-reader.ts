import path from "node:path";
import { SaxesParser } from "saxes";
import { AppError } from "./app-error";
import { type GridRow, gridBuilder, LIMIT_MESSAGES, refuse, SHEET_LIMITS, setCell, unreadable } from "./sheet-grid";
import { openZip, ZipError } from "./zip-reader";

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** One pass of a SAX parser over an XML part; element names lose their namespace prefix. */
function walkXml(xml: Buffer, handlers: XmlHandlers) {
  const parser = new SaxesParser({ position: false, xmlns: false });
  const { open, close, text } = handlers;
  if (open) parser.on("opentag", (tag) => open(localName(tag.name), tag.attributes));
  if (close) parser.on("closetag", (tag) => close(localName(tag.name)));
  if (text) {
    parser.on("text", text);
    parser.on("cdata", text);
  }
  try {
    parser.write(xml.toString("utf8")).close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    unreadable();
  }
}

/** Relationship ids to part paths, resolved against the part that owns them. */
function relationships(read: (name: string) => Buffer | null, owner: string) {
  const targets = new Map<string, { type: string; target: string }>();
  const rels = read(path.posix.join(path.posix.dirname(owner), "_rels", `${path.posix.basename(owner)}.rels`));
  if (!rels) return targets;
  walkXml(rels, {
    open(name, attributes) {
      if (name !== "Relationship" || !attributes.Id || !attributes.Target) return;
      const target = attributes.Target.startsWith("/")
        ? attributes.Target.slice(1)
        : path.posix.normalize(path.posix.join(path.posix.dirname(owner), attributes.Target));
      targets.set(attributes.Id, { type: attributes.Type ?? "", target });
    },
  });
  return targets;
}

/** Text of <si> (shared) or <is> (inline) strings: every <t>, leaving out phonetic runs. */
function stringCollector() {
  let parts: string[] | null = null;
  let inT = false;
  let phonetic = 0;
  return {
    open(name: string) {
      if (name === "rPh") phonetic += 1;
      else if (name === "t" && parts && phonetic === 0) inT = true;
    },
    close(name: string) {
      if (name === "rPh") phonetic -= 1;
      else if (name === "t") inT = false;
    },
    text(text: string) {
      if (inT && parts) parts.push(text);
    },
    start() {
      parts = [];
    },
    finish(): string {
      const value = parts?.join("") ?? "";
      parts = null;
      return value;
    },
  };
}

function sharedStrings(xml: Buffer | null): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  const collector = stringCollector();
  walkXml(xml, {
    open(name) {
      if (name === "si") {
        if (strings.length >= SHEET_LIMITS.cells) refuse(LIMIT_MESSAGES.cells);
        collector.start();
      } else collector.open(name);
    },
    close(name) {
      if (name === "si") strings.push(collector.finish());
      else collector.close(name);
    },
    text: collector.text,
  });
  return strings;
}

const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Which cell styles (by index) show a number as a date or time. */
function dateStyles(xml: Buffer | null): boolean[] {
  const styles: boolean[] = [];
  if (!xml) return styles;
  const custom = new Map<number, boolean>();
  let inCellXfs = false;
  walkXml(xml, {
    open(name, attributes) {
      if (name === "numFmt") {
        const code = (attributes.formatCode ?? "").replace(/"[^"]*"|\[[^\]]*\]|\\./g, "");
        custom.set(Number(attributes.numFmtId), /[dmyhs]/i.test(code));
      } else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        if (styles.length >= SHEET_LIMITS.cells) refuse(LIMIT_MESSAGES.cells);
        const id = Number(attributes.numFmtId ?? 0);
        styles.push(custom.get(id) ?? BUILT_IN_DATE_FORMATS.has(id));
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return styles;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A date serial as YYYY-MM-DD, with HH:MM:SS when it has a time of day. */
function serialDate(serial: number, date1904: boolean): string {
  const ms = Math.round(((date1904 ? serial + 1462 : serial) - 25569) * 86_400) * 1000;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return String(serial);
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (ms % 86_400_000 === 0) return day;
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** Column number of a reference such as "C7" or "XFD1048576" (A = 1), or null. */
function columnOf(reference: string): number | null {
  const match = /^([A-Z]{1,3})\d*$/.exec(reference);
  if (!match?.[1]) return null;
  let column = 0;
  for (const letter of match[1]) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

function workbookParts(read: (name: string) => Buffer | null) {
  const root = relationships(read, "");
  const workbookPath =
    [...root.values()].find((rel) => rel.type.endsWith("/officeDocument"))?.target ?? "xl/workbook.xml";
  const workbook = read(workbookPath);
  if (!workbook) unreadable();
  let firstSheet: string | undefined;
  let date1904 = false;
  walkXml(workbook, {
    open(name, attributes) {
      if (name === "workbookPr") date1904 = attributes.date1904 === "1" || attributes.date1904 === "true";
      if (name === "sheet" && firstSheet === undefined) {
        const id = Object.entries(attributes).find(([key]) => key.endsWith(":id"))?.[1];
        firstSheet = id ?? "";
      }
    },
  });
  const rels = relationships(read, workbookPath);
  const byType = (suffix: string) => [...rels.values()].find((rel) => rel.type.endsWith(suffix))?.target;
  return {
    sheet: firstSheet === undefined ? undefined : rels.get(firstSheet)?.target,
    sharedStrings: byType("/sharedStrings"),
    styles: byType("/styles"),
    date1904,
  };
}

/** The first worksheet of an XLSX workbook, read in one pass per part. */
export function xlsxGrid(buffer: Buffer): GridRow[] {
  let read: (name: string) => Buffer | null;
  try {
    const zip = openZip(buffer, {
      maxUnzippedBytes: SHEET_LIMITS.unzippedBytes,
      maxRatio: SHEET_LIMITS.compressionRatio,
      maxEntries: SHEET_LIMITS.zipEntries,
    });
    read = (name) => {
      try {
        return zip.read(name);
      } catch (error) {
        if (!(error instanceof ZipError)) throw error;
        return refuse(
          error.problem === "bomb"
            ? LIMIT_MESSAGES.bomb
            : error.problem === "too-large"
              ? LIMIT_MESSAGES.unzipped
              : "The file is not a readable XLSX workbook",
        );
      }
    };
  } catch (error) {
    if (error instanceof ZipError) unreadable();
    throw error;
  }
  const parts = workbookParts(read);
  if (!parts.sheet) return [];
  const strings = sharedStrings(parts.sharedStrings ? read(parts.sharedStrings) : null);
  const dates = dateStyles(parts.styles ? read(parts.styles) : null);
  const sheet = read(parts.sheet);
  if (!sheet) unreadable();

  const grid = gridBuilder();
  const inline = stringCollector();
  let row = 0;
  let values: string[] = [];
  let column = 0;
  let type = "n";
  let style = 0;
  let text: string[] | null = null;
  let inInline = false;
  walkXml(sheet, {
    open(name, attributes) {
      if (name === "row") {
        const number = attributes.r === undefined ? row + 1 : Number(attributes.r);
        if (!Number.isSafeInteger(number) || number < 1) unreadable();
        row = number;
        values = [];
        column = 0;
      } else if (name === "c") {
        const next = attributes.r === undefined ? column + 1 : columnOf(attributes.r);
        if (next === null) return unreadable();
        column = next;
        type = attributes.t ?? "n";
        style = Number(attributes.s ?? 0);
        text = null;
      } else if (name === "v") text = [];
      else if (name === "is") {
        inInline = true;
        inline.start();
      } else if (inInline) inline.open(name);
    },
    text(chunk) {
      if (text) text.push(chunk);
      else if (inInline) inline.text(chunk);
    },
    close(name) {
      if (name === "row") grid.add(row, values);
      else if (name === "is") {
        inInline = false;
        setCell(values, column, inline.finish());
      } else if (inInline) inline.close(name);
      else if (name === "v" && text) {
        setCell(values, column, cellText(text.join(""), type, dates[style] === true, strings, parts.date1904));
        text = null;
      }
    },
  });
  return grid.rows();
}

/** What a cell shows, from its stored value and type: shared strings by index, numbers as written. */
function cellText(raw: string, type: string, isDate: boolean, strings: string[], date1904: boolean): string {
  if (type === "s") return strings[Number(raw)] ?? "";
  if (type === "b") return raw === "1" ? "true" : "false";
  if (type !== "n") return raw;
  const number = Number(raw);
  if (raw.trim() === "" || Number.isNaN(number)) return raw;
  return isDate ? serialDate(number, date1904) : String(number);
}
