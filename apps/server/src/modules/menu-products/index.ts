export { findProduct } from "./menu-products.queries";
