import {
  allocateDeal,
  type Deal,
  type DealListQuery,
  type DealRow,
  type DealVariant,
  type DealVariantQuery,
  minorToAmount,
} from "@cargodesk/shared";
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  dealComponentOptions,
  dealComponents,
  deals,
  flavours,
  menuCategories,
  products,
  productVariants,
  sizes,
} from "../../db/schema/index";

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** "Zinger Burger L Spicy": the product's name with the size and flavour, as the product answers label it. */
const variantLabel = sql<string>`concat_ws(' ', ${products.name}, ${sizes.name}, ${flavours.name})`;

const dealHead = {
  id: deals.id,
  code: deals.code,
  name: deals.name,
  categoryId: deals.categoryId,
  categoryName: menuCategories.name,
  priceMinor: deals.priceMinor,
  imagePath: deals.imagePath,
  validFrom: deals.validFrom,
  validTo: deals.validTo,
  weekdays: deals.weekdays,
  timeFrom: deals.timeFrom,
  timeTo: deals.timeTo,
  orderTypes: deals.orderTypes,
  active: deals.active,
};

const selectHeads = (db: Db) =>
  db.select(dealHead).from(deals).leftJoin(menuCategories, eq(menuCategories.id, deals.categoryId));

type HeadRow = Awaited<ReturnType<typeof selectHeads>>[number];

/** Every component option of the given deals with its variant's label and current list price, in deal order. */
async function componentRows(db: Db, dealIds: number[]) {
  if (dealIds.length === 0) return [];
  return db
    .select({
      dealId: dealComponents.dealId,
      componentId: dealComponents.id,
      kind: dealComponents.kind,
      label: dealComponents.label,
      minChoose: dealComponents.minChoose,
      maxChoose: dealComponents.maxChoose,
      variantId: dealComponentOptions.variantId,
      variantLabel,
      unitPriceMinor: productVariants.priceMinor,
      qty: dealComponentOptions.qty,
      extraPriceMinor: dealComponentOptions.extraPriceMinor,
      isDefault: dealComponentOptions.isDefault,
    })
    .from(dealComponents)
    .innerJoin(dealComponentOptions, eq(dealComponentOptions.componentId, dealComponents.id))
    .innerJoin(productVariants, eq(productVariants.id, dealComponentOptions.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .leftJoin(flavours, eq(flavours.id, productVariants.flavourId))
    .where(inArray(dealComponents.dealId, dealIds))
    .orderBy(
      asc(dealComponents.dealId),
      asc(dealComponents.sort),
      asc(dealComponents.id),
      asc(dealComponentOptions.id),
    );
}

type ComponentRow = Awaited<ReturnType<typeof componentRows>>[number];

const lineOf = (row: ComponentRow) => ({
  variantId: row.variantId,
  label: row.variantLabel,
  qty: row.qty,
  unitPrice: minorToAmount(row.unitPriceMinor),
});

/** The fixed lines and choice groups of one deal, from its rows in component order. */
function componentsOf(rows: ComponentRow[]): Pick<Deal, "fixed" | "choices"> {
  const fixed: Deal["fixed"] = [];
  const choices = new Map<number, Deal["choices"][number]>();
  for (const row of rows) {
    if (row.kind === "fixed") {
      fixed.push(lineOf(row));
      continue;
    }
    const group = choices.get(row.componentId) ?? {
      label: row.label,
      minChoose: row.minChoose,
      maxChoose: row.maxChoose,
      options: [],
    };
    group.options.push({ ...lineOf(row), extraPrice: minorToAmount(row.extraPriceMinor), isDefault: row.isDefault });
    choices.set(row.componentId, group);
  }
  return { fixed, choices: [...choices.values()] };
}

/** The deal price over the fixed lines and default options by list price (unit price x qty). */
function allocationOf(priceMinor: bigint, rows: ComponentRow[]): Deal["allocation"] {
  const lines = rows.filter((row) => row.kind === "fixed" || row.isDefault);
  const listMinor = lines.map((row) => row.unitPriceMinor * BigInt(row.qty));
  const shares = allocateDeal(priceMinor, listMinor);
  return lines.map((row, index) => ({
    ...lineOf(row),
    listPrice: minorToAmount(listMinor[index] ?? 0n),
    share: minorToAmount(shares[index] ?? 0n),
  }));
}

const timeOf = (value: string | null) => (value === null ? null : value.slice(0, 5));

function dealOf(head: HeadRow, rows: ComponentRow[]): Deal {
  const { priceMinor, timeFrom, timeTo, ...rest } = head;
  return {
    ...rest,
    price: minorToAmount(priceMinor),
    timeFrom: timeOf(timeFrom),
    timeTo: timeOf(timeTo),
    ...componentsOf(rows),
    allocation: allocationOf(priceMinor, rows),
  };
}

/** One deal with its components and allocation preview, or null. */
export async function findDeal(db: Db, id: number): Promise<Deal | null> {
  const [head] = await selectHeads(db).where(eq(deals.id, id));
  if (!head) return null;
  return dealOf(head, await componentRows(db, [id]));
}

/** A page of deals by name, each with its allocation preview. */
export async function listDeals(db: Db, query: DealListQuery) {
  const { page, size, search, active } = query;
  const where: SQL | undefined = and(
    search ? or(ilike(deals.name, containing(search)), ilike(deals.code, containing(search))) : undefined,
    active === undefined ? undefined : eq(deals.active, active === "true"),
  );
  const [total] = await db.select({ n: count() }).from(deals).where(where);
  const heads = await selectHeads(db)
    .where(where)
    .orderBy(asc(sql`lower(${deals.name})`), asc(deals.id))
    .limit(size)
    .offset((page - 1) * size);
  const rows = await componentRows(
    db,
    heads.map((head) => head.id),
  );
  const data: DealRow[] = heads.map((head) => {
    const {
      fixed: _fixed,
      choices: _choices,
      categoryId: _category,
      ...row
    } = dealOf(
      head,
      rows.filter((row) => row.dealId === head.id),
    );
    return row;
  });
  return { data, page, total_results: total?.n ?? 0 };
}

/** Active variants of active products on the POS, matching the search in the label ("Zinger L"), product code or barcode. */
export async function findDealVariants(db: Db, query: DealVariantQuery): Promise<DealVariant[]> {
  const text = query.search ? containing(query.search) : null;
  const rows = await db
    .select({
      variantId: productVariants.id,
      productCode: products.code,
      label: variantLabel,
      priceMinor: productVariants.priceMinor,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .leftJoin(flavours, eq(flavours.id, productVariants.flavourId))
    .where(
      and(
        eq(productVariants.active, true),
        eq(products.active, true),
        eq(products.availableInPos, true),
        text === null
          ? undefined
          : or(ilike(variantLabel, text), ilike(products.code, text), ilike(productVariants.barcode, text)),
      ),
    )
    .orderBy(asc(sql`lower(${products.name})`), asc(productVariants.sort), asc(productVariants.id))
    .limit(query.size);
  return rows.map(({ priceMinor, ...row }) => ({ ...row, price: minorToAmount(priceMinor) }));
}

/** Which of the given variants a deal may offer: active, of an active product available in the POS. */
export async function offerableVariants(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.id, ids),
        eq(productVariants.active, true),
        eq(products.active, true),
        eq(products.availableInPos, true),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
