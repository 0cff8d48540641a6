import { crc32, deflateRawSync } from "node:zlib";

/** A zip archive of the given entries, deflated (or stored when `stored` names them). */
export function zipOf(entries: Record<string, Buffer | string>, stored: readonly string[] = []): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const store = stored.includes(name);
    const packed = store ? data : deflateRawSync(data);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(store ? 0 : 8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(store ? 0 : 8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/**
 * A minimal XLSX: `sheetData` is the inside of the first worksheet's <sheetData>; optional shared
 * strings (<si> elements), cell formats (<xf> elements of cellXfs) and sheet XML before sheetData.
 */
export function xlsxOf(parts: {
  sheetData: string;
  sharedStrings?: string;
  cellXfs?: string;
  numFmts?: string;
  beforeSheetData?: string;
  date1904?: boolean;
}): Buffer {
  const rels = [
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
    parts.sharedStrings !== undefined
      ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`
      : "",
    parts.cellXfs !== undefined ? `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/>` : "",
  ].join("");
  const entries: Record<string, string> = {
    "[Content_Types].xml": `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    "_rels/.rels": `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}">${parts.date1904 ? '<workbookPr date1904="1"/>' : ""}<sheets><sheet name="Rates" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    "xl/worksheets/sheet1.xml": `${XML}<worksheet xmlns="${MAIN}">${parts.beforeSheetData ?? ""}<sheetData>${parts.sheetData}</sheetData></worksheet>`,
  };
  if (parts.sharedStrings !== undefined)
    entries["xl/sharedStrings.xml"] = `${XML}<sst xmlns="${MAIN}">${parts.sharedStrings}</sst>`;
  if (parts.cellXfs !== undefined)
    entries["xl/styles.xml"] =
      `${XML}<styleSheet xmlns="${MAIN}">${parts.numFmts ? `<numFmts>${parts.numFmts}</numFmts>` : ""}<cellXfs>${parts.cellXfs}</cellXfs></styleSheet>`;
  return zipOf(entries);
}

/**
 * The hostile file of issue 13 (about 1.5 KB): a sheet claiming the whole grid, with one value in
 * its last cell. exceljs's in-memory reader spent minutes on files like it.
 */
export const hugeReferenceXlsx = () =>
  xlsxOf({
    beforeSheetData: '<dimension ref="A1:XFD1048576"/>',
    sheetData:
      '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>' +
      '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far away</t></is></c></row>',
  });

/** A valid chart upload CSV (name column) of `rows` data rows, the largest being SHEET_LIMITS.rows. */
export const namesCsv = (rows: number, name = (index: number) => `ACCOUNT ${index}`) =>
  Buffer.from(["name", ...Array.from({ length: rows }, (_, index) => name(index + 1))].join("\n"));
