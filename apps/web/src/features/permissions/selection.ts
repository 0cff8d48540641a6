import { permissionKey } from "@cargodesk/shared";
import type { PermissionGroupRow, PermissionRow } from "./api";

/** One checkbox of the grid: a group (depth 0), a category (1) or a sub-category (2). */
export interface PermissionNode {
  readonly key: string;
  readonly label: string;
  readonly depth: 0 | 1 | 2;
  readonly row: PermissionRow;
  readonly children: readonly PermissionNode[];
}

export type Selection = ReadonlySet<string>;

export const keyOf = (row: PermissionRow): string =>
  permissionKey({ name: row.permissions_name, cat: row.permissions_cat_name, sub: row.permissions_sub_cat_name });

function node(row: PermissionRow, label: string, depth: 0 | 1 | 2, children: PermissionNode[] = []): PermissionNode {
  return { key: keyOf(row), label, depth, row, children };
}

/** The server's groups as a tree of checkboxes. */
export function buildTree(group: PermissionGroupRow): PermissionNode {
  const name = group.permissions_name;
  return node({ permissions_name: name, permissions_cat_name: null, permissions_sub_cat_name: null }, name, 0, [
    ...group.cargo_permission_cats.map((category) => {
      const cat = category.permissions_cat_name;
      return node({ permissions_name: name, permissions_cat_name: cat, permissions_sub_cat_name: null }, cat, 1, [
        ...category.permissionSubCats.map(({ permissions_sub_cat_name: sub }) =>
          node({ permissions_name: name, permissions_cat_name: cat, permissions_sub_cat_name: sub }, sub, 2),
        ),
      ]);
    }),
  ]);
}

/** The node and everything beneath it. */
export function subtree(root: PermissionNode): PermissionNode[] {
  return [root, ...root.children.flatMap(subtree)];
}

/** Checked when the node and all beneath it are ticked; indeterminate when only some are. */
export function stateOf(selection: Selection, root: PermissionNode): { checked: boolean; indeterminate: boolean } {
  const nodes = subtree(root);
  const ticked = nodes.filter((item) => selection.has(item.key)).length;
  return { checked: ticked === nodes.length, indeterminate: ticked > 0 && ticked < nodes.length };
}

/**
 * Ticking a node ticks everything beneath it and marks its parents as (partly) ticked; unticking
 * removes it and everything beneath, and a parent left with nothing ticked beneath it goes too.
 * `ancestors` lists the node's parents, nearest last.
 */
export function toggle(
  selection: Selection,
  target: PermissionNode,
  ancestors: readonly PermissionNode[],
  tick: boolean,
): Set<string> {
  const next = new Set(selection);
  const below = subtree(target);
  if (tick) {
    for (const item of [...ancestors, ...below]) next.add(item.key);
    return next;
  }
  for (const item of below) next.delete(item.key);
  for (const parent of [...ancestors].reverse()) {
    const anyLeft = subtree(parent).some((item) => item !== parent && next.has(item.key));
    if (!anyLeft) next.delete(parent.key);
  }
  return next;
}

/** A user's stored rows as a selection; loading a user replaces whatever was ticked before. */
export const fromRows = (rows: readonly PermissionRow[]): Selection => new Set(rows.map(keyOf));

/** What Send stores: one row per ticked group, category and sub-category, in grid order. */
export function toRows(selection: Selection, trees: readonly PermissionNode[]): PermissionRow[] {
  return trees.flatMap(subtree).flatMap((item) => (selection.has(item.key) ? [item.row] : []));
}
