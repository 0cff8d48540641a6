import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTokenService } from "./lib/tokens";
import { dropDatabase, TEST_ADMIN, withDatabase } from "./test/template";

/**
 * Issue 19's proof that app servers keep nothing of their own: two server processes (src/main.ts
 * through tsx) on one fresh PostgreSQL database, each with its own DATA_DIR.
 * Requests alternate between them: a session signed in on one works on the other, an image
 * uploaded through one is served by the other, and a per-address limit counts both servers'
 * requests together. One DATA_DIR holds what an older CargoDesk kept there (the signing secret, an
 * image), which the start moves into the database. PostgreSQL only: the embedded database is one
 * process's.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const server = process.env.DATABASE_URL;
const LIMIT = 4;
const OLD_SECRET = `an-older-cargodesk-kept-this-${randomBytes(12).toString("hex")}`;
const OLD_IMAGE = `img_${randomBytes(16).toString("hex")}.png`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300_000)]);

interface Running {
  child: ChildProcess;
  base: string;
  output(): string;
}

let root: string;
let name: string;
let url: string;
const running: Running[] = [];

/** Starts `src/main.ts` in a process group of its own on a port it picks; resolves once it listens. */
function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: SERVER_DIR,
    detached: true,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: "0",
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: TEST_ADMIN.userName,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOGIN_RATE_LIMIT: String(LIMIT),
      LOG_LEVEL: "info",
      WEB_DIST: path.join(root, "no-web"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    lines.on("line", (line) => {
      log += `${line}\n`;
      const parsed = z.object({ msg: z.string() }).safeParse(JSON.parse(line));
      const listening = parsed.success ? /^Server listening at (\S+)/.exec(parsed.data.msg) : null;
      if (listening?.[1]) resolve({ child, base: listening[1], output: () => log });
    });
    child.on("close", (code) => reject(new Error(`server exited (${code}) before listening:\n${log}`)));
  });
}

const at = (index: number) => {
  const target = running[index % 2];
  if (!target) throw new Error("no server");
  return target.base;
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.runIf(server)("two app servers on one PostgreSQL database", () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "cargodesk-multi-"));
    name = `cargodesk_multi_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    url = withDatabase(server ?? "", name);
    const dataDirs = [path.join(root, "a"), path.join(root, "b")];
    // The first server's DATA_DIR is an older install's: its signing secret and an uploaded image.
    await mkdir(path.join(dataDirs[0] ?? "", "uploads", "images"), { recursive: true });
    await writeFile(path.join(dataDirs[0] ?? "", "jwt-secret"), `${OLD_SECRET}\n`);
    await writeFile(path.join(dataDirs[0] ?? "", "uploads", "images", OLD_IMAGE), PNG);
    // The older install's server first, as docs/deploy.md says: started together, a server with no
    // secret of its own could store a new one first, and the older install's sessions would end.
    // (Servers migrating at once on a fresh database: db/migrate-lock.test.ts.)
    for (const dir of dataDirs) running.push(await startServer(dir));
  }, 240_000);

  afterAll(async () => {
    for (const { child } of running) {
      if (child.pid && child.exitCode === null) {
        const closed = new Promise((resolve) => child.on("close", resolve));
        process.kill(-child.pid, "SIGTERM");
        await closed;
      }
    }
    if (server && name) await dropDatabase(server, name);
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("the older install's server, then a second, on a fresh database: migrated and seeded once, its secret and image moved in", async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const admins = await client.query("SELECT id FROM users WHERE role_id = 1");
      expect(admins.rows).toHaveLength(1);
      const secrets = await client.query<{ value: string }>("SELECT value FROM app_secrets");
      // The older install's secret was adopted, so its sessions go on working.
      expect(secrets.rows).toEqual([{ value: OLD_SECRET }]);
      const moved = await client.query<{ size: string }>("SELECT size::text FROM stored_files WHERE key = $1", [
        `uploads/images/${OLD_IMAGE}`,
      ]);
      expect(moved.rows).toEqual([{ size: String(PNG.length) }]);
    } finally {
      await client.end();
    }
    // The older DATA_DIR is empty now: on PostgreSQL a server keeps nothing there.
    expect(existsSync(path.join(root, "a", "jwt-secret"))).toBe(false);
    expect(await readdir(path.join(root, "a"))).toEqual([]);
  });

  it("a session signed in on one server works on the other, and an older install's session on both", async () => {
    const login = await fetch(`${at(0)}/api/user_cargo/cargo_login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const { token } = z.object({ token: z.string() }).parse(await login.json());
    for (const index of [1, 0]) {
      const company = await fetch(`${at(index)}/api/setting/company`, { headers: bearer(token) });
      expect(company.status).toBe(200);
    }
    const older = await createTokenService(OLD_SECRET, "1h").sign(1);
    for (const index of [0, 1]) {
      expect((await fetch(`${at(index)}/api/setting/company`, { headers: bearer(older) })).status).toBe(200);
    }
  });

  it("an image uploaded through one server is served by the other", async () => {
    const form = new FormData();
    form.append("image", new Blob([PNG], { type: "image/png" }), "cnic.png");
    const sent = await fetch(`${at(0)}/api/upload_files`, { method: "POST", body: form });
    expect(sent.status).toBe(200);
    const { path: image } = z.object({ path: z.string() }).parse(await sent.json());
    const login = await fetch(`${at(1)}/api/user_cargo/cargo_login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    const { token } = z.object({ token: z.string() }).parse(await login.json());
    const served = await fetch(`${at(1)}/api/get_image_data_by_path/${image}`, { headers: bearer(token) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-length")).toBe(String(PNG.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    // Neither server wrote it to its own disk.
    for (const dir of ["a", "b"]) expect(await readdir(path.join(root, dir))).toEqual([]);
  });

  it("a per-address limit counts the requests of both servers together", async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= LIMIT; index += 1) {
      const answer = await fetch(`${at(index)}/api/user_cargo/cargo_register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(await answer.json()).toMatchObject({
          code: "RATE_LIMITED",
          message: "Too many registrations from this address. Please wait a minute.",
        });
      }
    }
    // LIMIT refused forms (400) spread over both servers, then the limit answers on the next one.
    expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 400), 429]);
  });
});
