import type { TokenService } from "./tokens";

type Verify = TokenService["verify"];

/** Seconds since the epoch, as jose compares a token's `exp`. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The `exp` claim of a token whose signature was just verified; Infinity without one. */
function expiryOf(token: string): number {
  const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
  const exp = typeof payload === "object" && payload !== null && "exp" in payload ? payload.exp : undefined;
  return typeof exp === "number" ? exp : Number.POSITIVE_INFINITY;
}

/**
 * `verify` that remembers the tokens it found good, so a signed-in caller's next requests skip the
 * signature check (the HMAC through WebCrypto was a tenth of a shipment list request's CPU). Only
 * verified tokens are kept, each with its expiry, which is checked again on every use exactly as
 * jose checks it; a forged, malformed or expired token is verified (and refused) every time. What a
 * token stands for is still checked against the user row on each request (status, token version).
 * At most `limit` tokens are kept; past that the oldest go first.
 */
export function rememberVerified(verify: Verify, limit = 10_000): Verify {
  const known = new Map<string, { userId: number; version: number; exp: number }>();
  return async (token) => {
    const kept = known.get(token);
    if (kept) {
      if (kept.exp > nowSeconds()) return { userId: kept.userId, version: kept.version };
      known.delete(token);
      return { expired: true };
    }
    const verified = await verify(token);
    if (verified && !("expired" in verified)) {
      if (known.size >= limit) {
        const oldest = known.keys().next();
        if (!oldest.done) known.delete(oldest.value);
      }
      known.set(token, { ...verified, exp: expiryOf(token) });
    }
    return verified;
  };
}
