import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roles } from "../db/schema/index";
import { createTestApp, type TestApp } from "./harness";
import { rowCounter } from "./openapi";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rolesIn = (counts: string): unknown => (JSON.parse(counts) as Record<string, unknown>).roles;

// The bad-input walk trusts this counter to see every row a refused request writes.
describe("rowCounter", () => {
  it("sees a committed row, and a rolled-back one as nothing", async () => {
    const countRows = await rowCounter(t.db);
    const before = await countRows();
    expect(rolesIn(before)).toBe(4);
    expect(await countRows()).toBe(before);

    await t.db
      .transaction(async (tx) => {
        await tx.insert(roles).values({ id: 90, role: "Rolled back" });
        throw new Error("refused");
      })
      .catch(() => undefined);
    expect(await countRows()).toBe(before);

    await t.db.insert(roles).values({ id: 91, role: "Committed" });
    const after = await countRows();
    expect(rolesIn(after)).toBe(5);
    await t.db.delete(roles).where(eq(roles.id, 91));
    expect(await countRows()).toBe(before);
  });
});
