import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appSecrets } from "../db/schema/index";
import { createTestApp, type TestApp } from "../test/harness";
import { createTokenService, loadOrCreateSecret } from "./tokens";

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(appSecrets);
  dir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-secret-"));
  return () => rm(dir, { recursive: true, force: true });
});

describe("the generated signing secret", () => {
  it("is generated once and kept in the database; servers starting together all get the same", async () => {
    const secrets = await Promise.all(Array.from({ length: 4 }, () => loadOrCreateSecret(t.db, dir)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]?.length).toBeGreaterThanOrEqual(32);
    expect(await loadOrCreateSecret(t.db, dir)).toBe(secrets[0]);
    expect(await t.db.select({ name: appSecrets.name }).from(appSecrets)).toEqual([{ name: "jwt" }]);
    expect(existsSync(path.join(dir, "jwt-secret"))).toBe(false);
  });

  it("adopts the secret an older CargoDesk kept in DATA_DIR, so its sessions go on working, and removes the file", async () => {
    const old = "an-old-secret-from-the-data-directory-0123456789";
    await writeFile(path.join(dir, "jwt-secret"), `${old}\n`, { mode: 0o600 });
    const token = await createTokenService(old, "1h").sign(7, 3);
    const secret = await loadOrCreateSecret(t.db, dir);
    expect(secret).toBe(old);
    expect(await createTokenService(secret, "1h").verify(token)).toEqual({ userId: 7, version: 3 });
    expect(existsSync(path.join(dir, "jwt-secret"))).toBe(false);
  });

  it("keeps the database's secret when another server already stored one", async () => {
    const first = await loadOrCreateSecret(t.db, dir);
    await writeFile(path.join(dir, "jwt-secret"), "a-different-secret-of-another-data-directory-00\n");
    expect(await loadOrCreateSecret(t.db, dir)).toBe(first);
  });
});
