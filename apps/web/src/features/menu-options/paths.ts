import { perm } from "@cargodesk/shared";

/** Master Control > Flavour and > Size (design section 1.2, routes 16-19; spelled as the spec spells them). */
export const FLAVOUR_ROUTES = {
  add: "/inventory/Flavour/addFlavour",
  list: "/inventory/Flavour/listFlavour",
} as const;

export const SIZE_ROUTES = {
  add: "/inventory/Size/addSize",
  list: "/inventory/Size/listSize",
} as const;

export const FLAVOUR_PERMISSION = perm("Master Control", "Flavour");
export const SIZE_PERMISSION = perm("Master Control", "Size");
