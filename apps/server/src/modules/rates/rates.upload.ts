import { createRequire } from "node:module";
import {
  RATE_SHEET_MESSAGES as M,
  MAX_LINE_MINOR,
  MAX_SHEET_KG,
  MONEY_MESSAGES,
  normalizeZip,
  toMinor,
  ZIP_PATTERN,
} from "@cargodesk/shared";
import countriesLib from "i18n-iso-countries";
import type { Db } from "../../db/client";
import { countries, currencies } from "../../db/schema/index";
import { type RowIssue, readSheet, rejectIssues, type SheetRow } from "../../lib/tabular";

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require("i18n-iso-countries/langs/en.json"));

/** One checked row of a rate sheet: a weight band for one destination. Weights in grams. */
export interface ParsedBand {
  row: number;
  countryId: number | null;
  zipPrefix: string | null;
  minGrams: number;
  maxGrams: number;
  currencyId: number;
  flatMinor: number | null;
  firstKgMinor: number | null;
  addKgMinor: number | null;
}

interface Lookups {
  country: (text: string) => number | null;
  currency: (text: string) => number | null;
}

/** Countries by ISO numeric, alpha-2 or alpha-3 code, or by name (ISO's names and common ones: UK, USA, UAE). */
async function loadLookups(db: Db): Promise<Lookups> {
  const countryRows = await db
    .select({ id: countries.countryId, name: countries.name, code: countries.code, iso2: countries.iso2 })
    .from(countries);
  const byCode = new Map(countryRows.map((row) => [row.code.toUpperCase(), row.id]));
  const byIso2 = new Map(countryRows.flatMap((row) => (row.iso2 ? [[row.iso2.toUpperCase(), row.id] as const] : [])));
  const byName = new Map(countryRows.map((row) => [row.name.trim().toLowerCase(), row.id]));
  const currencyRows = await db.select({ id: currencies.id, code: currencies.code }).from(currencies);
  const byCurrency = new Map(currencyRows.map((row) => [row.code.trim().toUpperCase(), row.id]));
  return {
    country(text) {
      const key = text.trim().toUpperCase();
      const iso2 =
        key.length === 2 ? key : key.length === 3 && /^[A-Z]+$/.test(key) ? countriesLib.alpha3ToAlpha2(key) : null;
      const numeric = /^\d{1,3}$/.test(key) ? key.padStart(3, "0") : null;
      const named = countriesLib.getAlpha2Code(text.trim(), "en");
      return (
        byCode.get(key) ??
        (numeric ? byCode.get(numeric) : undefined) ??
        (iso2 ? byIso2.get(iso2) : undefined) ??
        byName.get(text.trim().toLowerCase()) ??
        (named ? byIso2.get(named) : undefined) ??
        null
      );
    },
    currency: (text) => byCurrency.get(text.trim().toUpperCase()) ?? null,
  };
}

/** Kilograms with at most 3 decimals as whole grams, or null. */
function grams(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  return value <= MAX_SHEET_KG * 1000 ? value : null;
}

export const kgText = (grams: number): string => String(grams / 1000);

/** A header such as "Min KG" or "first-kg" is read as min_kg / first_kg. */
const normalizeCells = (rows: SheetRow[]): SheetRow[] =>
  rows.map(({ row, cells }) => ({
    row,
    cells: Object.fromEntries(Object.entries(cells).map(([key, value]) => [key.replace(/[\s-]+/g, "_"), value])),
  }));

function headerIssues(header: readonly string[], zipMode: boolean): RowIssue[] {
  const required = [zipMode ? "zip" : "country", "min_kg", "max_kg", "currency"];
  const issues: RowIssue[] = required
    .filter((column) => !header.includes(column))
    .map((column) => ({ row: 1, column, message: M.missingColumn }));
  const hasFlat = header.includes("flat");
  const hasPerKg = header.includes("first_kg") && header.includes("add_kg");
  if (!hasFlat && !hasPerKg) issues.push({ row: 1, column: "flat", message: M.rateColumns });
  return issues;
}

/** An amount cell: null when empty, else minor units (a message when it is not a number 0 or more). */
function amount(
  cells: Record<string, string>,
  column: string,
  row: number,
  issues: RowIssue[],
  positive = false,
): number | null | undefined {
  const text = (cells[column] ?? "").replaceAll(",", "").trim();
  if (text === "") return null;
  const minor = toMinor(text);
  if (minor === null || minor < 0) {
    issues.push({ row, column, message: M.amount });
    return undefined;
  }
  if (minor > MAX_LINE_MINOR) {
    issues.push({ row, column, message: MONEY_MESSAGES.tooLarge });
    return undefined;
  }
  if (positive && minor === 0) {
    issues.push({ row, column, message: M.positive });
    return undefined;
  }
  return minor;
}

