import {
  COUNT_REASON_LABELS,
  COUNT_REASONS,
  COUNT_SHEET_COLUMNS,
  type CountReason,
  parseQtyMicro,
  STOCK_COUNT_MESSAGES,
} from "@cargodesk/shared";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { type RowIssue, readSheet, rejectIssues } from "../../lib/tabular";
import { findStockCount } from "./stock-counts.queries";
import { type StockCountUpdateInput, updateStockCount } from "./stock-counts.service";

const column = (name: string) => name.toLowerCase();

function reasonOf(text: string): CountReason | null | undefined {
  const wanted = text.trim().toLowerCase();
  if (wanted === "") return null;
  return COUNT_REASONS.find((key) => key === wanted || COUNT_REASON_LABELS[key].toLowerCase() === wanted);
}

/**
 * Fills a draft count from its filled-in count sheet (XLSX or CSV with Code, Counted and, if wanted,
 * Reason): a blank Counted leaves the line as it is. Any bad row refuses the whole file with every
 * row's message, and nothing changes.
 */
export async function uploadCountSheet(ctx: Ctx, id: number, file: Buffer): Promise<void> {
  const count = await findStockCount(ctx.db, id);
  if (!count) throw new AppError("NOT_FOUND", STOCK_COUNT_MESSAGES.notFound);
  const byCode = new Map(count.lines.map((line) => [line.code.toLowerCase(), line]));
  const rows = await readSheet(file, [column(COUNT_SHEET_COLUMNS.code), column(COUNT_SHEET_COLUMNS.counted)]);
  const issues: RowIssue[] = [];
  const lines: StockCountUpdateInput["lines"] = [];
  const seen = new Set<number>();
  for (const { row, cells } of rows) {
    const code = (cells[column(COUNT_SHEET_COLUMNS.code)] ?? "").trim();
    const counted = (cells[column(COUNT_SHEET_COLUMNS.counted)] ?? "").trim();
    const line = byCode.get(code.toLowerCase());
    if (!line) {
      issues.push({ row, column: COUNT_SHEET_COLUMNS.code, message: STOCK_COUNT_MESSAGES.notOnCount });
      continue;
    }
    if (counted === "") continue;
    const micro = parseQtyMicro(counted);
    if (micro === null || micro < 0n) {
      issues.push({ row, column: COUNT_SHEET_COLUMNS.counted, message: STOCK_COUNT_MESSAGES.counted });
      continue;
    }
    const reason = reasonOf(cells[column(COUNT_SHEET_COLUMNS.reason)] ?? "");
    if (reason === undefined) {
      issues.push({ row, column: COUNT_SHEET_COLUMNS.reason, message: STOCK_COUNT_MESSAGES.reason });
      continue;
    }
    if (seen.has(line.storeProductId)) {
      issues.push({ row, column: COUNT_SHEET_COLUMNS.code, message: STOCK_COUNT_MESSAGES.duplicate });
      continue;
    }
    seen.add(line.storeProductId);
    lines.push({ storeProductId: line.storeProductId, countedQty: Number(counted), uomId: line.stockUomId, reason });
  }
  rejectIssues(issues);
  await updateStockCount(ctx, id, { lines });
}
