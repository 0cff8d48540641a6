import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";

/** Whether paid invoices are queued for fiscal reporting (FISCAL_ADAPTER other than `none`). */
export const fiscalReportingOn = (config: Pick<Config, "FISCAL_ADAPTER">): boolean => config.FISCAL_ADAPTER !== "none";

/**
 * Queues an order's invoice for reporting, in the transaction that pays it (or makes the refund):
 * the report exists exactly when the payment commits, and the sender delivers it after. Once per order.
 */
export async function queueFiscalReport(tx: Db, orderId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO fiscal_reports (order_id) VALUES (${orderId}) ON CONFLICT (order_id) DO NOTHING`);
}
