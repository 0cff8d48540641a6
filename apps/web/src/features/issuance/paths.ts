import { perm } from "@cargodesk/shared";

/** Store > Issuance (design section 1.2, routes 4-7; spelled as the spec spells them). */
export const ISSUANCE_ROUTES = {
  add: "/inventory/issuance/addIssuance",
  list: "/inventory/Issuance/IssuanceDetail",
  reportById: "/inventory/Issuance/IssuanceById",
  reportByDates: "/inventory/Issuance/IssuanceWithDate",
} as const;

const issuance = (sub: string) => perm("Store", "Issuance", sub);
export const ISSUANCE_PERMISSIONS = {
  add: issuance("Issuance Add"),
  list: issuance("Issuance List"),
  reportById: issuance("Issuance Report With Id"),
  reportByDates: issuance("Issuance Report With Dates"),
} as const;
