import { z } from "zod";

export const AUTH_MESSAGES = {
  userNameRequired: "Please Enter User Name",
  emailInvalid: "Please Enter Valid Email",
  passwordRequired: "Please Enter Password",
  wrongUserName: "Invalid user name or password",
  wrongEmail: "Invalid email or password",
  pending: "Your account is pending approval. You can sign in once an administrator approves it.",
  cancelled: "Your account has been cancelled. Please contact the administrator.",
  blocked: "Your account has been blocked. Please contact the administrator.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a minute and try again.",
  signInRequired: "Please sign in to continue",
  sessionExpired: "Your session has expired. Please sign in again.",
  sessionEnded:
    "Your session has ended because your password, role or status changed, or you were signed out everywhere. Please sign in again.",
  forbidden: "You do not have permission to do this",
  loggedIn: "Login successfully",
  signedOutEverywhere: "Every session of this user has been signed out. They must sign in again.",
  signedOutOthers: "Your other sessions have been signed out.",
} as const;

/** An admin's "sign out everywhere" for a user. */
export const signOutEverywhereResponseSchema = z.object({ message: z.string() });
/** The signed-in user's own "sign out my other sessions": a fresh token keeps this one going. */
export const signOutOthersResponseSchema = z.object({ message: z.string(), token: z.string() });

export const accountsLoginSchema = z.object({
  userName: z.string().trim().min(1, AUTH_MESSAGES.userNameRequired).max(100),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(200),
});
export type AccountsLogin = z.infer<typeof accountsLoginSchema>;

export const cargoLoginSchema = z.object({
  email: z.string().trim().max(200).pipe(z.email(AUTH_MESSAGES.emailInvalid)),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(200),
});
export type CargoLogin = z.infer<typeof cargoLoginSchema>;

export const accountsPermissionSchema = z.object({
  permissionsName: z.string(),
  permissionsCatName: z.string().nullable(),
  permissionsSubCatName: z.string().nullable(),
});

export const accountsLoginResponseSchema = z.object({
  token: z.string(),
  _id: z.number().int(),
  permission: z.array(accountsPermissionSchema),
});
export type AccountsLoginResponse = z.infer<typeof accountsLoginResponseSchema>;

export const cargoPermissionSchema = z.object({
  permissions_name: z.string(),
  permissions_cat_name: z.string().nullable(),
  permissions_sub_cat_name: z.string().nullable(),
});

export const cargoLoginResponseSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  roleId: z.number().int(),
  Permissions: z.array(cargoPermissionSchema),
  message: z.string(),
});
export type CargoLoginResponse = z.infer<typeof cargoLoginResponseSchema>;

/** Who is signed in, as `GET /api/users/me` answers it. */
export const meSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.number().int(),
  role: z.string(),
  lastLogin: z.string().nullable(),
  permissions: z.array(cargoPermissionSchema),
});
export type Me = z.infer<typeof meSchema>;
