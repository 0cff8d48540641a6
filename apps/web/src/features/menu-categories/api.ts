import {
  type CategoryForm,
  type CategoryListQuery,
  categoryListSchema,
  categorySavedSchema,
  categorySchema,
  messageAnswerSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { queryString } from "../../lib/query-string";

export const menuCategoryKeys = {
  all: ["menu-categories"] as const,
  list: (query: Partial<CategoryListQuery>) => [...menuCategoryKeys.all, "list", query] as const,
  one: (id: number) => [...menuCategoryKeys.all, "one", id] as const,
};

const listPath = (query: Partial<CategoryListQuery>) => `/inventory/category?${queryString(query)}`;

/** The whole category tree in display order (parents, each followed by its sub-categories). */
export function useCategories(query: Partial<CategoryListQuery> = {}) {
  return useQuery({
    queryKey: menuCategoryKeys.list(query),
    queryFn: ({ signal }) => api.get(listPath(query), categoryListSchema, signal),
  });
}

export function useCategory(id: number | null) {
  return useQuery({
    queryKey: menuCategoryKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/category/${id}`, categorySchema, signal),
    enabled: id !== null,
  });
}

/** Adds a category (id null) or changes one. */
export function useSaveCategory(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryForm) =>
      apiRequest(id === null ? "/inventory/category" : `/inventory/category/${id}`, categorySavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "menuCategoryChanged"),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/category/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "menuCategoryChanged"),
  });
}

/** Saves one parent's order: `ids` lists every sibling once, first shown first. */
export function useSortCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest("/inventory/category/sort", messageAnswerSchema, { method: "PUT", body: { ids } }),
    onSettled: () => invalidateAfter(client, "menuCategoryChanged"),
  });
}
