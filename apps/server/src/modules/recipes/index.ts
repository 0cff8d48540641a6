/** What other modules use of recipes: the costing SQL (products list their recipe costs with it). */
export { costColumns, costFigures, variantCosts } from "./recipes.costs";
