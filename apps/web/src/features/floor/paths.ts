import { perm } from "@cargodesk/shared";

/** Master Control > Hall and > Table (design section 1.2, routes 28-32; spelled as the spec spells them). */
export const HALL_ROUTES = {
  add: "/inventory/Hall/addHall",
  list: "/inventory/Hall/listHall",
} as const;

export const TABLE_ROUTES = {
  add: "/inventory/Table/addTable",
  upload: "/inventory/Table/uploadTable",
  list: "/inventory/Table/listTable",
} as const;

export const HALL_PERMISSION = perm("Master Control", "Hall");
export const TABLE_PERMISSION = perm("Master Control", "Table");
