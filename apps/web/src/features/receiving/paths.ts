import { perm } from "@cargodesk/shared";

/** Store > Receiving (design section 1.2, routes 8-11; spelled as the spec spells them). */
export const RECEIVING_ROUTES = {
  add: "/inventory/Product/addReciving",
  list: "/inventory/Product/listReciving",
  reportById: "/inventory/Product/RecivingReport",
  reportByDates: "/inventory/Product/RecivingReportDate",
} as const;

const receiving = (sub: string) => perm("Store", "Receiving", sub);
export const RECEIVING_PERMISSIONS = {
  add: receiving("Receiving Add"),
  list: receiving("Receiving List"),
  reportById: receiving("Receiving Report With Id"),
  reportByDates: receiving("Receiving Report With Dates"),
} as const;
