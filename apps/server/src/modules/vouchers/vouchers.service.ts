import {
  ACCOUNT_TYPE,
  type AddVoucherInput,
  balancingLine,
  type FieldIssue,
  hasPermission,
  linesAccountType,
  type PostingLine,
  parseMinor,
  perm,
  sumMinor,
  toMinor,
  VOUCHER_APPROVAL_MESSAGES,
  VOUCHER_MESSAGES,
  VOUCHER_STATUS,
  voucherTypeById,
} from "@cargodesk/shared";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, stockMoves, voucherLines, vouchers } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getIntegration, getVoucherApproval } from "../../lib/books/integration";
import { postVoucher, writeLedger } from "../../lib/books/posting";
import type { Ctx } from "../../lib/context";
import { isValidIsoDate, todayIn } from "../../lib/dates";
import { firstFiscalYearStart } from "./books-start";

function reject(issues: FieldIssue[]): never {
  throw new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);
}

/** Checks what needs no database: one date, not in the future, fixed sides, a balanced journal. */
function checkShape(input: AddVoucherInput, today: string, booksStart: string): { date: string; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const date = input.voucherData[0]?.voucherDate ?? "";
  const fixedSide = linesAccountType(input.voucherTypeId);
  input.voucherData.forEach((line, index) => {
    if (line.voucherDate !== date)
      issues.push({ field: `voucherData.${index}.voucherDate`, message: VOUCHER_MESSAGES.oneDate });
    if (fixedSide !== null && line.accountType !== fixedSide) {
      issues.push({ field: `voucherData.${index}.accountType`, message: VOUCHER_MESSAGES.wrongSide });
    }
  });
  if (!isValidIsoDate(date))
    issues.push({ field: "voucherData.0.voucherDate", message: "Date must be a real YYYY-MM-DD date" });
  else if (date > today) issues.push({ field: "voucherData.0.voucherDate", message: VOUCHER_MESSAGES.futureDate });
  else if (date < booksStart)
    issues.push({ field: "voucherData.0.voucherDate", message: VOUCHER_MESSAGES.beforeBooks(booksStart) });
  if (fixedSide !== null && typeof input.levelFourId !== "number") {
    issues.push({ field: "levelFourId", message: VOUCHER_MESSAGES.cashAccountRequired });
  }
  if (fixedSide === null) {
    const sum = (side: number) =>
      sumMinor(
        input.voucherData
          .filter((line) => line.accountType === side)
          .map((line) => parseMinor(line.voucherAmount) ?? 0n),
      );
    const debit = sum(ACCOUNT_TYPE.debit);
    const credit = sum(ACCOUNT_TYPE.credit);
    if (debit !== credit) issues.push({ field: "voucherData", message: VOUCHER_MESSAGES.unbalanced });
    else if (debit === 0n) issues.push({ field: "voucherData", message: VOUCHER_MESSAGES.zero });
  }
  return { date, issues };
}

/** Posts a voucher entered on one of the five voucher screens. It waits for verification as Pending. */
export async function addVoucher(ctx: Ctx, input: AddVoucherInput): Promise<{ id: number; number: string }> {
  const type = voucherTypeById(input.voucherTypeId);
  if (!type) reject([{ field: "voucherTypeId", message: "Unknown voucher type" }]);
  if (!ctx.user || !hasPermission(ctx.user.permissions, perm("Accounts", "Voucher", type.abbreviation))) {
    throw new AppError("VOUCHER_TYPE_NOT_ALLOWED", `You may not post ${type.abbreviation} vouchers`);
  }
  const { date, issues } = checkShape(
    input,
    todayIn(ctx.config.APP_TZ),
    await firstFiscalYearStart(ctx.db, ctx.config),
  );
  if (issues.length > 0) reject(issues);
  const cashAccountId = typeof input.levelFourId === "number" && type.book ? input.levelFourId : null;

  const posted = await ctx.db.transaction(async (tx) => {
    const ids = [
      ...new Set([...input.voucherData.map((line) => line.levelFourId), ...(cashAccountId ? [cashAccountId] : [])]),
    ];
    const found = new Map(
      (await tx.select().from(accounts).where(inArray(accounts.id, ids))).map((row) => [row.id, row]),
    );
    const lineIssues: FieldIssue[] = [];
    input.voucherData.forEach((line, index) => {
      const account = found.get(line.levelFourId);
      if (account?.level !== 4)
        lineIssues.push({ field: `voucherData.${index}.levelFourId`, message: VOUCHER_MESSAGES.notPostable });
      else if (line.levelFourId === cashAccountId)
        lineIssues.push({ field: `voucherData.${index}.levelFourId`, message: VOUCHER_MESSAGES.sameAccount });
    });
    let cashAccount: { id: number; title: string } | null = null;
    if (cashAccountId && type.book) {
      const integration = await getIntegration(tx);
      const groupId = type.book === "cash" ? integration?.cashGroupId : integration?.bankGroupId;
      const group = groupId ? await tx.select().from(accounts).where(eq(accounts.id, groupId)) : [];
      const account = found.get(cashAccountId);
      const inGroup =
        account?.level === 4 && group[0] !== undefined && account.allLevelKey.startsWith(`${group[0].allLevelKey}-`);
      if (!inGroup) {
        lineIssues.push({
          field: "levelFourId",
          message: type.book === "cash" ? VOUCHER_MESSAGES.notInCashGroup : VOUCHER_MESSAGES.notInBankGroup,
        });
      } else cashAccount = { id: account.id, title: input.cashAccTittle?.trim() || account.name };
    }
    if (lineIssues.length > 0) reject(lineIssues);

    const entered = input.voucherData.map((line) => {
      const amountMinor = toMinor(line.voucherAmount) ?? 0;
      const accountTitle = line.accountTittle || found.get(line.levelFourId)?.name || "";
      return { line, amountMinor, accountTitle };
    });
    const lines: PostingLine[] = entered.map(({ line, amountMinor, accountTitle }) => ({
      accountId: line.levelFourId,
      debit: line.accountType === ACCOUNT_TYPE.debit ? amountMinor : 0,
      credit: line.accountType === ACCOUNT_TYPE.credit ? amountMinor : 0,
      description: line.voucherDescription,
      billNumber: line.billNumber,
      accountTitle,
    }));
    if (cashAccount) {
      lines.push(
        balancingLine(
          entered.map(({ line, amountMinor, accountTitle }) => ({
            amountMinor,
            accountType: line.accountType,
            description: line.voucherDescription,
            billNumber: line.billNumber,
            accountTitle,
          })),
          cashAccount,
        ),
      );
    }
    return postVoucher(tx, {
      typeId: type.id,
      date,
      lines,
      cashAccountId,
      source: "manual",
      createdBy: ctx.user?.id ?? null,
    });
  });
  const by = ctx.user?.id ?? null;
  ctx.log.event("voucher.posted", { voucherId: posted.id, number: posted.number, type: type.abbreviation, by });
  return posted;
}

