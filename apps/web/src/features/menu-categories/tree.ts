import type { Category } from "@cargodesk/shared";

/**
 * The new order of a category's siblings after moving it one place up (-1) or down (1), as
 * `PUT /api/inventory/category/sort` takes it; null when it is already first or last.
 */
export function siblingOrder(rows: readonly Pick<Category, "id" | "parentId">[], id: number, step: -1 | 1) {
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) return null;
  const ids = rows.filter((candidate) => candidate.parentId === row.parentId).map((candidate) => candidate.id);
  const from = ids.indexOf(id);
  const to = from + step;
  if (to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
  return ids;
}
