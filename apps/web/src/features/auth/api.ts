import {
  type AccountsLogin,
  accountsLoginResponseSchema,
  type CargoLogin,
  cargoLoginResponseSchema,
  meSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { startSession, toPermissionEntry } from "../../lib/session";

export const authKeys = {
  all: ["auth"] as const,
  me: () => [...authKeys.all, "me"] as const,
};

/** The signed-in user with their current permissions (they can change without a new sign-in). */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => api.get("/users/me", meSchema, signal),
    enabled,
  });
}

export function useCargoLogin() {
  return useMutation({
    mutationFn: (input: CargoLogin) =>
      api.post("/user_cargo/cargo_login", input, cargoLoginResponseSchema, { anonymous: true }),
    onSuccess: (answer) =>
      startSession({
        token: answer.token,
        userId: answer.id,
        userType: answer.roleId,
        isAdmin: false,
        permissions: answer.Permissions.map(toPermissionEntry),
      }),
  });
}

export function useAccountsLogin() {
  return useMutation({
    mutationFn: (input: AccountsLogin) =>
      api.post("/users/login", input, accountsLoginResponseSchema, { anonymous: true }),
    onSuccess: (answer) =>
      startSession({
        token: answer.token,
        userId: answer._id,
        // The accounts answer carries no role; `/users/me` fills it in on the first page.
        userType: null,
        isAdmin: false,
        permissions: answer.permission.map((row) => ({
          name: row.permissionsName,
          cat: row.permissionsCatName,
          sub: row.permissionsSubCatName,
        })),
      }),
  });
}
