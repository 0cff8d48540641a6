import { perm } from "@cargodesk/shared";

/**
 * Store > Store Product (design section 1.2, routes 1 and 2, spelled as the spec spells them: the
 * upload's "product" is lower case; Master Control's Product Upload is /inventory/Product/uploadProduct).
 */
export const STORE_PRODUCT_ROUTES = {
  upload: "/inventory/product/uploadProduct",
  list: "/inventory/Product/storeProductList",
} as const;

const storeProduct = (sub: string) => perm("Store", "Store Product", sub);
export const STORE_PRODUCT_PERMISSIONS = {
  /** The write permission: upload, Add one and the list's Edit and Delete. */
  upload: storeProduct("Store Product Upload"),
  list: storeProduct("Store Product List"),
} as const;
