import { createHash } from "node:crypto";
import {
  AUTH_MESSAGES,
  allPermissionEntries,
  CUSTOMER_PERMISSIONS,
  hasPermission,
  isStaffRole,
  type PermissionEntry,
  POS_SYNC_MESSAGES,
  permissionKey,
  ROLE,
  USER_STATUS,
} from "@cargodesk/shared";
import { eq, type Placeholder, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { posDeviceTokens, posSessions, roles, userPermissions, users } from "../db/schema/index";
import { AppError } from "../lib/app-error";
import type { TokenService } from "../lib/tokens";
import { rememberVerified } from "../lib/verified-tokens";

/**
 * What a route needs. Every `/api` route declares one in `config.access`; the server refuses to
 * start if one does not, so no route is open by accident.
 */
export type Access =
  | { kind: "public" }
  /** Public, but a valid token (if sent) identifies the caller. */
  | { kind: "optional" }
  | { kind: "signedIn" }
  | { kind: "admin" }
  | { kind: "staff" }
  /**
   * Any one of the listed permissions lets the caller in. With `device`, a register's device token
   * (`X-Device-Token`) may stand in for the sign-in: the token's cashier is the caller (design 6.7).
   */
  | { kind: "permission"; anyOf: readonly PermissionEntry[]; device?: true };

export const access = {
  public: { kind: "public" } as Access,
  optional: { kind: "optional" } as Access,
  signedIn: { kind: "signedIn" } as Access,
  admin: { kind: "admin" } as Access,
  staff: { kind: "staff" } as Access,
  permission: (...anyOf: PermissionEntry[]): Access => ({ kind: "permission", anyOf }),
  /** A permission, or a register's device token whose cashier holds it. */
  device: (...anyOf: PermissionEntry[]): Access => ({ kind: "permission", anyOf, device: true }),
};

/** The register a device token stands for: one counter session on one device. */
export interface DeviceAuth {
  tokenId: number;
  sessionId: number;
  counterId: number;
  deviceId: string;
}

/** How long a device token outlives its counter session (design 6.7). */
export const DEVICE_TOKEN_GRACE_HOURS = 24;

export const deviceTokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

export interface AuthUser {
  id: number;
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: number;
  roleName: string;
  lastLogin: Date | null;
  permissions: PermissionEntry[];
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthUser | null;
    /** Set when the caller came with a register's device token instead of a sign-in. */
    device: DeviceAuth | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** What each route declared, by `METHOD /url`: the authorization matrix test reads it. */
    routeAccess: ReadonlyMap<string, Access>;
  }
}

const permissionRows = (db: Db, userId: number | Placeholder) =>
  db
    .select({
      name: userPermissions.permissionsName,
      cat: userPermissions.permissionsCatName,
      sub: userPermissions.permissionsSubCatName,
    })
    .from(userPermissions)
    .where(eq(userPermissions.userId, userId));

const permissionsOf = async (roleId: number, staffRows: () => Promise<PermissionEntry[]>) => {
  if (roleId === ROLE.admin) return allPermissionEntries();
  if (!isStaffRole(roleId)) return [...CUSTOMER_PERMISSIONS];
  return staffRows();
};

/** Admin holds everything, customers a fixed set, employees what was assigned to them. */
export async function effectivePermissions(db: Db, userId: number, roleId: number): Promise<PermissionEntry[]> {
  return permissionsOf(roleId, () => permissionRows(db, userId));
}

/**
 * The two reads of every signed-in request, as named prepared statements (PostgreSQL plans each
 * once per connection; see lib/prepared-statements.ts): the caller's user row and, for employees,
 * their permissions.
 */
function accessReads(db: Db) {
  const user = db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      roleName: roles.role,
      userStatusId: users.userStatusId,
      tokenVersion: users.tokenVersion,
      lastLogin: users.previousLogin,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("access_user");
  const permissions = permissionRows(db, sql.placeholder("id")).prepare("access_permissions");
  return {
    user: (id: number) => user.execute({ id }),
    permissions: (id: number, roleId: number) => permissionsOf(roleId, () => permissions.execute({ id })),
  };
}

