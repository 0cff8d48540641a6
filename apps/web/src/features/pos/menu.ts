import {
  isWithinWindow,
  type LocalMoment,
  ORDER_TYPE_BITS,
  type OrderType,
  type PosBootstrap,
  type PosDeal,
  type PosProduct,
  type PosVariant,
} from "@cargodesk/shared";
import { minorOf } from "../../lib/format";
import type { NewLine } from "./draft";

/** What the register's menu grid shows: a product (one tap, or a size/flavour picker) or a deal. */
export type MenuTile = { kind: "product"; product: PosProduct } | { kind: "deal"; deal: PosDeal };

export interface MenuTab {
  readonly id: number;
  readonly name: string;
  readonly color: string;
  /** The category and its sub-categories: a tab shows the items of all of them. */
  readonly categoryIds: readonly number[];
}

/** The top-level categories as tabs, in display order, leaving out those with nothing to sell. */
export function menuTabs(bootstrap: PosBootstrap): MenuTab[] {
  const used = new Set<number>([
    ...bootstrap.products.map((product) => product.categoryId),
    ...bootstrap.deals.flatMap((deal) => (deal.categoryId === null ? [] : [deal.categoryId])),
  ]);
  return bootstrap.categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      color: category.color,
      categoryIds: [category.id, ...category.children.map((child) => child.id)],
    }))
    .filter((tab) => tab.categoryIds.some((id) => used.has(id)));
}

/** The colour of a category (a sub-category without its own falls back to its parent's). */
export function categoryColor(bootstrap: PosBootstrap, categoryId: number | null): string {
  for (const category of bootstrap.categories) {
    if (category.id === categoryId) return category.color;
    const child = category.children.find((candidate) => candidate.id === categoryId);
    if (child) return child.color || category.color;
  }
  return "";
}

const sellsFor = (mask: number, orderType: OrderType): boolean => (mask & ORDER_TYPE_BITS[orderType]) !== 0;

/** A deal is on the menu inside its window (company time) and for its order types. */
export const dealOnNow = (deal: PosDeal, orderType: OrderType, at: LocalMoment): boolean =>
  sellsFor(deal.orderTypes, orderType) && isWithinWindow(deal, at);

const matches = (search: string, ...texts: (string | null)[]): boolean => {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.filter(Boolean).join(" ").toLowerCase();
  return words.every((word) => haystack.includes(word));
};

/**
 * The tiles of one tab (or of every tab while searching): products sold for this order type with
 * at least one variant, then the deals on now. A search matches names and codes across the menu.
 */
export function menuTiles(
  bootstrap: PosBootstrap,
  tab: MenuTab | null,
  search: string,
  orderType: OrderType,
  at: LocalMoment,
): MenuTile[] {
  const searching = search.trim() !== "";
  const inTab = (categoryId: number | null) =>
    searching || tab === null || (categoryId !== null && tab.categoryIds.includes(categoryId));
  const products: MenuTile[] = bootstrap.products
    .filter((product) => product.variants.length > 0 && sellsFor(product.orderTypes, orderType))
    .filter((product) => inTab(product.categoryId) && (!searching || matches(search, product.name, product.code)))
    .map((product) => ({ kind: "product", product }));
  const deals: MenuTile[] = bootstrap.deals
    .filter((deal) => dealOnNow(deal, orderType, at))
    .filter((deal) => inTab(deal.categoryId) && (!searching || matches(search, deal.name, deal.code)))
    .map((deal) => ({ kind: "deal", deal }));
  return [...products, ...deals];
}

/** The product and variant a barcode names, or null. */
export function findBarcode(
  bootstrap: PosBootstrap,
  barcode: string,
): { product: PosProduct; variant: PosVariant } | null {
  const code = barcode.trim();
  if (code === "") return null;
  for (const product of bootstrap.products) {
    const variant = product.variants.find((candidate) => candidate.barcode === code);
    if (variant) return { product, variant };
  }
  return null;
}

/** "L · Spicy", "L", "Spicy" or "" for a product's only variant. */
export const variantLabel = (variant: Pick<PosVariant, "sizeName" | "flavourName">): string =>
  [variant.sizeName, variant.flavourName].filter(Boolean).join(" · ");

/** The lowest and highest price of a product's variants. */
export function priceRange(product: PosProduct): { low: number; high: number } {
  const prices = product.variants.map((variant) => variant.price);
  return { low: Math.min(...prices), high: Math.max(...prices) };
}

