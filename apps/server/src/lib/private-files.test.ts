import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPglite } from "../db/client";
import { createBackup } from "../modules/backup/backup.service";
import { sampleFile, today, uploadSheet } from "../modules/rates/rates.test-helpers";
import { adminToken, bearer, createTestApp, multipart, type TestApp } from "../test/harness";
import { makePrivateDir } from "./private-files";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png-body")]);

let root: string;
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "cargodesk-modes-"));
  // Not created yet: CargoDesk makes it, as on a first start.
  dataDir = path.join(root, "data");
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

/** Every folder and file under `dir` with its permission bits, e.g. ["uploads/images", 0o700]. */
async function modes(dir: string, relative = ""): Promise<[string, "dir" | "file", number][]> {
  const found: [string, "dir" | "file", number][] = [];
  for (const entry of await readdir(path.join(dir, relative), { withFileTypes: true })) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    const mode = (await stat(path.join(dir, child))).mode & 0o777;
    if (entry.isDirectory()) found.push([child, "dir", mode], ...(await modes(dir, child)));
    else found.push([child, "file", mode]);
  }
  return found;
}

describe("the data directory is owner-only", () => {
  it("creates DATA_DIR and everything CargoDesk writes under it 0700 (folders) and 0600 (files)", async () => {
    const template = inject("pgliteTemplate");
    const embedded = await openPglite({
      dataDir: path.join(dataDir, "pgdata"),
      loadDataDir: template ? new Blob([await readFile(template)]) : undefined,
    });
    await embedded.close();
    const image = multipart({}, { field: "image", name: "cnic.png", content: PNG });
    expect((await t.app.inject({ method: "POST", url: "/api/upload_files", ...image })).statusCode).toBe(200);
    const token = await adminToken(t.app);
    const logo = multipart({}, { field: "image", name: "logo.png", content: PNG });
    const logoSaved = await t.app.inject({
      method: "POST",
      url: "/api/setting/company/logo",
      payload: logo.payload,
      headers: { ...logo.headers, ...bearer(token) },
    });
    expect(logoSaved.statusCode).toBe(200);
    const sheet = await uploadSheet(
      t,
      token,
      { date: today(t), service_type_id: 1, shipment_type: "Pack" },
      sampleFile("rates-pack.csv"),
    );
    expect(sheet.statusCode).toBe(200);
    await createBackup({ config: { ...t.config, DATABASE_URL: t.url ?? undefined }, database: t.database });

    const found = await modes(dataDir);
    const kinds = new Set(found.map(([name]) => name.split("/")[0]));
    // Images, the logo, rate sheets and the signing secret live in the database now.
    expect([...kinds].sort()).toEqual(["backups", "pgdata"]);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    const open = found.filter(([, kind, mode]) => mode !== (kind === "dir" ? 0o700 : 0o600));
    expect(open.map(([name, , mode]) => `${name} ${mode.toString(8)}`)).toEqual([]);
  }, 180_000);

  it("makes an existing DATA_DIR created with the umask's mode owner-only", async () => {
    const old = path.join(root, "old-install");
    await mkdir(old, { mode: 0o755 });
    await chmod(old, 0o755);
    await makePrivateDir(old);
    expect((await stat(old)).mode & 0o777).toBe(0o700);
  });
});