async function loadUser(
  reads: ReturnType<typeof accessReads>,
  verify: TokenService["verify"],
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  const verified = await verify(match[1]);
  if (!verified) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  if ("expired" in verified) throw new AppError("SESSION_EXPIRED", AUTH_MESSAGES.sessionExpired);
  return userOf(reads, verified.userId, verified.version);
}

/** The approved user behind a sign-in (whose token version must still match) or a device token. */
async function userOf(
  reads: ReturnType<typeof accessReads>,
  userId: number,
  version: number | null,
): Promise<AuthUser> {
  const [user] = await reads.user(userId);
  // A user blocked or cancelled after signing in loses access on the next request.
  if (!user || user.userStatusId !== USER_STATUS.approved) {
    throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  }
  // A password change or reset, a block, a role change or "sign out everywhere" raised the version.
  if (version !== null && user.tokenVersion !== version)
    throw new AppError("SESSION_ENDED", AUTH_MESSAGES.sessionEnded);
  const { userStatusId: _status, tokenVersion: _version, ...rest } = user;
  return { ...rest, permissions: await reads.permissions(user.id, user.roleId) };
}

/**
 * The register behind an `X-Device-Token`, with its cashier: valid while its counter session is open
 * and for DEVICE_TOKEN_GRACE_HOURS after it closed, whatever became of the cashier's sign-in.
 */
async function loadDevice(
  db: Db,
  reads: ReturnType<typeof accessReads>,
  token: string,
): Promise<{ device: DeviceAuth; user: AuthUser }> {
  const [row] = await db
    .select({
      tokenId: posDeviceTokens.id,
      sessionId: posDeviceTokens.sessionId,
      counterId: posDeviceTokens.counterId,
      deviceId: posDeviceTokens.deviceId,
      userId: posDeviceTokens.userId,
      valid: sql<boolean>`(${posSessions.status} = 'open' OR ${posSessions.closedAt} > now() - make_interval(hours => ${DEVICE_TOKEN_GRACE_HOURS}))`,
    })
    .from(posDeviceTokens)
    .innerJoin(posSessions, eq(posSessions.id, posDeviceTokens.sessionId))
    .where(eq(posDeviceTokens.tokenHash, deviceTokenHash(token)));
  if (!row) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  if (!row.valid) throw new AppError("DEVICE_TOKEN_EXPIRED", POS_SYNC_MESSAGES.deviceExpired);
  const { userId, valid: _valid, ...device } = row;
  return { device, user: await userOf(reads, userId, null) };
}

export function registerAccess(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.decorateRequest("auth", null);
  app.decorateRequest("device", null);
  const declared = new Map<string, Access>();
  app.decorate("routeAccess", declared);
  const verify = rememberVerified((token) => tokens.verify(token));
  const reads = accessReads(db);

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api") || route.url.startsWith("/api/docs")) return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`);
    }
    for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, route.config.access);
  });

  // onRequest, before the body is parsed: an anonymous caller gets 401, not a validation message.
  app.addHook("onRequest", async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || rule.kind === "public") return;
    const deviceToken = request.headers["x-device-token"];
    if (rule.kind === "permission" && rule.device && typeof deviceToken === "string" && deviceToken !== "") {
      // The device token stands in for the sign-in, which may have run out mid-shift.
      const found = await loadDevice(db, reads, deviceToken);
      request.auth = found.user;
      request.device = found.device;
    } else request.auth = await loadUser(reads, verify, request);
    const user = request.auth;
    if (rule.kind === "optional") return;
    if (!user) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
    if (rule.kind === "signedIn") return;
    if (rule.kind === "admin") {
      if (user.roleId !== ROLE.admin) throw new AppError("FORBIDDEN", AUTH_MESSAGES.forbidden);
      return;
    }
    if (rule.kind === "staff") {
      if (!isStaffRole(user.roleId)) throw new AppError("FORBIDDEN", AUTH_MESSAGES.forbidden);
      return;
    }
    if (!rule.anyOf.some((required) => hasPermission(user.permissions, required))) {
      throw new AppError("FORBIDDEN", AUTH_MESSAGES.forbidden, {
        required: rule.anyOf.map(permissionKey),
      });
    }
  });
}

/** The signed-in user of a route that declared anything but public access. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.signInRequired);
  return request.auth;
}
