import { parseMinor, type ShipmentPartyView, type ShipmentView, sumMinor } from "@cargodesk/shared";
import bwipjs from "bwip-js/node";
import type { DocumentCompany } from "./model";
import { logoSource, type Pdf } from "./pdfkit";

/**
 * Shared drawing pieces of the shipment documents (waybill, customs invoice): boxes with labels,
 * party blocks, barcodes. Drawn in a worker (workers/tasks.ts).
 */

export const INK = "#111111";
export const MUTED = "#555555";
export const BRAND = "#1f3b57";
export const RULE = "#8a8a8a";
export const SHADE = "#eef2f6";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const BAR_SCALE = 3;

/** A Code 128 barcode of `text` as PNG, bars only (the digits are printed by the caller), and its width in modules. */
export async function code128Png(text: string): Promise<{ png: Buffer; modules: number }> {
  const png = await bwipjs.toBuffer({ bcid: "code128", text, scale: BAR_SCALE, height: 14, includetext: false });
  // The PNG header holds the width in pixels at byte 16; bwip-js draws each module BAR_SCALE pixels wide.
  return { png, modules: png.readUInt32BE(16) / BAR_SCALE };
}

/** A QR code of `text` as PNG (BWIPP's default, medium error correction). */
export function qrPng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: "qrcode", text, scale: 4 });
}

/** The smallest type the documents shrink to before they wrap instead (still legible when printed). */
export const MIN_SIZE = 4.5;

type TextStyle = { bold?: boolean; color?: string; align?: "left" | "right" | "center" };

const setFont = (doc: Pdf, size: number, style: TextStyle) =>
  doc
    .font(style.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(size)
    .fillColor(style.color ?? INK);

/**
 * The largest size from `size` down to `min` (in half points) at which `text`, wrapped to `width`,
 * is at most `height` tall; `min` when even that is too tall. The font is left set to it.
 */
export function fittingSize(
  doc: Pdf,
  text: string,
  width: number,
  height: number,
  size: number,
  options: { bold?: boolean; min?: number } = {},
): number {
  const min = Math.min(size, options.min ?? MIN_SIZE);
  let current = size;
  for (;;) {
    doc.font(options.bold ? "Helvetica-Bold" : "Helvetica").fontSize(current);
    if (current <= min || doc.heightOfString(text, { width }) <= height) return current;
    current = Math.max(min, current - 0.5);
  }
}

/**
 * One line of text inside `width`: a value too long is set smaller rather than cut, and only
 * below MIN_SIZE does it wrap onto a second line. Every character the form accepted is printed.
 */
export function line(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  options: TextStyle & { size?: number } = {},
): void {
  const size = options.size ?? 8;
  setFont(doc, size, options);
  let fitted = size;
  const min = Math.min(size, MIN_SIZE);
  while (fitted > min && doc.widthOfString(text) > width) {
    fitted = Math.max(min, fitted - 0.5);
    doc.fontSize(fitted);
  }
  const fits = doc.widthOfString(text) <= width;
  doc.text(text, x, y + (size - fitted) / 2, { width, align: options.align ?? "left", lineBreak: !fits });
}

/**
 * `text` wrapped inside `box`, at the largest size up to `size` that fits its height: how the
 * free-text blocks (addresses, contents) keep every character. Returns whether it fitted.
 */
export function block(doc: Pdf, text: string, box: Box, options: TextStyle & { size?: number; min?: number }): boolean {
  const size = fittingSize(doc, text, box.w, box.h, options.size ?? 8, options);
  setFont(doc, size, options);
  const fits = doc.heightOfString(text, { width: box.w }) <= box.h;
  doc.text(text, box.x, box.y, { width: box.w, align: options.align ?? "left" });
  return fits;
}

export function frame(doc: Pdf, box: Box, options: { fill?: string; width?: number } = {}): void {
  if (options.fill) doc.rect(box.x, box.y, box.w, box.h).fill(options.fill);
  doc
    .rect(box.x, box.y, box.w, box.h)
    .lineWidth(options.width ?? 0.6)
    .strokeColor(RULE)
    .stroke();
}

/** A boxed field: a small upper-case label over its value, as on a printed courier form. */
export function field(
  doc: Pdf,
  box: Box,
  label: string,
  value: string,
  options: { size?: number; align?: "left" | "center" } = {},
): void {
  frame(doc, box);
  line(doc, label.toUpperCase(), box.x + 4, box.y + 3, box.w - 8, { size: 5.5, color: MUTED });
  const size = options.size ?? 8.5;
  const text = value || "-";
  const inner = { x: box.x + 4, y: box.y + 10, w: box.w - 8, h: box.h - 12 };
  // One line sits at the foot of the box; a longer value shrinks and wraps inside the box instead.
  doc.font("Helvetica-Bold").fontSize(size);
  if (doc.widthOfString(text) <= inner.w)
    line(doc, text, inner.x, box.y + box.h - size - 4, inner.w, { size, bold: true, align: options.align ?? "left" });
  else block(doc, text, inner, { size, bold: true, align: options.align ?? "left" });
}

/** A band with a title in white, heading a block. */
export function band(doc: Pdf, box: Box, title: string, options: { size?: number } = {}): void {
  doc.rect(box.x, box.y, box.w, box.h).fill(BRAND);
  line(doc, title, box.x + 5, box.y + (box.h - (options.size ?? 7)) / 2, box.w - 10, {
    size: options.size ?? 7,
    bold: true,
    color: "#ffffff",
  });
}

const joined = (parts: readonly (string | null | undefined)[], separator: string) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);

