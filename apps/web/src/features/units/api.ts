import {
  messageAnswerSchema,
  type UnitInput,
  unitRowSchema,
  unitSavedSchema,
  unitUsageRowSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export const unitKeys = {
  all: ["units"] as const,
  list: () => [...unitKeys.all, "list"] as const,
  usage: () => [...unitKeys.all, "usage"] as const,
};

/** GET /api/uom: every unit with its symbol, dimension and factor (the product forms' pickers). */
export function useUnits() {
  return useQuery({
    queryKey: unitKeys.list(),
    queryFn: ({ signal }) => api.get("/uom", z.array(unitRowSchema), signal),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/inventory/uom/usage: the UOM lists, with how many records use each unit. */
export function useUnitUsage() {
  return useQuery({
    queryKey: unitKeys.usage(),
    queryFn: ({ signal }) => api.get("/inventory/uom/usage", z.array(unitUsageRowSchema), signal),
  });
}

/** Adds a unit (id null) or changes one. */
export function useSaveUnit(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UnitInput) =>
      apiRequest(id === null ? "/inventory/uom" : `/inventory/uom/${id}`, unitSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "unitChanged"),
  });
}

export function useDeleteUnit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/uom/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "unitChanged"),
  });
}
