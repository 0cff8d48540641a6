import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { errors, jwtVerify, SignJWT } from "jose";

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

/** The embedded default: a secret generated once and kept in DATA_DIR, so restarts keep sessions. */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.resolve(dataDir, "jwt-secret");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
