import {
  auditEntrySchema,
  cargoPermissionSchema,
  creditLimitSchema,
  errorBodySchema,
  forgotPasswordSchema,
  hasPermission,
  idSchema,
  isStaffRole,
  messageAnswerSchema,
  perm,
  permissionAssignmentSchema,
  permissionGroupSchema,
  ROLES,
  registrationSchema,
  resetPasswordSchema,
  roleSchema,
  staffUserSchema,
  toMinor,
  USER_MESSAGES,
  updateUserSchema,
  userRegisteredSchema,
  userSchema,
  userStatusChangedSchema,
  userStatusSchema,
} from "@cargodesk/shared";
import { desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditLog, userPermissions, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type AppDeps, ctxOf } from "../../lib/context";
import { publicLimit } from "../../lib/rate-limits";
import { bearer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access, currentUser } from "../../plugins/access";
import { requestReset, resetPassword } from "./password-reset";
import { assignPermissions, permissionGroups } from "./permissions.service";
import { findUsers } from "./users.queries";
import { changeStatus, registerUser, updateUser } from "./users.service";

const readUsers = [perm("User", "User View"), perm("User", "User Edit"), perm("Setting", "User", "List User")];
const managePermissions = access.permission(perm("Permissions", "User Permissions"), perm("Setting", "Permission"));
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["users"], summary, security: bearer, ...extra });

