import { perm } from "@cargodesk/shared";

/** Master Control > Deal (design section 5.2, routes 26 and 27; spelled as the spec spells them). */
export const DEAL_ROUTES = {
  add: "/inventory/deal/addDeal",
  list: "/inventory/deal/dealList",
} as const;

export const DEAL_PERMISSION = perm("Master Control", "Deal");
