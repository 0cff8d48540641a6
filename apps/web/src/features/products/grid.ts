/** One cell of the variant grid as the form holds it (price and quantity may be text the schema names). */
export interface GridCell {
  sizeId: number | null;
  flavourId: number | null;
  price: number | string | null;
  barcode: string | null;
  active: boolean;
  directStoreProductId: number | null;
  directQty: number | string | null;
}

const keyOf = (cell: { sizeId?: number | null; flavourId?: number | null }) =>
  `${cell.sizeId ?? 0}x${cell.flavourId ?? 0}`;

/** Ids in the order of their options (the size and flavour lists' own order). */
export const inOptionOrder = (ids: readonly number[], options: readonly { id: number }[]) =>
  options.map((option) => option.id).filter((id) => ids.includes(id));

/**
 * The grid for the chosen sizes x flavours, in that order: a cell already in `current` keeps what
 * was typed; a new cell starts active, priced as the first cell of its size when there is one.
 * No sizes and no flavours is one cell with neither.
 */
export function buildGrid(sizeIds: readonly number[], flavourIds: readonly number[], current: readonly GridCell[]) {
  const byKey = new Map(current.map((cell) => [keyOf(cell), cell]));
  const sizes = sizeIds.length > 0 ? sizeIds : [null];
  const flavours = flavourIds.length > 0 ? flavourIds : [null];
  const cells: GridCell[] = [];
  for (const sizeId of sizes) {
    for (const flavourId of flavours) {
      const kept = byKey.get(keyOf({ sizeId, flavourId }));
      const sameSize = cells.find((cell) => cell.sizeId === sizeId) ?? current.find((cell) => cell.sizeId === sizeId);
      cells.push(
        kept ?? {
          sizeId,
          flavourId,
          price: sameSize?.price ?? null,
          barcode: null,
          active: true,
          directStoreProductId: sameSize?.directStoreProductId ?? null,
          directQty: sameSize?.directQty ?? null,
        },
      );
    }
  }
  return cells;
}