function parseRow({ row, cells }: SheetRow, zipMode: boolean, lookups: Lookups, issues: RowIssue[]): ParsedBand | null {
  const before = issues.length;
  let countryId: number | null = null;
  let zipPrefix: string | null = null;
  if (zipMode) {
    const zip = normalizeZip(cells.zip ?? "");
    if (zip === "") issues.push({ row, column: "zip", message: M.zipRequired });
    else if (!ZIP_PATTERN.test(zip)) issues.push({ row, column: "zip", message: M.zipFormat });
    else zipPrefix = zip;
  } else {
    const country = (cells.country ?? "").trim();
    if (country === "") issues.push({ row, column: "country", message: M.countryRequired });
    else {
      countryId = lookups.country(country);
      if (countryId === null) issues.push({ row, column: "country", message: `${M.countryUnknown}: ${country}` });
    }
    if ((cells.zip ?? "").trim() !== "") issues.push({ row, column: "zip", message: M.zipOnly });
  }
  const minGrams = grams(cells.min_kg ?? "");
  const maxGrams = grams(cells.max_kg ?? "");
  if (minGrams === null) issues.push({ row, column: "min_kg", message: M.kg });
  if (maxGrams === null) issues.push({ row, column: "max_kg", message: M.kg });
  else if (minGrams !== null && maxGrams <= minGrams) issues.push({ row, column: "max_kg", message: M.maxAboveMin });
  const code = (cells.currency ?? "").trim();
  const currencyId = code === "" ? null : lookups.currency(code);
  if (code === "") issues.push({ row, column: "currency", message: M.currencyRequired });
  else if (currencyId === null) issues.push({ row, column: "currency", message: `${M.currencyUnknown}: ${code}` });

  const flat = amount(cells, "flat", row, issues, true);
  const first = amount(cells, "first_kg", row, issues, true);
  const add = amount(cells, "add_kg", row, issues);
  if (flat !== undefined && first !== undefined && add !== undefined) {
    const perKg = first !== null || add !== null;
    if (flat !== null && perKg) issues.push({ row, column: "flat", message: M.rateBoth });
    else if (flat === null && (first === null || add === null)) {
      const column = !perKg ? "flat" : first === null ? "first_kg" : "add_kg";
      issues.push({ row, column, message: M.rateMissing });
    }
  }
  if (issues.length > before || minGrams === null || maxGrams === null || currencyId === null) return null;
  return {
    row,
    countryId,
    zipPrefix,
    minGrams,
    maxGrams,
    currencyId,
    flatMinor: flat ?? null,
    firstKgMinor: flat === null ? (first ?? null) : null,
    addKgMinor: flat === null ? (add ?? null) : null,
  };
}

/** Each destination's bands must run from 0 kg upwards with neither gaps nor overlaps. */
function bandIssues(bands: readonly ParsedBand[]): RowIssue[] {
  const issues: RowIssue[] = [];
  const byDestination = new Map<string, ParsedBand[]>();
  for (const band of bands) {
    const key = band.zipPrefix === null ? `c${band.countryId}` : `z${band.zipPrefix}`;
    const list = byDestination.get(key);
    if (list) list.push(band);
    else byDestination.set(key, [band]);
  }
  for (const list of byDestination.values()) {
    list.sort((a, b) => a.minGrams - b.minGrams || a.row - b.row);
    const [first] = list;
    if (first && first.minGrams !== 0)
      issues.push({ row: first.row, column: "min_kg", message: M.firstBand(kgText(first.minGrams)) });
    for (let index = 1; index < list.length; index += 1) {
      const previous = list[index - 1] as ParsedBand;
      const band = list[index] as ParsedBand;
      if (band.minGrams < previous.maxGrams)
        issues.push({
          row: band.row,
          column: "min_kg",
          message: M.overlap(previous.row, kgText(previous.minGrams), kgText(previous.maxGrams)),
        });
      else if (band.minGrams > previous.maxGrams)
        issues.push({
          row: band.row,
          column: "min_kg",
          message: M.gap(kgText(previous.maxGrams), kgText(band.minGrams), previous.row),
        });
    }
  }
  return issues.sort((a, b) => a.row - b.row);
}

/**
 * Reads and checks a whole rate sheet (CSV or XLSX). Any problem refuses the file with every row
 * and column message (400), before anything is stored.
 */
export async function parseRateSheet(db: Db, file: Buffer, zipMode: boolean): Promise<ParsedBand[]> {
  const rows = normalizeCells(await readSheet(file, []));
  const header = Object.keys(rows[0]?.cells ?? {});
  rejectIssues(headerIssues(header, zipMode));
  const lookups = await loadLookups(db);
  const issues: RowIssue[] = [];
  const bands = rows.flatMap((row) => parseRow(row, zipMode, lookups, issues) ?? []);
  issues.push(...bandIssues(bands));
  rejectIssues(issues.sort((a, b) => a.row - b.row));
  return bands;
}