async function lockVoucher(tx: Db, id: number) {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "No such voucher");
  return row;
}

/** Approve or Disapprove a Pending voucher; approval writes its lines to the ledger in the same transaction. */
export async function decideVoucher(
  ctx: Ctx,
  id: number,
  status: typeof VOUCHER_STATUS.approved | typeof VOUCHER_STATUS.disapproved,
) {
  const number = await ctx.db.transaction(async (tx) => {
    const voucher = await lockVoucher(tx, id);
    if (voucher.status !== VOUCHER_STATUS.pending)
      throw new AppError("VOUCHER_ALREADY_DECIDED", VOUCHER_MESSAGES.onlyPending, { status: voucher.status });
    if (
      status === VOUCHER_STATUS.approved &&
      voucher.createdBy !== null &&
      voucher.createdBy === ctx.user?.id &&
      (await getVoucherApproval(tx)).enteredByCannotApprove
    ) {
      throw new AppError("VOUCHER_OWN_APPROVAL", VOUCHER_APPROVAL_MESSAGES.ownVoucher, {
        rule: "enteredByCannotApprove",
      });
    }
    await tx
      .update(vouchers)
      .set({ status, decidedBy: ctx.user?.id ?? null, decidedAt: new Date() })
      .where(eq(vouchers.id, id));
    if (status === VOUCHER_STATUS.approved) await writeLedger(tx, id);
    return voucher.number;
  });
  const event = status === VOUCHER_STATUS.approved ? "voucher.approved" : "voucher.disapproved";
  ctx.log.event(event, { voucherId: id, number, by: ctx.user?.id ?? null });
}

/** Reverses an approved voucher once, by an approved mirror voucher dated today and linked to it. */
export async function reverseVoucher(ctx: Ctx, id: number): Promise<{ id: number; number: string }> {
  const { number, reversal } = await ctx.db.transaction(async (tx) => {
    const voucher = await lockVoucher(tx, id);
    if (voucher.status !== VOUCHER_STATUS.approved)
      throw new AppError("VOUCHER_NOT_APPROVED", VOUCHER_MESSAGES.onlyApproved);
    if (voucher.reversalOfId !== null)
      throw new AppError("VOUCHER_IS_REVERSAL", "A reversal cannot itself be reversed");
    const [existing] = await tx.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.reversalOfId, id));
    if (existing) throw new AppError("VOUCHER_ALREADY_REVERSED", VOUCHER_MESSAGES.alreadyReversed);
    // Stock and the inventory accounts move together: a stock document's voucher is undone by its document.
    const [stock] = await tx
      .select({ id: stockMoves.id })
      .from(stockMoves)
      .where(eq(stockMoves.voucherId, id))
      .limit(1);
    if (stock) throw new AppError("VOUCHER_OF_STOCK_DOCUMENT", VOUCHER_MESSAGES.stockDocument);
    const original = await tx
      .select()
      .from(voucherLines)
      .where(eq(voucherLines.voucherId, id))
      .orderBy(voucherLines.lineNo);
    const typeId = voucherTypeById(voucher.voucherTypeId)?.id;
    if (!typeId) throw new Error("voucher of unknown type");
    const reversal = await postVoucher(tx, {
      typeId,
      date: todayIn(ctx.config.APP_TZ),
      cashAccountId: voucher.cashAccountId,
      source: "reversal",
      reversalOfId: id,
      createdBy: ctx.user?.id ?? null,
      approvedBy: ctx.user?.id ?? null,
      lines: original.map((line) => ({
        accountId: line.accountId,
        // A line stored before the per-line maximum may not be a safe integer: postVoucher refuses it.
        debit: Number(line.creditMinor),
        credit: Number(line.debitMinor),
        description: `REVERSAL OF ${voucher.number}: ${line.description}`.slice(0, 500),
        billNumber: line.billNumber,
        accountTitle: line.accountTitle,
      })),
    });
    return { number: voucher.number, reversal };
  });
  ctx.log.event("voucher.reversed", {
    voucherId: id,
    number,
    reversalId: reversal.id,
    reversalNumber: reversal.number,
    by: ctx.user?.id ?? null,
  });
  return reversal;
}
