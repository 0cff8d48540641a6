import { RECEIVING_MESSAGES, type ReceivingDetail, type ReceivingOptions } from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { getIntegration } from "../../lib/books/integration";
import { accountsUnder, storeLocations } from "./receiving.lookups";
import { findReceivingDetail, findReceivingIdByNumber } from "./receiving.queries";

/** One receiving, or 404. */
export async function getReceiving(db: Db, id: number): Promise<ReceivingDetail> {
  const found = await findReceivingDetail(db, id);
  if (!found) throw new AppError("NOT_FOUND", RECEIVING_MESSAGES.notFound);
  return found;
}

/** A posted (or reversed) GRN by its number, or 404. */
export async function getReceivingByNumber(db: Db, number: string): Promise<ReceivingDetail> {
  const id = await findReceivingIdByNumber(db, number);
  if (id === undefined) throw new AppError("NOT_FOUND", `${RECEIVING_MESSAGES.notFound}: ${number}`);
  return getReceiving(db, id);
}

/** What Receiving Add offers: store locations, cash and bank accounts, and whether tax is recoverable. */
export async function receivingOptions(db: Db): Promise<ReceivingOptions> {
  const integration = await getIntegration(db);
  const [locations, cashAccounts, bankAccounts] = await Promise.all([
    storeLocations(db),
    accountsUnder(db, integration?.cashGroupId),
    accountsUnder(db, integration?.bankGroupId),
  ]);
  return {
    locations,
    cashAccounts,
    bankAccounts,
    defaultCashAccountId: integration?.defaultCashAccountId ?? null,
    taxRecoverable: Boolean(integration?.inputTaxAccountId),
  };
}
