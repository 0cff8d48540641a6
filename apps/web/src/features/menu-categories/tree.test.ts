import { describe, expect, it } from "vitest";
import { siblingOrder } from "./tree";

const rows = [
  { id: 1, parentId: null },
  { id: 4, parentId: 1 },
  { id: 5, parentId: 1 },
  { id: 2, parentId: null },
  { id: 3, parentId: null },
  { id: 6, parentId: 3 },
];

describe("siblingOrder", () => {
  it("swaps a category with its neighbour among the same parent's categories only", () => {
    expect(siblingOrder(rows, 2, -1)).toEqual([2, 1, 3]);
    expect(siblingOrder(rows, 2, 1)).toEqual([1, 3, 2]);
    expect(siblingOrder(rows, 4, 1)).toEqual([5, 4]);
  });

  it("answers null past either end, for an only child and for an unknown id", () => {
    expect(siblingOrder(rows, 1, -1)).toBeNull();
    expect(siblingOrder(rows, 3, 1)).toBeNull();
    expect(siblingOrder(rows, 6, -1)).toBeNull();
    expect(siblingOrder(rows, 99, 1)).toBeNull();
  });
});
