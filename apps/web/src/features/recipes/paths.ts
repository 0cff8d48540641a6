import { perm } from "@cargodesk/shared";

/** Master Control > Recipe (design section 1.2, routes 24 and 25; case-sensitive). */
export const RECIPE_ROUTES = {
  add: "/inventory/Recipe/addRecipe",
  list: "/inventory/Recipe/listRecipe",
} as const;

export const RECIPE_PERMISSION = perm("Master Control", "Recipe");

/** Add Recipe editing a recipe's current version (`id`), or starting one for a variant (`variant`). */
export const recipeEditPath = (id: number) => `${RECIPE_ROUTES.add}?id=${id}`;
export const recipeForVariantPath = (variantId: number) => `${RECIPE_ROUTES.add}?variant=${variantId}`;
