import { randomBytes, scryptSync } from "node:crypto";

/** The admin the test template seeds; the browser tests' servers start from the same template. */
export const TEST_ADMIN = { userName: "admin", email: "admin@test.local", password: "Admin@12345" } as const;

/**
 * A password hash in lib/passwords' stored form (`scrypt$N$r$p$salt$hash`) at a test-only cost,
 * N = 2^10: about a millisecond instead of the production cost's 50 ms and more, for the users the
 * tests make and sign in as thousands of times. verifyPassword reads the cost from the hash, so these
 * users still sign in through the real check. The production cost stays tested: lib.test.ts, and
 * every user made through the API (registration, Add User, a password reset) or by the seed itself.
 */
export function testPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 });
  return ["scrypt", 1024, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}
