import {
  type AuditEntry,
  auditEntrySchema,
  messageAnswerSchema,
  type RegistrationInput,
  type Role,
  roleSchema,
  signOutEverywhereResponseSchema,
  type UpdateUserInput,
  type User,
  unlockResponseSchema,
  userRegisteredSchema,
  userSchema,
  userStatusChangedSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

/** A user as the list shows them; the same shape as one user read for the edit form. */
export type UserRow = User;
export type UserDetail = User;
export type { AuditEntry, Role };

/** Which role list the Account Type chooser offers: customers only (public) or every role (staff). */
export type RoleScope = "customer" | "all";

export const userKeys = {
  all: ["users"] as const,
  list: () => [...userKeys.all, "list"] as const,
  detail: (id: number) => [...userKeys.all, "detail", id] as const,
  roles: (scope: RoleScope) => [...userKeys.all, "roles", scope] as const,
  audit: (id: number) => [...userKeys.all, "audit", id] as const,
  image: (path: string) => [...userKeys.all, "image", path] as const,
};

export function useUsers() {
  return useQuery({
    queryKey: userKeys.list(),
    queryFn: ({ signal }) => api.get("/user_cargo", z.array(userSchema), signal),
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/user_cargo/${id}`, userSchema, signal),
    enabled: id !== null,
  });
}

/** The Account Type choices: `get_cus_role` for visitors, `get_role` for staff. */
export function useRoles(scope: RoleScope) {
  return useQuery({
    queryKey: userKeys.roles(scope),
    queryFn: ({ signal }) =>
      scope === "customer"
        ? apiRequest("/user_cargo/get_cus_role", z.array(roleSchema), { method: "POST", signal, anonymous: true })
        : apiRequest("/user_cargo/get_role", z.array(roleSchema), { method: "POST", signal }),
    staleTime: 10 * 60_000,
  });
}

export function useAuditLog(userId: number, enabled: boolean) {
  return useQuery({
    queryKey: userKeys.audit(userId),
    queryFn: ({ signal }) => api.get(`/audit_log?userId=${userId}`, z.array(auditEntrySchema), signal),
    enabled,
  });
}

/**
 * Registration: the public variant goes without a token (a pending customer); the in-app variant
 * sends the signed-in staff member's token (an approved user of any role).
 */
export function useRegister(variant: "public" | "admin") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationInput) =>
      api.post("/user_cargo/cargo_register", input, userRegisteredSchema, {
        anonymous: variant === "public",
      }),
    onSuccess: () => (variant === "admin" ? invalidateAfter(client, "userChanged") : undefined),
  });
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput & { credit_limit?: number }) =>
      apiRequest(`/user_cargo/${id}`, messageAnswerSchema, { method: "PUT", body: input }),
    onSuccess: () => invalidateAfter(client, "userChanged"),
  });
}

export function useChangeUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userStatusId }: { id: number; userStatusId: number }) =>
      api.post(`/user_cargo/update_user_status/${id}`, { userStatusId }, userStatusChangedSchema),
    // Refetch whatever happened: a refused change may mean someone else changed the row first.
    onSettled: () => invalidateAfter(client, "userChanged"),
  });
}

/** Lifts a sign-in lock (`POST /api/users/{id}/unlock`). */
export function useUnlockUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/users/${id}/unlock`, {}, unlockResponseSchema),
    onSettled: () => invalidateAfter(client, "userChanged"),
  });
}

/** Ends every session of a user (`POST /api/users/{id}/sign_out_everywhere`). */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: (id: number) => api.post(`/users/${id}/sign_out_everywhere`, {}, signOutEverywhereResponseSchema),
  });
}
