import { perm } from "@cargodesk/shared";

/** Master Control > Vendor (design section 1.2, routes 37 and 38; spelled as the spec spells them). */
export const VENDOR_ROUTES = {
  add: "/inventory/Vendor/addVendor",
  list: "/inventory/Vendor/listVendor",
} as const;

export const VENDOR_PERMISSION = perm("Master Control", "Vendor");
