import { perm } from "@cargodesk/shared";

/** Store > UOM reads units; Master Control > UOM edits them (design section 1.2, routes 13, 39 and 40). */
export const UNIT_ROUTES = {
  storeList: "/inventory/uomlist",
  add: "/inventory/uom/adduom",
  list: "/inventory/uom/listUom",
} as const;

export const UNIT_PERMISSIONS = {
  read: perm("Store", "UOM"),
  edit: perm("Master Control", "UOM"),
} as const;
