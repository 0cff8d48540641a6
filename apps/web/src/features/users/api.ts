import {
  type RegistrationInput,
  signOutEverywhereResponseSchema,
  type UpdateUserInput,
  unlockResponseSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";

/** A user as `GET /api/user_cargo` lists it (spec: users-tracking-rates-ledger.md section 3). */
export const userRowSchema = z.object({
  id: z.number().int(),
  userName: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  email: z.string(),
  companyName: z.string().nullish(),
  roleId: z.number().int(),
  role: z.object({ role: z.string() }).nullish(),
  userStatusId: z.number().int(),
  user_status: z.object({ status: z.string() }).nullish(),
  last_login: z.string().nullish(),
  /** Set while sign-in is refused after too many wrong passwords; User Edit Status can lift it. */
  lockedUntil: z.string().nullish(),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** One user with every field the edit form shows (`GET /api/user_cargo/{id}`). */
export const userDetailSchema = userRowSchema.extend({
  webSite: z.string().nullish(),
  gst: z.string().nullish(),
  ntn: z.string().nullish(),
  cnic: z.string().nullish(),
  address: z.string().nullish(),
  phone_number: z.string().nullish(),
  companyLogo: z.string().nullish(),
  cnicFrontImage: z.string().nullish(),
  cnicBackImage: z.string().nullish(),
  /** PKR; 0 means none. */
  creditLimit: z.number().nullish(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const roleSchema = z.object({ id: z.number().int(), role: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  action: z.string(),
  targetUserId: z.number().int().nullable(),
  details: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const messageSchema = z.object({ message: z.string() });

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
    queryFn: ({ signal }) => api.get("/user_cargo", z.array(userRowSchema), signal),
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/user_cargo/${id}`, userDetailSchema, signal),
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
      api.post("/user_cargo/cargo_register", input, messageSchema.extend({ id: z.number().int() }), {
        anonymous: variant === "public",
      }),
    onSuccess: () => (variant === "admin" ? invalidateAfter(client, "userChanged") : undefined),
  });
}

export function useUpdateUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput & { credit_limit?: number }) =>
      apiRequest(`/user_cargo/${id}`, messageSchema, { method: "PUT", body: input }),
    onSuccess: () => invalidateAfter(client, "userChanged"),
  });
}

export function useChangeUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userStatusId }: { id: number; userStatusId: number }) =>
      api.post(`/user_cargo/update_user_status/${id}`, { userStatusId }, messageSchema),
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
