import { perm } from "@cargodesk/shared";

/** Master Control > Menu (design section 1.2, routes 14 and 15; spelled as the spec spells them). */
export const CATEGORY_ROUTES = {
  add: "/inventory/catagory/addcatagory",
  list: "/inventory/catagory/listcatagory",
} as const;

export const CATEGORY_PERMISSION = perm("Master Control", "Menu");
