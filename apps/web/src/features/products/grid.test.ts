import { describe, expect, it } from "vitest";
import { buildGrid, type GridCell, inOptionOrder } from "./grid";

const cell = (sizeId: number | null, flavourId: number | null, price: number): GridCell => ({
  sizeId,
  flavourId,
  price,
  barcode: null,
  active: true,
  directStoreProductId: null,
  directQty: null,
});

describe("variant grid", () => {
  it("makes one cell per size x flavour, in the options' order", () => {
    const grid = buildGrid([1, 2, 3], [7, 8], []);
    expect(grid.map((c) => [c.sizeId, c.flavourId])).toEqual([
      [1, 7],
      [1, 8],
      [2, 7],
      [2, 8],
      [3, 7],
      [3, 8],
    ]);
    expect(inOptionOrder([3, 1], [{ id: 1 }, { id: 2 }, { id: 3 }])).toEqual([1, 3]);
  });

  it("keeps typed cells, prices a new flavour like its size, and has one plain cell with nothing chosen", () => {
    const start = [cell(1, null, 300), cell(2, null, 450)];
    const grown = buildGrid([1, 2], [7], start);
    expect(grown.map((c) => c.price)).toEqual([300, 450]);
    const kept = buildGrid([1, 2], [7, 8], [{ ...cell(1, 7, 310), barcode: "X1" }]);
    expect(kept[0]).toMatchObject({ price: 310, barcode: "X1" });
    expect(kept[1]).toMatchObject({ sizeId: 1, flavourId: 8, price: 310, barcode: null });
    expect(buildGrid([], [], [cell(1, 7, 5)])).toEqual([expect.objectContaining({ sizeId: null, flavourId: null })]);
  });
});