/** "Zinger (L · Spicy)": a variant as a receipt line names it; "#id" when the menu no longer has it. */
export function variantName(bootstrap: PosBootstrap, variantId: number): string {
  for (const product of bootstrap.products) {
    const variant = product.variants.find((candidate) => candidate.id === variantId);
    if (!variant) continue;
    const label = variantLabel(variant);
    return label ? `${product.name} (${label})` : product.name;
  }
  return `#${variantId}`;
}

/** A deal's choice groups start with their default options picked. */
export const defaultPicks = (deal: PosDeal): number[] =>
  deal.components.flatMap((component) =>
    component.kind === "choice"
      ? component.options.filter((option) => option.isDefault).map((option) => option.id)
      : [],
  );

/** The first choice group whose picks are fewer than its minimum or more than its maximum, or null. */
export function unmetChoice(deal: PosDeal, picks: readonly number[]): PosDeal["components"][number] | null {
  for (const component of deal.components) {
    if (component.kind !== "choice") continue;
    const count = component.options.filter((option) => picks.includes(option.id)).length;
    if (count < component.minChoose || count > component.maxChoose) return component;
  }
  return null;
}

/** The deal's price in minor units with the extra prices of the picked options. */
export function dealPriceMinor(deal: PosDeal, picks: readonly number[]): number {
  const options = deal.components.flatMap((component) => component.options);
  const extras = options.filter((option) => picks.includes(option.id)).map((option) => option.extraPrice);
  return [deal.price, ...extras].reduce((sum, amount) => sum + minorOf(amount), 0);
}

/**
 * The variant whose tax class taxes a deal's line: its largest part by list price (the part
 * `allocateDeal` gives the remainder), as the server taxes it.
 */
export function dealTaxVariant(bootstrap: PosBootstrap, deal: PosDeal, picks: readonly number[]): number | null {
  const priceOf = (variantId: number) =>
    bootstrap.products.flatMap((product) => product.variants).find((variant) => variant.id === variantId)?.price ?? 0;
  const parts = deal.components.flatMap((component) =>
    component.options.filter((option) => component.kind === "fixed" || picks.includes(option.id)),
  );
  let best: (typeof parts)[number] | undefined;
  for (const part of parts)
    if (!best || priceOf(part.variantId) * part.qty > priceOf(best.variantId) * best.qty) best = part;
  return best?.variantId ?? null;
}

/** What the deal's line shows under its name: its fixed parts and the picked options. */
export function dealDetail(bootstrap: PosBootstrap, deal: PosDeal, picks: readonly number[]): string {
  return deal.components
    .flatMap((component) =>
      component.options.filter((option) => component.kind === "fixed" || picks.includes(option.id)),
    )
    .map((option) => `${option.qty > 1 ? `${option.qty} × ` : ""}${variantName(bootstrap, option.variantId)}`)
    .join(", ");
}

/** What the menu charges now for a line's item (a deal with its picks), or null when it is gone. */
export function currentPriceMinor(
  bootstrap: PosBootstrap,
  line: { variantId: number | null; dealId: number | null; picks: readonly number[] },
): number | null {
  if (line.dealId !== null) {
    const deal = bootstrap.deals.find((candidate) => candidate.id === line.dealId);
    return deal ? dealPriceMinor(deal, line.picks) : null;
  }
  for (const product of bootstrap.products) {
    const variant = product.variants.find((candidate) => candidate.id === line.variantId);
    if (variant) return minorOf(variant.price);
  }
  return null;
}

/** The order line for a product's variant, as the menu adds it. */
export const variantLine = (lineUuid: string, product: PosProduct, variant: PosVariant): NewLine => ({
  lineUuid,
  variantId: variant.id,
  dealId: null,
  picks: [],
  name: product.name,
  detail: variantLabel(variant),
  categoryId: product.categoryId,
  taxVariantId: variant.id,
  unitPriceMinor: minorOf(variant.price),
});

/** The order line for a deal with its picked options, priced with their extras. */
export const dealLine = (
  lineUuid: string,
  bootstrap: PosBootstrap,
  deal: PosDeal,
  picks: readonly number[],
): NewLine => ({
  lineUuid,
  variantId: null,
  dealId: deal.id,
  picks: [...picks],
  name: deal.name,
  detail: dealDetail(bootstrap, deal, picks),
  categoryId: deal.categoryId ?? 0,
  taxVariantId: dealTaxVariant(bootstrap, deal, picks),
  unitPriceMinor: dealPriceMinor(deal, picks),
});
