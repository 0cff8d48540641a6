import { perm } from "@cargodesk/shared";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { roles, userStatuses, users } from "../../db/schema/index";
import type { AppDeps } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";

const userRowSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  roleId: z.number().int(),
  role: z.object({ role: z.string() }),
  userStatusId: z.number().int(),
  user_status: z.object({ status: z.string() }),
  last_login: z.string().nullable(),
});

export function userRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/user_cargo",
      {
        config: { access: access.permission(perm("User", "User View"), perm("Setting", "User", "List User")) },
        schema: {
          tags: ["users"],
          summary: "All users with role, status and last sign-in",
          security: bearer,
          response: { 200: z.array(userRowSchema), ...protectedErrors },
        },
      },
      async () => {
        const rows = await deps.db
          .select({
            id: users.id,
            userName: users.userName,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            companyName: users.companyName,
            roleId: users.roleId,
            roleName: roles.role,
            userStatusId: users.userStatusId,
            statusName: userStatuses.status,
            lastLogin: users.lastLogin,
          })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.roleId))
          .innerJoin(userStatuses, eq(userStatuses.id, users.userStatusId))
          .orderBy(asc(users.id));
        return rows.map(({ roleName, statusName, lastLogin, ...row }) => ({
          ...row,
          role: { role: roleName },
          user_status: { status: statusName },
          last_login: lastLogin?.toISOString() ?? null,
        }));
      },
    );
  };
}
