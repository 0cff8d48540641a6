import { perm } from "@cargodesk/shared";

/** Master Control > Customer (design section 1.2, routes 33 and 34; spelled as the spec spells them). */
export const POS_CUSTOMER_ROUTES = {
  add: "/inventory/Customer/addCustomer",
  list: "/inventory/Customer/listCustomer",
} as const;

export const POS_CUSTOMER_PERMISSION = perm("Master Control", "Customer");