/** The lines of a party's address block, name first; empty parts are left out. */
export function partyLines(
  party: ShipmentPartyView | undefined,
  extra: readonly [string, string | null | undefined][] = [],
): { name: string; rest: string[] } {
  if (!party) return { name: "-", rest: [] };
  const rest = [
    party.company,
    party.address,
    party.address_2,
    party.address_3,
    joined([joined([party.city, party.state], ", "), party.postal_code], " "),
    party.country.name,
    party.phone ? `Tel: ${party.phone}` : "",
    party.email ? `Email: ${party.email}` : "",
    ...extra.map(([label, value]) => (value ? `${label}: ${value}` : "")),
  ];
  return { name: party.name, rest: rest.filter((part): part is string => Boolean(part?.trim())) };
}

/** A titled, boxed party block: the name in bold, then company, address, city, country and contacts. */
export function partyBlock(
  doc: Pdf,
  box: Box,
  title: string,
  party: ShipmentPartyView | undefined,
  extra: readonly [string, string | null | undefined][] = [],
  options: { size?: number } = {},
): void {
  const size = options.size ?? 7.5;
  frame(doc, box);
  band(doc, { x: box.x, y: box.y, w: box.w, h: 13 }, title);
  const { name, rest } = partyLines(party, extra);
  const inner = { x: box.x + 5, y: box.y + 17, w: box.w - 10, h: box.h - 19 };
  // Name in bold over the other lines; the block shrinks as one so that long addresses wrap, never cut.
  const body = rest.join("\n");
  let current = size;
  const heightAt = (at: number) => {
    doc.font("Helvetica-Bold").fontSize(at + 1.5);
    const top = doc.heightOfString(name, { width: inner.w }) + 2;
    doc.font("Helvetica").fontSize(at);
    return top + (body ? doc.heightOfString(body, { width: inner.w, lineGap: 0.6 }) : 0);
  };
  // The longest party the form accepts (about 1,200 characters) needs type this small to fit.
  const min = 3.5;
  while (current > min && heightAt(current) > inner.h) current = Math.max(min, current - 0.25);
  setFont(doc, current + 1.5, { bold: true });
  doc.text(name, inner.x, inner.y, { width: inner.w });
  const y = inner.y + doc.heightOfString(name, { width: inner.w }) + 2;
  if (body) setFont(doc, current, {}).text(body, inner.x, y, { width: inner.w, lineGap: 0.6 });
}

/** The company's logo (when the profile has one), name and contact lines, inside `box`. */
export function companyBlock(doc: Pdf, company: DocumentCompany, box: Box, options: { nameSize?: number } = {}): void {
  let left = box.x;
  const logo = logoSource(company);
  if (logo) {
    doc.image(logo, box.x, box.y, { fit: [box.h, box.h], valign: "center" });
    left = box.x + box.h + 6;
  }
  const width = box.w - (left - box.x);
  const nameSize = options.nameSize ?? 12;
  line(doc, company.name, left, box.y + 2, width, { size: nameSize, bold: true, color: BRAND });
  let y = box.y + nameSize + 5;
  const details = [
    company.address,
    joined([company.phone && `Tel: ${company.phone}`, company.email], "   "),
    company.ntn ? `NTN: ${company.ntn}` : "",
  ];
  for (const text of details.filter(Boolean)) {
    if (y + 7 > box.y + box.h + 2) break;
    line(doc, text, left, y, width, { size: 6.5, color: MUTED });
    y += 8;
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2025-03-07" -> "07 Mar 2025"; anything else is shown as given. */
export function displayDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? "");
  if (!match) return value ?? "";
  const [, year, month, day] = match;
  return `${day} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

/** Weights as the documents print them: up to 2 decimals, no trailing zeros. */
export const kg = (value: number) => `${Number(value.toFixed(2))} KG`;

/** The customs value of the item lines (quantity x value per piece), in the first line's currency. */
export function declaredValue(view: ShipmentView): { minor: bigint; code: string } | null {
  const first = view.shipment_data[0];
  if (!first) return null;
  // BigInt: value x quantity summed over the lines may pass 2^53 minor units.
  const minor = sumMinor(view.shipment_data.map((item) => (parseMinor(item.value) ?? 0n) * BigInt(item.quantity)));
  return { minor, code: first.currency.code };
}
