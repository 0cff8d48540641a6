import type { VoucherApprovalSettings } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountIntegration } from "../../db/schema/index";

/** The Accounts Integration row: which accounts and groups the system posts to (undefined before setup). */
export async function getIntegration(db: Db) {
  const [row] = await db.select().from(accountIntegration).where(eq(accountIntegration.id, 1));
  return row;
}

/** The voucher approval rule (off when never set). */
export async function getVoucherApproval(db: Db): Promise<VoucherApprovalSettings> {
  const [row] = await db
    .select({ enteredByCannotApprove: accountIntegration.enteredByCannotApprove })
    .from(accountIntegration)
    .where(eq(accountIntegration.id, 1));
  return { enteredByCannotApprove: row?.enteredByCannotApprove ?? false };
}
