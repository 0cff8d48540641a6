import {
  type FlavourForm,
  flavourListSchema,
  flavourSavedSchema,
  flavourSchema,
  messageAnswerSchema,
  type SizeForm,
  sizeListSchema,
  sizeSavedSchema,
  sizeSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export type OptionKind = "flavour" | "size";

export const menuOptionKeys = {
  all: ["menu-options"] as const,
  list: (kind: OptionKind) => [...menuOptionKeys.all, kind, "list"] as const,
  one: (kind: OptionKind, id: number) => [...menuOptionKeys.all, kind, "one", id] as const,
};

const SCHEMAS = {
  flavour: { list: flavourListSchema, one: flavourSchema, saved: flavourSavedSchema },
  size: { list: sizeListSchema, one: sizeSchema, saved: sizeSavedSchema },
} as const;

export function useFlavours() {
  return useQuery({
    queryKey: menuOptionKeys.list("flavour"),
    queryFn: ({ signal }) => api.get("/inventory/flavour", SCHEMAS.flavour.list, signal),
  });
}

export function useSizes() {
  return useQuery({
    queryKey: menuOptionKeys.list("size"),
    queryFn: ({ signal }) => api.get("/inventory/size", SCHEMAS.size.list, signal),
  });
}

export function useFlavour(id: number | null) {
  return useQuery({
    queryKey: menuOptionKeys.one("flavour", id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/flavour/${id}`, SCHEMAS.flavour.one, signal),
    enabled: id !== null,
  });
}

export function useSize(id: number | null) {
  return useQuery({
    queryKey: menuOptionKeys.one("size", id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/size/${id}`, SCHEMAS.size.one, signal),
    enabled: id !== null,
  });
}

/** Adds a flavour (id null) or changes one. */
export function useSaveFlavour(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FlavourForm) =>
      apiRequest(id === null ? "/inventory/flavour" : `/inventory/flavour/${id}`, SCHEMAS.flavour.saved, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "menuOptionChanged"),
  });
}

/** Adds a size (id null) or changes one. */
export function useSaveSize(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SizeForm) =>
      apiRequest(id === null ? "/inventory/size" : `/inventory/size/${id}`, SCHEMAS.size.saved, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "menuOptionChanged"),
  });
}

export function useDeleteOption(kind: OptionKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/${kind}/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "menuOptionChanged"),
  });
}
