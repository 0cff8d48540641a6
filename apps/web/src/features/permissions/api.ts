import {
  cargoPermissionSchema,
  messageAnswerSchema,
  type PermissionGroupRow,
  permissionGroupSchema,
  type StaffUser,
  staffUserSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

export type { PermissionGroupRow, StaffUser };

export type PermissionRow = z.infer<typeof cargoPermissionSchema>;

export interface PermissionAssignment {
  user: number;
  permission: readonly PermissionRow[];
}

export const permissionKeys = {
  all: ["permissions"] as const,
  groups: () => [...permissionKeys.all, "groups"] as const,
  staff: () => [...permissionKeys.all, "staff"] as const,
  user: (id: number) => [...permissionKeys.all, "user", id] as const,
};

export function usePermissionGroups() {
  return useQuery({
    queryKey: permissionKeys.groups(),
    queryFn: ({ signal }) => api.get("/cargo_permission/get_all_permission", z.array(permissionGroupSchema), signal),
    staleTime: 10 * 60_000,
  });
}

export function useStaffUsers() {
  return useQuery({
    queryKey: permissionKeys.staff(),
    queryFn: ({ signal }) => api.get("/user_cargo/get_admin_and_employee_user", z.array(staffUserSchema), signal),
  });
}

export function useUserPermissions(userId: number | null) {
  return useQuery({
    queryKey: permissionKeys.user(userId ?? 0),
    queryFn: ({ signal }) =>
      api.get(`/cargo_permission/get_user_permission/${userId}`, z.array(cargoPermissionSchema), signal),
    enabled: userId !== null,
  });
}

/** Replaces the user's permissions. When they are the signed-in user, their menus follow at once. */
export function useAssignPermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PermissionAssignment) =>
      api.post("/cargo_permission/add_permission_data", input, messageAnswerSchema),
    onSuccess: () => invalidateAfter(client, "permissionsChanged"),
  });
}
