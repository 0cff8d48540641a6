/**
 * What other modules may use of store products: the list query (for their own pickers, behind
 * their own permissions) and one product with its stock.
 */
export { findStoreProduct, findStoreProducts, type ListFilter } from "./store-products.queries";
