import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";
import { createTokenService } from "./tokens";

describe("passwords", () => {
  it("hashes with scrypt, salted, and verifies", async () => {
    const a = await hashPassword("Secret@123");
    const b = await hashPassword("Secret@123");
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Secret@123", a)).toBe(true);
    expect(await verifyPassword("Secret@124", a)).toBe(false);
    expect(await verifyPassword("Secret@123", "garbage")).toBe(false);
  });
});

describe("tokens", () => {
  it("round-trips a user id and refuses tampering", async () => {
    const tokens = createTokenService("s".repeat(40), "1h");
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toEqual({ userId: 42, version: 0 });
    const [head, body, signature] = token.split(".");
    expect(await tokens.verify(`${head}.${body}.${signature?.slice(0, -2)}xx`)).toBeNull();
  });
});
