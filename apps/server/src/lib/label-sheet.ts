import { isValidEan13, type LabelField, type LabelTemplate } from "@cargodesk/shared";
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import { type Pdf, pdfBuffer } from "./documents/pdfkit";

/**
 * Barcode labels as a PDF: thermal rolls of 38x25 or 50x30 mm (one label a page) or an A4 sheet of
 * 3 x 8. Pure drawing from plain data, so it runs in the worker pool (workers/tasks.ts).
 */
export interface LabelSpec {
  name: string;
  /** Size and flavour ("L Spicy"); empty for none. */
  variant: string;
  /** The price as printed ("1,250.50"), or null for none. */
  price: string | null;
  code: string | null;
  copies: number;
}

export interface LabelSheetJob {
  template: LabelTemplate;
  fields: readonly LabelField[];
  labels: readonly LabelSpec[];
}

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const INK = "#111111";

interface Layout {
  page: [number, number];
  columns: number;
  rows: number;
  label: { w: number; h: number };
  /** Inner padding of a label. */
  pad: number;
  /** Type sizes: name, other lines, code digits. */
  sizes: { name: number; line: number; digits: number };
}

/** A roll label of w x h mm: the page is the label. */
const thermal = (w: number, h: number, pad: number, sizes: Layout["sizes"]): Layout => ({
  page: [w * MM, h * MM],
  columns: 1,
  rows: 1,
  label: { w: w * MM, h: h * MM },
  pad: pad * MM,
  sizes,
});

const LAYOUTS: Record<LabelTemplate, Layout> = {
  "38x25": thermal(38, 25, 1.5, { name: 6.5, line: 5.5, digits: 6 }),
  "50x30": thermal(50, 30, 2, { name: 8, line: 6.5, digits: 7 }),
  "a4-3x8": {
    page: [A4.width, A4.height],
    columns: 3,
    rows: 8,
    label: { w: A4.width / 3, h: A4.height / 8 },
    pad: 3 * MM,
    sizes: { name: 10, line: 8, digits: 8.5 },
  },
};

/** EAN-13 for a valid 13-digit code (the in-store codes and retail ones); Code 128 for anything else. */
export const symbologyOf = (code: string) => (isValidEan13(code) ? "ean13" : "code128");

/** The bars of `code` as PNG, without the human-readable line (drawn as text, so it can be read and searched). */
async function barsImage(code: string): Promise<Image> {
  const png = await bwipjs.toBuffer({
    bcid: symbologyOf(code),
    text: code,
    scale: BAR_SCALE,
    height: 12,
    includetext: false,
  });
  // The PNG header holds the width in pixels at byte 16; bwip-js draws each module BAR_SCALE pixels wide.
  return { src: `data:image/png;base64,${png.toString("base64")}`, modules: png.readUInt32BE(16) / BAR_SCALE };
}

/** The largest size down to 4.5 pt at which `text` fits `width` on one line; the font is left set. */
function fit(doc: Pdf, text: string, width: number, size: number, bold: boolean): number {
  doc.font(bold ? "Helvetica-Bold" : "Helvetica");
  let current = size;
  while (current > 4.5 && doc.fontSize(current).widthOfString(text) > width) current -= 0.5;
  return current;
}

/**
 * A code's bars: a PNG data URL (pdfkit keeps an image opened from a string in its registry, so
 * every copy of a label reuses the one embedded image) and its width in modules.
 */
interface Image {
  src: string;
  modules: number;
}

/** 0.35 mm: about the nominal EAN-13 module (0.33 mm); narrower labels get narrower modules. */
const MAX_MODULE = 0.35 * MM;
/** Quiet zones, in modules: EAN-13 needs 11 + 7, Code 128 10 + 10. */
const QUIET_MODULES = 20;
const BAR_SCALE = 3;

function drawLabel(
  doc: Pdf,
  job: LabelSheetJob,
  layout: Layout,
  x: number,
  y: number,
  spec: LabelSpec,
  bars: Image | null,
) {
  const { pad, sizes } = layout;
  const width = layout.label.w - 2 * pad;
  const bottom = y + layout.label.h - pad;
  let top = y + pad;
  const line = (text: string, size: number, bold: boolean) => {
    if (!text) return;
    const used = fit(doc, text, width, size, bold);
    doc.fillColor(INK).text(text, x + pad, top, { width, align: "center", lineBreak: false, ellipsis: true });
    top += used * 1.15;
  };
  if (job.fields.includes("name")) line(spec.name, sizes.name, true);
  if (job.fields.includes("variant")) line(spec.variant, sizes.line, false);
  if (job.fields.includes("price") && spec.price !== null) line(spec.price, sizes.line, true);
  if (!job.fields.includes("code") || !bars || !spec.code) return;
  const digitsHeight = sizes.digits * 1.25;
  const barsHeight = Math.min(bottom - top - digitsHeight - 1, layout.label.h * 0.45);
  if (barsHeight > 4) {
    // Whole quiet zones either side and modules no wider than MAX_MODULE, so a scanner reads it.
    const module = Math.min(MAX_MODULE, width / (bars.modules + QUIET_MODULES));
    const barsWidth = bars.modules * module;
    doc.image(bars.src, x + pad + (width - barsWidth) / 2, top + 1, { width: barsWidth, height: barsHeight });
    top += barsHeight + 1.5;
  }
  fit(doc, spec.code, width, sizes.digits, false);
  doc.fillColor(INK).text(spec.code, x + pad, top, { width, align: "center", lineBreak: false });
}

/** The PDF: labels in the order given, each repeated `copies` times, filling a sheet row by row. */
export async function renderLabelSheet(job: LabelSheetJob): Promise<Uint8Array> {
  const layout = LAYOUTS[job.template];
  const doc: Pdf = new PDFDocument({
    size: layout.page,
    margin: 0,
    autoFirstPage: false,
    info: { Title: "Barcode labels", Producer: "CargoDesk", Creator: "CargoDesk" },
  });
  // One image per distinct code, embedded once however many copies use it.
  const images = new Map<string, Image>();
  if (job.fields.includes("code")) {
    for (const spec of job.labels) {
      if (spec.code && !images.has(spec.code)) images.set(spec.code, await barsImage(spec.code));
    }
  }
  const perPage = layout.columns * layout.rows;
  let slot = 0;
  for (const spec of job.labels) {
    for (let copy = 0; copy < spec.copies; copy += 1) {
      const onPage = slot % perPage;
      if (onPage === 0) doc.addPage({ size: layout.page, margin: 0 });
      const x = (onPage % layout.columns) * layout.label.w;
      const y = Math.floor(onPage / layout.columns) * layout.label.h;
      drawLabel(doc, job, layout, x, y, spec, spec.code ? (images.get(spec.code) ?? null) : null);
      slot += 1;
    }
  }
  return new Uint8Array(await pdfBuffer(doc));
}
