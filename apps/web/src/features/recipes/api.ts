import {
  type RecipeForm,
  type RecipeListQuery,
  recipeCostingSchema,
  recipeIngredientsSchema,
  recipeMenuSchema,
  recipePageSchema,
  recipeSavedSchema,
  recipeSchema,
  recipeVersionsSchema,
} from "@cargodesk/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile, apiRequest } from "../../lib/api";
import { saveBlob } from "../../lib/files";
import { invalidateAfter } from "../../lib/invalidation";
import { queryString } from "../../lib/query-string";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const recipeKeys = {
  all: ["recipes"] as const,
  list: (query: Partial<RecipeListQuery>) => [...recipeKeys.all, "list", query] as const,
  one: (id: number) => [...recipeKeys.all, "one", id] as const,
  costing: (id: number) => [...recipeKeys.all, "costing", id] as const,
  versions: (variantId: number) => [...recipeKeys.all, "versions", variantId] as const,
  menu: () => [...recipeKeys.all, "menu"] as const,
  ingredients: () => [...recipeKeys.all, "ingredients"] as const,
};

/** The list's query: `missing` travels as 1, or not at all. */
const listQuery = ({ missing, ...query }: Partial<RecipeListQuery>) =>
  queryString({ ...query, missing: missing ? 1 : undefined });

/** One page of recipes (or, with `missing`, of variants without one). */
export function useRecipes(query: Partial<RecipeListQuery>) {
  return useQuery({
    queryKey: recipeKeys.list(query),
    queryFn: ({ signal }) => api.get(`/inventory/recipe?${listQuery(query)}`, recipePageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRecipe(id: number | null) {
  return useQuery({
    queryKey: recipeKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/recipe/${id}`, recipeSchema, signal),
    enabled: id !== null,
  });
}

export function useRecipeCosting(id: number | null) {
  return useQuery({
    queryKey: recipeKeys.costing(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/recipe/${id}/costing`, recipeCostingSchema, signal),
    enabled: id !== null,
  });
}

export function useRecipeVersions(variantId: number | null) {
  return useQuery({
    queryKey: recipeKeys.versions(variantId ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/recipe/variant/${variantId}`, recipeVersionsSchema, signal),
    enabled: variantId !== null,
  });
}

/** Products and variants to give recipes to. */
export function useRecipeMenu() {
  return useQuery({
    queryKey: recipeKeys.menu(),
    queryFn: ({ signal }) => api.get("/inventory/recipe/menu", recipeMenuSchema, signal),
  });
}

/** Store products with stock unit, packs and Kitchen rate. */
export function useRecipeIngredients() {
  return useQuery({
    queryKey: recipeKeys.ingredients(),
    queryFn: ({ signal }) => api.get("/inventory/recipe/ingredients", recipeIngredientsSchema, signal),
  });
}

/** Version 1 of a variant's recipe (id null), or the next version of the recipe `id`. */
export function useSaveRecipe(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RecipeForm) =>
      apiRequest(id === null ? "/inventory/recipe" : `/inventory/recipe/${id}`, recipeSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "recipeChanged"),
  });
}

/** Downloads the exploded recipes (ingredient usage per item) as XLSX. */
export function useExportRecipes() {
  return useMutation({
    mutationFn: async (search: string | undefined) => {
      const { blob, fileName } = await apiFile(`/inventory/recipe/export.xlsx?${queryString({ search })}`, {
        type: XLSX,
        fallbackName: "recipes.xlsx",
      });
      saveBlob(blob, fileName);
    },
  });
}