export function userRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const registerLimit = publicLimit(
      app,
      "registration",
      deps.config.LOGIN_RATE_LIMIT,
      "Too many registrations from this address. Please wait a minute.",
    );
    const resetLimit = publicLimit(
      app,
      "password-reset",
      deps.config.LOGIN_RATE_LIMIT,
      "Too many password reset attempts. Please wait a minute.",
    );

    app.post(
      "/user_cargo/cargo_register",
      {
        config: { access: access.optional },
        onRequest: registerLimit,
        schema: doc(
          "Register: public sign-up makes a pending customer; staff with User Add create an approved user of any role",
          {
            body: registrationSchema,
            response: { 200: userRegisteredSchema, ...protectedErrors, 409: errorBodySchema },
          },
        ),
      },
      async (request) => {
        const ctx = ctxOf(deps, request);
        const held = ctx.user?.permissions ?? [];
        const byAdmin = [perm("User", "User Add"), perm("Setting", "User", "Add User")].some((required) =>
          hasPermission(held, required),
        );
        const created = await registerUser(ctx, request.body, byAdmin ? "admin" : "public");
        return { message: byAdmin ? USER_MESSAGES.created : USER_MESSAGES.registered, id: created.id };
      },
    );
    app.post(
      "/user_cargo/get_cus_role",
      {
        config: { access: access.public },
        schema: doc("Customer roles, for public registration", { response: { 200: z.array(roleSchema) } }),
      },
      () => ROLES.filter((role) => !isStaffRole(role.id)),
    );
    app.post(
      "/user_cargo/get_role",
      {
        config: { access: access.staff },
        schema: doc("Every role", { response: { 200: z.array(roleSchema), ...protectedErrors } }),
      },
      () => [...ROLES],
    );

    app.post(
      "/user_cargo/forgot_password",
      {
        config: { access: access.public },
        onRequest: resetLimit,
        schema: doc("Mail a 6-digit reset code (same answer whether or not the address exists)", {
          body: forgotPasswordSchema,
          response: { 200: messageAnswerSchema, 400: errorBodySchema },
        }),
      },
      async (request) => {
        await requestReset(ctxOf(deps, request), request.body.email, (message) => request.log.info(message));
        return { message: USER_MESSAGES.resetSent };
      },
    );
    app.post(
      "/user_cargo/reset_password/:code",
      {
        config: { access: access.public },
        onRequest: resetLimit,
        schema: doc("Set a new password with the mailed code", {
          params: z.object({ code: z.string().max(10) }),
          body: resetPasswordSchema,
          response: { 200: messageAnswerSchema, 400: errorBodySchema },
        }),
      },
      async (request) => {
        await resetPassword(ctxOf(deps, request), request.params.code, request.body.email, request.body.password);
        return { message: USER_MESSAGES.resetDone };
      },
    );

    app.get(
      "/user_cargo",
      {
        config: { access: access.permission(...readUsers) },
        schema: doc("All users with role, status and last sign-in", {
          response: { 200: z.array(userSchema), ...protectedErrors },
        }),
      },
      () => findUsers(deps.db),
    );
    app.get(
      "/user_cargo/get_admin_and_employee_user",
      {
        config: { access: managePermissions },
        schema: doc("Admin and employee users, for the permission screen", {
          response: { 200: z.array(staffUserSchema), ...protectedErrors },
        }),
      },
      async () =>
        (await findUsers(deps.db, inArray(users.roleId, [1, 4]))).map((user) => ({
          _id: user.id,
          userName: user.userName,
          name: `${user.firstName} ${user.lastName}`.trim(),
          roleId: user.roleId,
        })),
    );
    app.get(
      "/user_cargo/:id",
      {
        config: { access: access.signedIn },
        schema: doc("One user: staff who may read users, or the user themself", {
          params: idParams,
          response: { 200: userSchema, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request) => {
        const user = currentUser(request);
        const mayRead =
          user.id === request.params.id || readUsers.some((required) => hasPermission(user.permissions, required));
        if (!mayRead) throw new AppError("FORBIDDEN", "You may read only your own record");
        const [found] = await findUsers(deps.db, eq(users.id, request.params.id));
        if (!found) throw new AppError("NOT_FOUND", "No such user");
        return found;
      },
    );
    app.put(
      "/user_cargo/:id",
      {
        config: { access: access.permission(perm("User", "User Edit")) },
        schema: doc("Edit a user; staff may also set a customer's credit_limit (PKR)", {
          params: idParams,
          body: updateUserSchema.and(creditLimitSchema),
          response: { 200: messageAnswerSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
        }),
      },
      async (request) => {
        const { credit_limit: creditLimit, ...input } = request.body;
        if (creditLimit !== undefined && !isStaffRole(currentUser(request).roleId))
          throw new AppError("FORBIDDEN", "Only staff set a credit limit");
        const creditLimitMinor = creditLimit === undefined ? undefined : (toMinor(creditLimit) ?? undefined);
        await updateUser(ctxOf(deps, request), request.params.id, input, creditLimitMinor);
        return { message: USER_MESSAGES.updated };
      },
    );
    app.post(
      "/user_cargo/update_user_status/:id",
      {
        config: { access: access.permission(perm("User", "User Edit Status")) },
        schema: doc("Approve (2), cancel (3), block (4) or unblock (2) a user", {
          params: idParams,
          body: userStatusSchema,
          response: { 200: userStatusChangedSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
        }),
      },
      async (request) => {
        await changeStatus(ctxOf(deps, request), request.params.id, request.body.userStatusId);
        const [found] = await findUsers(deps.db, eq(users.id, request.params.id));
        return { message: USER_MESSAGES.updated, data: found };
      },
    );

    app.get(
      "/cargo_permission/get_all_permission",
      {
        config: { access: managePermissions },
        schema: doc("The permission groups of the grid", {
          response: { 200: z.array(permissionGroupSchema), ...protectedErrors },
        }),
      },
      () => permissionGroups(),
    );
    app.get(
      "/cargo_permission/get_user_permission/:id",
      {
        config: { access: access.signedIn },
        schema: doc("A user's stored permissions", {
          params: idParams,
          response: { 200: z.array(cargoPermissionSchema), ...protectedErrors },
        }),
      },
      async (request) => {
        const user = currentUser(request);
        const allowed =
          user.id === request.params.id ||
          [perm("Permissions", "User Permissions"), perm("Setting", "Permission")].some((p) =>
            hasPermission(user.permissions, p),
          );
        if (!allowed) throw new AppError("FORBIDDEN", "You may read only your own permissions");
        const rows = await deps.db.select().from(userPermissions).where(eq(userPermissions.userId, request.params.id));
        return rows.map((row) => ({
          permissions_name: row.permissionsName,
          permissions_cat_name: row.permissionsCatName,
          permissions_sub_cat_name: row.permissionsSubCatName,
        }));
      },
    );
    app.post(
      "/cargo_permission/add_permission_data",
      {
        config: { access: managePermissions },
        schema: doc("Replace a user's permissions", {
          body: permissionAssignmentSchema,
          response: { 200: messageAnswerSchema, ...protectedErrors },
        }),
      },
      async (request) => {
        await assignPermissions(ctxOf(deps, request), request.body.user, request.body.permission);
        return { message: "Added successfully..." };
      },
    );

    app.get(
      "/audit_log",
      {
        config: { access: access.admin },
        schema: doc("Changes to users' status, role and permissions (admins only)", {
          querystring: z.object({ userId: idSchema().optional() }),
          response: { 200: z.array(auditEntrySchema), ...protectedErrors },
        }),
      },
      async (request) => {
        const rows = await deps.db
          .select()
          .from(auditLog)
          .where(request.query.userId ? eq(auditLog.targetUserId, request.query.userId) : undefined)
          .orderBy(desc(auditLog.id))
          .limit(500);
        return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      },
    );
  };
}
