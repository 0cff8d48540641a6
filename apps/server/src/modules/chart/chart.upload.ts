import { ACCOUNT_TYPE, CHART_MESSAGES, MAX_LINE_MINOR, MONEY_MESSAGES, toMinor } from "@cargodesk/shared";
import { AppError } from "../../lib/app-error";
import { findChildByName } from "../../lib/books/accounts";
import type { Ctx } from "../../lib/context";
import { type RowIssue, readSheet, rejectIssues, type SheetRow } from "../../lib/tabular";
import { addChild, postOpening, resolveChain } from "./chart.service";

export interface UploadResult {
  message: string;
  created: number;
  unchanged: number;
}

interface ParsedRow {
  row: number;
  name: string;
  side: 0 | 1 | 2;
  amountMinor: number;
}

const SIDES: Record<string, 0 | 1 | 2> = { "": 0, debit: 2, dr: 2, "2": 2, credit: 1, cr: 1, "1": 1 };

/** Validates every row before anything is written, so one bad row names itself and saves nothing. */
function parseRows(rows: SheetRow[], withAmounts: boolean): ParsedRow[] {
  const issues: RowIssue[] = [];
  const seen = new Map<string, number>();
  const parsed: ParsedRow[] = [];
  for (const { row, cells } of rows) {
    const name = (cells.name ?? "").toUpperCase();
    if (!name) issues.push({ row, column: "name", message: CHART_MESSAGES.nameRequired });
    else if (name.length > 100)
      issues.push({ row, column: "name", message: "Name is too long (at most 100 characters)" });
    else if (seen.has(name)) issues.push({ row, column: "name", message: `Repeats row ${seen.get(name)}` });
    else seen.set(name, row);
    let side: 0 | 1 | 2 = 0;
    let amountMinor = 0;
    if (withAmounts) {
      const sideText = (cells.amount_type ?? "").toLowerCase();
      const amountText = cells.amount ?? "";
      const parsedSide = SIDES[sideText];
      if (parsedSide === undefined)
        issues.push({ row, column: "amount_type", message: "Must be Debit, Credit or empty" });
      else side = parsedSide;
      const minor = amountText === "" ? 0 : toMinor(amountText.replaceAll(",", ""));
      if (minor === null || minor < 0) issues.push({ row, column: "amount", message: CHART_MESSAGES.amountRequired });
      else if (minor > MAX_LINE_MINOR) issues.push({ row, column: "amount", message: MONEY_MESSAGES.tooLarge });
      else amountMinor = minor;
      if (amountMinor > 0 && side === 0 && parsedSide !== undefined)
        issues.push({ row, column: "amount_type", message: CHART_MESSAGES.amountTypeRequired });
    }
    parsed.push({ row, name, side, amountMinor });
  }
  rejectIssues(issues);
  return parsed;
}

/**
 * Adds the file's names under a parent in one transaction. Names already there are left as they
 * are, so running the same file again changes nothing.
 */
export async function uploadChildren(
  ctx: Ctx,
  input: { chain: number[]; chainFields: string[]; file: Buffer; withAmounts: boolean },
): Promise<UploadResult> {
  const rows = parseRows(
    await readSheet(input.file, input.withAmounts ? ["name", "amount_type", "amount"] : ["name"]),
    input.withAmounts,
  );
  return ctx.db.transaction(async (tx) => {
    const chain = await resolveChain(tx, input.chain, input.chainFields);
    const parent = chain.at(-1);
    if (!parent) throw new AppError("VALIDATION", "Choose where the accounts go");
    let created = 0;
    let unchanged = 0;
    for (const row of rows) {
      if (await findChildByName(tx, parent.id, row.name)) {
        unchanged += 1;
        continue;
      }
      const account = await addChild(tx, parent.id, row.name);
      if (row.side !== 0 && row.amountMinor > 0) {
        await postOpening(ctx, tx, account, row.amountMinor, row.side === 2 ? ACCOUNT_TYPE.debit : ACCOUNT_TYPE.credit);
      }
      created += 1;
    }
    return { message: "Added successfully...", created, unchanged };
  });
}
