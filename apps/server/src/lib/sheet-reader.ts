import { type GridRow, gridBuilder, setCell } from "./sheet-grid";
import { xlsxGrid } from "./xlsx-reader";

/** RFC 4180 CSV: quoted fields, doubled quotes, commas and newlines inside quotes, CRLF or LF. */
export function csvGrid(text: string): GridRow[] {
  const grid = gridBuilder();
  let values: string[] = [];
  let column = 1;
  let row = 1;
  let field = "";
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  const endField = () => {
    setCell(values, column, field);
    column += 1;
    field = "";
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") endField();
    else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i += 1;
      endField();
      grid.add(row, values);
      values = [];
      column = 1;
      row += 1;
    } else field += char;
  }
  if (field !== "" || column > 1) {
    endField();
    grid.add(row, values);
  }
  return grid.rows();
}

const isZip = (buffer: Buffer) =>
  buffer.length > 4 && buffer.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/** The first sheet of a CSV or XLSX file (told apart by content): its non-blank rows, within SHEET_LIMITS. */
export function readGrid(buffer: Buffer): GridRow[] {
  return isZip(buffer) ? xlsxGrid(buffer) : csvGrid(buffer.toString("utf8"));
}
