import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Db } from "../db/client";
import { appSecrets } from "../db/schema/index";

export interface TokenService {
  /** `version` is the user's token version: raising it in the database ends every earlier token. */
  sign(userId: number, version?: number): Promise<string>;
  /** The user id and token version, or null for a token that is missing, forged or malformed. */
  verify(token: string): Promise<{ userId: number; version: number } | { expired: true } | null>;
}

const ISSUER = "cargodesk";

export function createTokenService(secret: string, expiresIn: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId, version = 0) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ["HS256"] });
        const userId = Number(payload.sub);
        // Tokens signed before versions existed carry none: they stand for version 0.
        const version = payload.ver ?? 0;
        if (!Number.isSafeInteger(userId) || userId <= 0) return null;
        return typeof version === "number" && Number.isSafeInteger(version) ? { userId, version } : null;
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { expired: true };
        return null;
      }
    },
  };
}

const JWT_SECRET_NAME = "jwt";

async function secretFromFile(file: string): Promise<string | null> {
  try {
    const existing = (await readFile(file, "utf8")).trim();
    return existing.length >= 32 ? existing : null;
  } catch {
    return null;
  }
}

/**
 * The signing secret when JWT_SECRET is not set: generated once and kept in the database (table
 * app_secrets), so every app server on it signs and checks sessions alike. Servers starting
 * together each offer one and all read back the first one written. A secret an older CargoDesk
 * kept in DATA_DIR/jwt-secret is offered instead of a new one, so sessions survive the upgrade, and
 * the file is removed once the database holds it.
 */
export async function loadOrCreateSecret(db: Db, dataDir: string): Promise<string> {
  const file = path.resolve(dataDir, "jwt-secret");
  const fromFile = await secretFromFile(file);
  await db
    .insert(appSecrets)
    .values({ name: JWT_SECRET_NAME, value: fromFile ?? randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, JWT_SECRET_NAME));
  if (!row) throw new Error("The signing secret was not stored");
  if (fromFile !== null && fromFile === row.value) await rm(file, { force: true });
  return row.value;
}
