import {
  AUTH_MESSAGES,
  accountsLoginResponseSchema,
  accountsLoginSchema,
  cargoLoginResponseSchema,
  cargoLoginSchema,
  errorBodySchema,
  meSchema,
  type PermissionEntry,
  perm,
  SIGN_IN_LOCK_MESSAGES,
  unlockResponseSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { publicLimit } from "../../lib/rate-limits";
import { bearer } from "../../lib/route-schemas";
import { access, currentUser } from "../../plugins/access";
import { signIn } from "./auth.service";
import { createUnknownLogins } from "./sign-in-lock";
import { unlockUser } from "./unlock";

const toCargoPermission = (entry: PermissionEntry) => ({
  permissions_name: entry.name,
  permissions_cat_name: entry.cat,
  permissions_sub_cat_name: entry.sub,
});

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

export function authRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    // One limiter for both sign-in routes, so attempts from an address count together.
    const loginRateLimit = publicLimit(app, "sign-in", deps.config.LOGIN_RATE_LIMIT, AUTH_MESSAGES.tooManyAttempts);
    const unknownLogins = createUnknownLogins(deps.db);

    app.post(
      "/users/login",
      {
        config: { access: access.public },
        onRequest: loginRateLimit,
        schema: {
          tags: ["auth"],
          summary: "Accounts sign-in by user name",
          body: accountsLoginSchema,
          response: { 200: accountsLoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await signIn(
          ctxOf(deps, request),
          {
            by: "userName",
            login: request.body.userName,
            password: request.body.password,
          },
          unknownLogins,
        );
        return {
          token: result.token,
          _id: result.userId,
          permission: result.permissions.map((entry) => ({
            permissionsName: entry.name,
            permissionsCatName: entry.cat,
            permissionsSubCatName: entry.sub,
          })),
        };
      },
    );

    app.post(
      "/user_cargo/cargo_login",
      {
        config: { access: access.public },
        onRequest: loginRateLimit,
        schema: {
          tags: ["auth"],
          summary: "Cargo sign-in by e-mail",
          body: cargoLoginSchema,
          response: { 200: cargoLoginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await signIn(
          ctxOf(deps, request),
          {
            by: "email",
            login: request.body.email,
            password: request.body.password,
          },
          unknownLogins,
        );
        return {
          token: result.token,
          id: result.userId,
          roleId: result.roleId,
          Permissions: result.permissions.map(toCargoPermission),
          message: AUTH_MESSAGES.loggedIn,
        };
      },
    );

    app.post(
      "/users/:id/unlock",
      {
        config: { access: access.permission(perm("User", "User Edit Status")) },
        schema: {
          tags: ["auth"],
          summary: "Lift a sign-in lock after too many wrong passwords (audited; an admin's only by an admin)",
          security: bearer,
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: { 200: unlockResponseSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        const { wasLocked } = await unlockUser(ctxOf(deps, request), request.params.id);
        return { message: wasLocked ? SIGN_IN_LOCK_MESSAGES.unlocked : SIGN_IN_LOCK_MESSAGES.notLocked, wasLocked };
      },
    );

    app.get(
      "/users/me",
      {
        config: { access: access.signedIn },
        schema: {
          tags: ["auth"],
          summary: "The signed-in user and their current permissions",
          security: [{ bearerAuth: [] }],
          response: { 200: meSchema, 401: errorBodySchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return {
          id: user.id,
          userName: user.userName,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          roleId: user.roleId,
          role: user.roleName,
          lastLogin: user.lastLogin?.toISOString() ?? null,
          permissions: user.permissions.map(toCargoPermission),
        };
      },
    );
  };
}
