import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { errors, jwtVerify, SignJWT } from "jose";

export interface TokenService {
  sign(userId: number): Promise<string>;
  /** The user id, or null for a token that is missing, forged, malformed or expired. */
  verify(token: string): Promise<{ userId: number } | { expired: true } | null>;
}

const ISSUER = "cargodesk";

export function createTokenService(secret: string, expiresIn: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({})
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
        return Number.isSafeInteger(userId) && userId > 0 ? { userId } : null;
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
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
