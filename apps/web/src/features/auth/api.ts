import {
  type AccountsLogin,
  accountsLoginResponseSchema,
  type CargoLogin,
  cargoLoginResponseSchema,
  type Me,
  meSchema,
  messageAnswerSchema,
  signOutOthersResponseSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { fullName } from "../../lib/format";
import { keepDisplayName, replaceToken, startSession, toPermissionEntry } from "../../lib/session";

export const authKeys = {
  all: ["auth"] as const,
  me: () => [...authKeys.all, "me"] as const,
};

/** How the top bar and receipts name a person: their full name, else their user name. */
export const displayNameOf = (me: Pick<Me, "firstName" | "lastName" | "userName">): string =>
  fullName(me.firstName, me.lastName) || me.userName;

/** The signed-in user with their current permissions (they can change without a new sign-in). */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }) => {
      const me = await api.get("/users/me", meSchema, signal);
      keepDisplayName(displayNameOf(me));
      return me;
    },
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

/** Stage 1 of the reset: the server mails a code (and answers the same for any address). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      api.post("/user_cargo/forgot_password", input, messageAnswerSchema, { anonymous: true }),
  });
}

export interface ResetPasswordInput {
  code: string;
  email: string;
  password: string;
  confirmPassword?: string | undefined;
}

/** Stage 2: the mailed code with the new password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ code, ...body }: ResetPasswordInput) =>
      api.post(`/user_cargo/reset_password/${encodeURIComponent(code)}`, body, messageAnswerSchema, {
        anonymous: true,
      }),
  });
}

/** Ends the signed-in user's other sessions; this one goes on with the fresh token the server answers. */
export function useSignOutOtherSessions() {
  return useMutation({
    mutationFn: () => api.post("/users/me/sign_out_everywhere", {}, signOutOthersResponseSchema),
    onSuccess: (answer) => replaceToken(answer.token),
  });
}
