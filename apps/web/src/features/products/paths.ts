import { perm } from "@cargodesk/shared";

/** Master Control > Product (design section 1.2, routes 21-23; case-sensitive, see section 1.4.3). */
export const PRODUCT_ROUTES = {
  add: "/inventory/Product/addProduct",
  upload: "/inventory/Product/uploadProduct",
  list: "/inventory/Product/listProduct",
} as const;

/** Add Recipe, built in the recipes feature; linked by path only. */
export const ADD_RECIPE_PATH = "/inventory/Recipe/addRecipe";

const product = (sub: string) => perm("Master Control", "Product", sub);
export const PRODUCT_ADD = product("Product Add");
export const PRODUCT_UPLOAD = product("Product Upload");
export const PRODUCT_LIST = product("Product List");

/** Product Add for a new product (`copy`: prefilled from that product) or an edit (`id`). */
export const productEditPath = (id: number) => `${PRODUCT_ROUTES.add}?id=${id}`;
export const productCopyPath = (id: number) => `${PRODUCT_ROUTES.add}?copy=${id}`;
