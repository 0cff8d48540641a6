import { type FieldIssue, isInCatalogue, isStaffRole, PERMISSION_GROUPS, permissionKey } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { userPermissions, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import type { Ctx } from "../../lib/context";
import { assertMayAssignPermissions, auditRefusals } from "./privileges";

/** The catalogue in the spec's shape: groups with their categories and sub-categories. */
export function permissionGroups() {
  return PERMISSION_GROUPS.map((group, index) => ({
    index,
    area: group.area,
    permissions_name: group.name,
    cargo_permission_cats: group.categories.map((category) => ({
      permissions_cat_name: category.name,
      permissionSubCats: category.subs.map((sub) => ({ permissions_sub_cat_name: sub })),
    })),
  }));
}

type Entry = {
  permissions_name: string;
  permissions_cat_name?: string | null | undefined;
  permissions_sub_cat_name?: string | null | undefined;
};

/** Replaces an admin's or employee's permissions; takes effect on their next request. */
export async function assignPermissions(ctx: Ctx, userId: number, entries: Entry[]): Promise<void> {
  const rows = entries.map((entry) => ({
    name: entry.permissions_name,
    cat: entry.permissions_cat_name ?? null,
    sub: entry.permissions_sub_cat_name ?? null,
  }));
  const issues: FieldIssue[] = rows.flatMap((row, index) =>
    isInCatalogue(row) ? [] : [{ field: `permission.${index}`, message: `Not a permission: ${permissionKey(row)}` }],
  );
  if (issues.length > 0)
    throw new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);
  await auditRefusals(ctx, async () => assertMayAssignPermissions(ctx, userId));
  const unique = [...new Map(rows.map((row) => [permissionKey(row), row])).values()];
  const change = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, roleId: users.roleId })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("NOT_FOUND", "No such user");
    if (!isStaffRole(user.roleId))
      throw new AppError("PERMISSIONS_STAFF_ONLY", "user: Permissions are assigned to admin and employee users only");
    const before = await tx.select().from(userPermissions).where(eq(userPermissions.userId, userId));
    await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
    if (unique.length > 0) {
      await tx.insert(userPermissions).values(
        unique.map((row) => ({
          userId,
          permissionsName: row.name,
          permissionsCatName: row.cat,
          permissionsSubCatName: row.sub,
        })),
      );
    }
    const keys = (list: { name: string; cat: string | null; sub: string | null }[]) => new Set(list.map(permissionKey));
    const had = keys(
      before.map((row) => ({ name: row.permissionsName, cat: row.permissionsCatName, sub: row.permissionsSubCatName })),
    );
    const has = keys(unique);
    const granted = [...has].filter((key) => !had.has(key));
    const revoked = [...had].filter((key) => !has.has(key));
    await audit(tx, ctx.user?.id ?? null, "permissions", userId, { granted, revoked });
    return { granted, revoked };
  });
  ctx.log.event("user.privileges_changed", { userId, ...change, by: ctx.user?.id ?? null });
}
