import {
  microToQty,
  minorToAmount,
  type ReceivingDetail,
  type ReceivingListQuery,
  type ReceivingRow,
} from "@cargodesk/shared";
import { aliasedTable, and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  accounts,
  receivingCharges,
  receivingLines,
  receivings,
  stockLocations,
  storeProducts,
  units,
  users,
  vendors,
  vouchers,
} from "../../db/schema/index";

const voucher = aliasedTable(vouchers, "voucher");
const reversal = aliasedTable(vouchers, "reversal_voucher");
const stockUnit = aliasedTable(units, "stock_unit");

const items = sql<number>`(select count(*)::int from receiving_lines rl where rl.receiving_id = ${receivings.id})`;

const rowColumns = {
  id: receivings.id,
  number: receivings.number,
  businessDate: receivings.businessDate,
  vendorId: receivings.vendorId,
  vendorName: vendors.name,
  vendorBillNo: receivings.vendorBillNo,
  locationName: stockLocations.name,
  items,
  totalMinor: receivings.totalMinor,
  payment: receivings.payment,
  status: receivings.status,
  voucherId: receivings.voucherId,
  voucherNo: voucher.number,
  reversalVoucherId: receivings.reversalVoucherId,
  reversalVoucherNo: reversal.number,
};

const baseRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(receivings)
    .innerJoin(vendors, eq(vendors.id, receivings.vendorId))
    .innerJoin(stockLocations, eq(stockLocations.id, receivings.locationId))
    .leftJoin(voucher, eq(voucher.id, receivings.voucherId))
    .leftJoin(reversal, eq(reversal.id, receivings.reversalVoucherId));

type RawRow = Awaited<ReturnType<ReturnType<typeof baseRows>["execute"]>>[number];

const rowView = ({ totalMinor, payment, status, ...row }: RawRow): ReceivingRow => ({
  ...row,
  total: minorToAmount(totalMinor),
  payment: payment as ReceivingRow["payment"],
  status: status as ReceivingRow["status"],
});

function listFilter(query: ReceivingListQuery): SQL | undefined {
  return and(
    query.from ? gte(receivings.businessDate, query.from) : undefined,
    query.to ? lte(receivings.businessDate, query.to) : undefined,
    query.vendorId ? eq(receivings.vendorId, query.vendorId) : undefined,
    query.status ? eq(receivings.status, query.status) : undefined,
    query.payment ? eq(receivings.payment, query.payment) : undefined,
  );
}

