import { asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { roles, userStatuses, users } from "../../db/schema/index";

/** Users in the spec's shape (role.role, user_status.status, last_login), never with the password hash. */
export async function findUsers(db: Db, where?: SQL) {
  const rows = await db
    .select({ user: users, roleName: roles.role, statusName: userStatuses.status })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(userStatuses, eq(userStatuses.id, users.userStatusId))
    .where(where)
    .orderBy(asc(users.id));
  const now = Date.now();
  return rows.map(({ user, roleName, statusName }) => ({
    id: user.id,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    companyName: user.companyName,
    webSite: user.webSite,
    gst: user.gst,
    ntn: user.ntn,
    cnic: user.cnic,
    address: user.address,
    phone_number: user.phoneNumber,
    roleId: user.roleId,
    role: { role: roleName },
    userStatusId: user.userStatusId,
    user_status: { status: statusName },
    companyLogo: user.companyLogo,
    cnicFrontImage: user.cnicFrontImage,
    cnicBackImage: user.cnicBackImage,
    receivableAccountId: user.receivableAccountId,
    creditLimit: user.creditLimitMinor / 100,
    last_login: user.lastLogin?.toISOString() ?? null,
    /** Set while sign-in is refused after wrong passwords (a short wait or the lock); an admin can lift it. */
    lockedUntil: user.lockedUntil && user.lockedUntil.getTime() > now ? user.lockedUntil.toISOString() : null,
    failedSignIns: user.failedSignIns,
  }));
}
