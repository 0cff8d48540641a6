import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { BACKUP_FILE_PATTERN, perm, ROLE } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { bearer, createUser, loginCargo } from "../../test/harness";
import { backupsDir } from "./backup.service";
import { type BackupTestApp, createBackupTestApp } from "./backup.test-support";

let env: BackupTestApp;
beforeAll(async () => {
  env = await createBackupTestApp();
});
afterAll(() => env.close());

const get = (url: string, token?: string) =>
  env.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });

async function tokenFor(options: Parameters<typeof createUser>[1]) {
  const user = await createUser(env.t.db, options);
  return loginCargo(env.app, user.email, user.password);
}

describe("backup permissions", () => {
  it("answers 401 without a token and 403 without the BackUp permission, and makes nothing", async () => {
    const employee = await tokenFor({ roleId: ROLE.employee, permissions: [perm("Accounts")] });
    const customer = await tokenFor({ roleId: ROLE.businessCustomer });
    const name = "cargodesk-2026-01-01T00-00-00Z.tar.gz";
    for (const url of ["/api/users/backup", "/api/backups", `/api/backups/${name}/download`]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, employee)).statusCode, url).toBe(403);
      expect((await get(url, customer)).statusCode, url).toBe(403);
    }
    expect(await readdir(backupsDir(env.config.DATA_DIR)).catch(() => [])).toEqual([]);
  });

  it("lets an employee holding BackUp make, list and download backups", async () => {
    const token = await tokenFor({ roleId: ROLE.employee, permissions: [perm("BackUp")] });
    const made = await get("/api/users/backup", token);
    expect(made.statusCode).toBe(200);
    const { file, size, message } = made.json<{ file: string; size: number; message: string }>();
    expect(message).toBe(`Backup created: ${file}`);
    expect(file).toMatch(BACKUP_FILE_PATTERN);
    const list = (await get("/api/backups", token)).json<{ file: string; size: number }[]>();
    expect(list[0]).toMatchObject({ file, size });
    const download = await get(`/api/backups/${file}/download`, token);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/gzip");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${file}"`);
    expect(download.rawPayload.equals(await readFile(path.join(backupsDir(env.config.DATA_DIR), file)))).toBe(true);
  });
});

describe("GET /api/users/backup", () => {
  it("names the file after the UTC time, lists backups newest first and never shows a partial one", async () => {
    const first = (await get("/api/users/backup", env.token)).json<{ file: string; created_at: string }>();
    const second = (await get("/api/users/backup", env.token)).json<{ file: string }>();
    expect(second.file).not.toBe(first.file);
    const list = (await get("/api/backups", env.token)).json<{ file: string; size: number; created_at: string }[]>();
    expect(list.slice(0, 2).map((row) => row.file)).toEqual([second.file, first.file]);
    for (const row of list) {
      expect(row.size).toBeGreaterThan(0);
      expect(row.created_at).toBe(
        row.file.replace(/^cargodesk-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z.*$/, "$1T$2:$3:$4Z"),
      );
      expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(5 * 60_000);
    }
    const leftovers = (await readdir(backupsDir(env.config.DATA_DIR))).filter((name) => name.startsWith("."));
    expect(leftovers).toEqual([]);
  });

  it("refuses a second backup while one is being made (409)", async () => {
    const [a, b] = await Promise.all([get("/api/users/backup", env.token), get("/api/users/backup", env.token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toMatchObject({
      code: "BACKUP_RUNNING",
      kind: "CONFLICT",
      message: "A backup is being made right now. Try again when it is done.",
    });
  });
});

describe("GET /api/backups/{file}/download", () => {
  it("serves only finished backups by their exact names: anything else is 404", async () => {
    const dir = backupsDir(env.config.DATA_DIR);
    await writeFile(path.join(dir, "notes.txt"), "private");
    await writeFile(path.join(dir, "cargodesk-2026-01-01T00-00-00Z.tar.gz.bak"), "private");
    const names = [
      "..%2F..%2F..%2Fetc%2Fpasswd",
      "..%2Fjwt-secret",
      "%2E%2E%2Fjwt-secret",
      "notes.txt",
      "cargodesk-2026-01-01T00-00-00Z.tar.gz.bak",
      "cargodesk-2026-01-01T00-00-00Z.tar.gz",
      ".cargodesk-2026-01-01T00-00-00Z.tar.gz.partial",
      "cargodesk-2026-01-01T00-00-00Z.tar.gz%00.txt",
    ];
    for (const name of names) {
      const response = await get(`/api/backups/${name}/download`, env.token);
      // A NUL byte is refused before routing (the input guard's 400); every other name is not found.
      expect(response.statusCode, name).toBe(name.includes("%00") ? 400 : 404);
      expect(response.body).not.toContain("private");
    }
    const listed = (await get("/api/backups", env.token)).json<{ file: string }[]>().map((row) => row.file);
    expect(listed.every((file) => BACKUP_FILE_PATTERN.test(file))).toBe(true);
    expect(listed).not.toContain("notes.txt");
  });
});

describe("a backup interrupted midway", () => {
  /** What a backup killed with SIGKILL leaves: its work folder (a database copy) and a partial archive. */
  async function leftoversOfAKilledBackup(): Promise<string[]> {
    const dir = backupsDir(env.config.DATA_DIR);
    await mkdir(path.join(dir, ".work-Ab12Cd", "database"), { recursive: true });
    await writeFile(path.join(dir, ".work-Ab12Cd", "database", "pgdata.tar"), "a copy of the database");
    await writeFile(path.join(dir, ".cargodesk-2026-01-02T00-00-00Z.tar.gz.partial"), "half an archive");
    return [".work-Ab12Cd", ".cargodesk-2026-01-02T00-00-00Z.tar.gz.partial"];
  }
  const hidden = async () => (await readdir(backupsDir(env.config.DATA_DIR))).filter((name) => name.startsWith("."));

  it("leaves nothing behind once the next backup runs", async () => {
    expect((await leftoversOfAKilledBackup()).sort()).toEqual((await hidden()).sort());
    const made = await get("/api/users/backup", env.token);
    expect(made.statusCode).toBe(200);
    expect(await hidden()).toEqual([]);
    expect(await readdir(backupsDir(env.config.DATA_DIR))).toContain(made.json<{ file: string }>().file);
  });

  it("leaves nothing behind once the app starts again", async () => {
    await leftoversOfAKilledBackup();
    const restarted = await buildApp({ config: env.config, database: env.t.database, tokens: env.t.tokens });
    await restarted.ready();
    await restarted.close();
    expect(await hidden()).toEqual([]);
  });
});