/** Receivings newest first (date, then entry order), one page. */
export async function findReceivings(db: Db, query: ReceivingListQuery) {
  const where = listFilter(query);
  const rows = await baseRows(db)
    .where(where)
    .orderBy(desc(receivings.businessDate), desc(receivings.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(receivings).where(where);
  return { data: rows.map(rowView), page: query.page, total_results: count?.total ?? 0 };
}

export async function findReceivingIdByNumber(db: Db, number: string): Promise<number | undefined> {
  const [row] = await db.select({ id: receivings.id }).from(receivings).where(eq(receivings.number, number));
  return row?.id;
}

/** One receiving with its lines and charges, as the screens and documents show it. */
export async function findReceivingDetail(db: Db, id: number): Promise<ReceivingDetail | undefined> {
  const payAccount = aliasedTable(accounts, "pay_account");
  const [head] = await baseRows(db)
    .where(eq(receivings.id, id))
    .then((rows) => rows.map(rowView));
  if (!head) return undefined;
  const [extra] = await db
    .select({
      billDate: receivings.billDate,
      locationId: receivings.locationId,
      payAccountId: receivings.payAccountId,
      payAccountName: payAccount.name,
      notes: receivings.notes,
      subtotalMinor: receivings.subtotalMinor,
      discountMinor: receivings.discountMinor,
      taxMinor: receivings.taxMinor,
      chargesMinor: receivings.chargesMinor,
      postedAt: receivings.postedAt,
      postedBy: users.userName,
    })
    .from(receivings)
    .leftJoin(payAccount, eq(payAccount.id, receivings.payAccountId))
    .leftJoin(users, eq(users.id, receivings.postedBy))
    .where(eq(receivings.id, id));
  if (!extra) return undefined;
  const lines = await db
    .select({
      lineNo: receivingLines.lineNo,
      storeProductId: receivingLines.storeProductId,
      productCode: storeProducts.code,
      productName: storeProducts.name,
      uomId: receivingLines.uomId,
      uomName: units.uomName,
      qtyEntered: receivingLines.qtyEntered,
      qtyMicro: receivingLines.qtyMicro,
      stockUomName: stockUnit.uomName,
      unitCostMinor: receivingLines.unitCostMinor,
      discountMinor: receivingLines.discountMinor,
      taxRateBp: receivingLines.taxRateBp,
      taxMinor: receivingLines.taxMinor,
      free: receivingLines.free,
      landedValueMinor: receivingLines.landedValueMinor,
    })
    .from(receivingLines)
    .innerJoin(storeProducts, eq(storeProducts.id, receivingLines.storeProductId))
    .innerJoin(units, eq(units.uomId, receivingLines.uomId))
    .innerJoin(stockUnit, eq(stockUnit.uomId, storeProducts.stockUomId))
    .where(eq(receivingLines.receivingId, id))
    .orderBy(asc(receivingLines.lineNo));
  const charges = await db
    .select({ label: receivingCharges.label, amountMinor: receivingCharges.amountMinor })
    .from(receivingCharges)
    .where(eq(receivingCharges.receivingId, id))
    .orderBy(asc(receivingCharges.id));
  return {
    ...head,
    billDate: extra.billDate,
    locationId: extra.locationId,
    payAccountId: extra.payAccountId,
    payAccountName: extra.payAccountName,
    notes: extra.notes,
    subtotal: minorToAmount(extra.subtotalMinor),
    discount: minorToAmount(extra.discountMinor),
    tax: minorToAmount(extra.taxMinor),
    charges: minorToAmount(extra.chargesMinor),
    postedAt: extra.postedAt ? extra.postedAt.toISOString() : null,
    postedBy: extra.postedBy,
    chargeRows: charges.map((charge) => ({ label: charge.label, amount: minorToAmount(charge.amountMinor) })),
    lines: lines.map((line) => ({
      lineNo: line.lineNo,
      storeProductId: line.storeProductId,
      productCode: line.productCode,
      productName: line.productName,
      uomId: line.uomId,
      uomName: line.uomName,
      qty: Number(line.qtyEntered),
      stockQty: microToQty(line.qtyMicro),
      stockUomName: line.stockUomName,
      unitCost: minorToAmount(line.unitCostMinor),
      discount: minorToAmount(line.discountMinor),
      taxRate: line.taxRateBp / 100,
      tax: minorToAmount(line.taxMinor),
      free: line.free,
      landedValue: minorToAmount(line.landedValueMinor),
    })),
  };
}

/** Posted receivings' lines in a period (by received date), for the report by vendor and product. */
export async function findReportLines(db: Db, from: string, to: string, vendorId: number | null) {
  return db
    .select({
      receivingId: receivings.id,
      number: receivings.number,
      businessDate: receivings.businessDate,
      vendorId: receivings.vendorId,
      vendorName: vendors.name,
      storeProductId: receivingLines.storeProductId,
      productCode: storeProducts.code,
      productName: storeProducts.name,
      unit: units.uomName,
      qtyMicro: receivingLines.qtyMicro,
      landedMinor: receivingLines.landedValueMinor,
    })
    .from(receivingLines)
    .innerJoin(receivings, eq(receivings.id, receivingLines.receivingId))
    .innerJoin(vendors, eq(vendors.id, receivings.vendorId))
    .innerJoin(storeProducts, eq(storeProducts.id, receivingLines.storeProductId))
    .innerJoin(units, eq(units.uomId, storeProducts.stockUomId))
    .where(
      and(
        eq(receivings.status, "posted"),
        gte(receivings.businessDate, from),
        lte(receivings.businessDate, to),
        vendorId ? eq(receivings.vendorId, vendorId) : undefined,
      ),
    )
    .orderBy(
      asc(sql`lower(${vendors.name})`),
      asc(receivings.vendorId),
      asc(receivings.businessDate),
      asc(receivings.id),
      asc(receivingLines.lineNo),
    );
}
