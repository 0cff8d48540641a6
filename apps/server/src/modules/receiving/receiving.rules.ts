import {
  type FieldIssue,
  type PaymentKind,
  parseQtyMicro,
  RECEIVING_MESSAGES,
  type ReceivingCreateInput,
  toStockMicro,
} from "@cargodesk/shared";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, receivings, vendors } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getIntegration } from "../../lib/books/integration";
import { findLocation } from "../stock";
import { allUnits, findPacks, findProducts } from "./receiving.lookups";

/** The checks a GRN passes when it is saved and again when it is posted; each refusal names its field. */

export function reject(issues: FieldIssue[]): never {
  throw new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);
}

export async function lockVendor(tx: Db, id: number) {
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, id)).for("share");
  if (!vendor) reject([{ field: "vendorId", message: RECEIVING_MESSAGES.vendor }]);
  if (!vendor.active) reject([{ field: "vendorId", message: RECEIVING_MESSAGES.vendorInactive }]);
  return vendor;
}

export async function storeLocation(tx: Db, id: number) {
  const location = await findLocation(tx, id);
  if (location.kind !== "store") reject([{ field: "locationId", message: RECEIVING_MESSAGES.notStoreLocation }]);
  return location;
}

/** A vendor's bill number is entered once (reversed receivings free it again). */
export async function assertBillFree(tx: Db, vendorId: number, billNo: string, except: number | null): Promise<void> {
  if (!billNo) return;
  const [clash] = await tx
    .select({ id: receivings.id, number: receivings.number })
    .from(receivings)
    .where(
      and(
        eq(receivings.vendorId, vendorId),
        sql`lower(${receivings.vendorBillNo}) = lower(${billNo})`,
        ne(receivings.status, "reversed"),
        except === null ? undefined : ne(receivings.id, except),
      ),
    );
  if (clash)
    throw new AppError("VENDOR_BILL_DUPLICATE", RECEIVING_MESSAGES.billDuplicate, {
      field: "vendorBillNo",
      receivingId: clash.id,
      number: clash.number,
    });
}

/** The cash or bank account a GRN is paid from, checked under its group; none on credit. */
export async function payAccountOf(tx: Db, payment: PaymentKind, requested: number | null | undefined) {
  if (payment === "credit") return null;
  const integration = await getIntegration(tx);
  const id = requested ?? (payment === "cash" ? integration?.defaultCashAccountId : null);
  const groupId = payment === "cash" ? integration?.cashGroupId : integration?.bankGroupId;
  const [account] = id ? await tx.select().from(accounts).where(eq(accounts.id, id)) : [];
  const [group] = groupId ? await tx.select().from(accounts).where(eq(accounts.id, groupId)) : [];
  if (!account || !group || account.level !== 4 || !account.allLevelKey.startsWith(`${group.allLevelKey}-`))
    reject([
      {
        field: "payAccountId",
        message: payment === "cash" ? RECEIVING_MESSAGES.notInCashGroup : RECEIVING_MESSAGES.notInBankGroup,
      },
    ]);
  return account;
}

/** Each line's quantity in its product's stock unit; a 400 naming the line's field otherwise. */
export async function stockQuantities(tx: Db, lines: ReceivingCreateInput["lines"]): Promise<bigint[]> {
  const ids = [...new Set(lines.map((line) => line.storeProductId))];
  // One after another: a transaction's connection answers one query at a time.
  const products = await findProducts(tx, ids);
  const packs = await findPacks(tx, ids);
  const unitRows = await allUnits(tx);
  const issues: FieldIssue[] = [];
  const micro = lines.map((line, index) => {
    const product = products.get(line.storeProductId);
    if (!product?.active) {
      issues.push({
        field: `lines.${index}.storeProductId`,
        message: product ? RECEIVING_MESSAGES.productInactive : RECEIVING_MESSAGES.product,
      });
      return 0n;
    }
    const unit = unitRows.get(line.uomId);
    const stockUnit = unitRows.get(product.stockUomId);
    const pack = packs.get(product.id)?.get(line.uomId) ?? null;
    const qty = unit && stockUnit ? toStockMicro(parseQtyMicro(line.qty) ?? 0n, unit, stockUnit, pack) : null;
    if (qty === null || qty <= 0n) {
      issues.push({ field: `lines.${index}.uomId`, message: RECEIVING_MESSAGES.unitNotAllowed });
      return 0n;
    }
    return qty;
  });
  if (issues.length > 0) reject(issues);
  return micro;
}
