import type { PostingLine } from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { type NewVoucher, postVoucher } from "../../lib/books/posting";
import type { Ctx } from "../../lib/context";
import { linkMovesToVoucher } from "./moves";

/** Lines of a Store document's voucher: each carries the document's description and number and its account's name. */
export const stockVoucherLine =
  (titles: ReadonlyMap<number, string>, description: string, billNumber: string) =>
  (accountId: number, debit: bigint, credit: bigint): PostingLine => ({
    accountId,
    debit: Number(debit),
    credit: Number(credit),
    description,
    billNumber,
    accountTitle: titles.get(accountId) ?? "",
  });

/**
 * Posts a Store document's voucher, approved at once by whoever posts the document, and links the
 * document's moves to it.
 */
export async function postStockVoucher(
  tx: Db,
  ctx: Ctx,
  voucher: Omit<NewVoucher, "createdBy" | "approvedBy">,
  moveIds: readonly number[],
): Promise<{ id: number; number: string }> {
  const posted = await postVoucher(tx, {
    ...voucher,
    createdBy: ctx.user?.id ?? null,
    approvedBy: ctx.user?.id ?? null,
  });
  await linkMovesToVoucher(tx, moveIds, posted.id);
  return posted;
}
