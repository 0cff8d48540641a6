import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyProfile, storedFiles } from "../db/schema/index";
import { sampleFile, today, uploadSheet } from "../modules/rates/rates.test-helpers";
import { adminToken, bearer, createTestApp, multipart, type TestApp } from "../test/harness";
import { moveDataDirFilesIn } from "./data-dir-files";
import { deleteFiles, findFile, imageKey, putFile, readFileBytes } from "./stored-files";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png-body")]);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(async () => t?.close());

const onDisk = (key: string) => path.join(t.config.DATA_DIR, ...key.split("/"));

/** Puts a stored file back where an older CargoDesk kept it, as an install before the upgrade has it. */
async function backToDisk(key: string): Promise<Buffer> {
  const file = await findFile(t.db, key);
  if (!file) throw new Error(`no stored file ${key}`);
  const bytes = await readFileBytes(t.db, file);
  await mkdir(path.dirname(onDisk(key)), { recursive: true });
  await writeFile(onDisk(key), bytes);
  await deleteFiles(t.db, [key]);
  return bytes;
}

async function post(url: string, field: string, name: string, content: Buffer) {
  const body = multipart({}, { field, name, content });
  const answer = await t.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(answer.statusCode).toBe(200);
  return answer;
}

const get = (url: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });

describe("files an older CargoDesk kept in DATA_DIR", () => {
  it("are moved into the database on start, then removed from disk; a second start finds nothing", async () => {
    const image = (await post("/api/upload_files", "image", "cnic.png", PNG)).json<{ path: string }>().path;
    await post("/api/setting/company/logo", "image", "logo.png", PNG);
    const sheet = await uploadSheet(
      t,
      token,
      { date: today(t), service_type_id: 1, shipment_type: "Pack" },
      sampleFile("rates-pack.csv"),
    );
    const { id: sheetId, path: sheetKey } = sheet.json<{ id: number; path: string }>();
    const [profile] = await t.db.select().from(companyProfile);
    const logoKey = profile?.logoPath ?? "";
    const imageBytes = await backToDisk(imageKey(image));
    const logoBytes = await backToDisk(logoKey);
    const sheetBytes = await backToDisk(sheetKey);
    // The logo's row held the file's absolute path.
    await t.db.update(companyProfile).set({ logoPath: onDisk(logoKey) });
    // An image no upload row names (a failed upload) comes in too; the sweep judges it by its age.
    await writeFile(onDisk("uploads/images/img_00000000000000000000000000000000.png"), PNG);
    expect((await get(`/api/get_image_data_by_path/${image}`)).statusCode).toBe(404);

    const moved = await moveDataDirFilesIn(t.db, t.config.DATA_DIR);
    expect(moved).toEqual({
      files: 4,
      bytes: imageBytes.length + logoBytes.length + sheetBytes.length + PNG.length,
      setAside: [],
      logo: "moved",
    });
    expect((await readdir(t.config.DATA_DIR)).sort()).toEqual([]);
    const served = await get(`/api/get_image_data_by_path/${image}`);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(imageBytes)).toBe(true);
    expect((await get("/api/setting/company/logo")).rawPayload.equals(logoBytes)).toBe(true);
    const [after] = await t.db.select().from(companyProfile);
    expect(after?.logoPath).toBe(logoKey);
    const download = await get(`/api/rate/rate_logs/${sheetId}/file`);
    expect(download.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(download.rawPayload.equals(sheetBytes)).toBe(true);

    expect(await moveDataDirFilesIn(t.db, t.config.DATA_DIR)).toEqual({ files: 0, bytes: 0, setAside: [], logo: null });
  });

  it("removes a file the database already holds with the same contents, and sets aside one with other contents", async () => {
    const same = imageKey("img_11111111111111111111111111111111.png");
    const other = imageKey("img_22222222222222222222222222222222.png");
    for (const key of [same, other]) await putFile(t.db, { key, kind: "image", mime: "image/png" }, PNG);
    await mkdir(path.dirname(onDisk(same)), { recursive: true });
    await writeFile(onDisk(same), PNG);
    await writeFile(onDisk(other), Buffer.concat([PNG, Buffer.from("edited")]));

    const moved = await moveDataDirFilesIn(t.db, t.config.DATA_DIR);
    expect(moved).toMatchObject({ files: 1, setAside: [other] });
    expect(existsSync(onDisk(same))).toBe(false);
    expect((await readFile(`${onDisk(other)}.not-imported`)).toString()).toContain("edited");
    const kept = await findFile(t.db, other);
    expect(kept && (await readFileBytes(t.db, kept)).equals(PNG)).toBe(true);
  });

  it("forgets a logo path whose file is gone, so the logo answers 404 instead of failing", async () => {
    await t.db.delete(storedFiles).where(eq(storedFiles.kind, "logo"));
    await t.db.update(companyProfile).set({ logoPath: path.join(t.config.DATA_DIR, "uploads/company/logo-gone.png") });
    expect((await moveDataDirFilesIn(t.db, t.config.DATA_DIR)).logo).toBe("missing");
    const [profile] = await t.db.select().from(companyProfile);
    expect(profile?.logoPath).toBeNull();
    expect((await get("/api/setting/company/logo")).statusCode).toBe(404);
  });
});
