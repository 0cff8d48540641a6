import { randomBytes } from "node:crypto";
import { ROLE } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { storedFiles, uploads } from "../../db/schema/index";
import { findFile, imageKey, putFile } from "../../lib/stored-files";
import { adminToken, bearer, createTestApp, createUser, loginCargo, multipart, type TestApp } from "../../test/harness";
import { sweepUnclaimedUploads } from "./upload-sweep";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png-body")]);
const MB = 1024 * 1024;
const HOUR = 3_600_000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_ADDRESS_COUNT: "3", UPLOAD_ADDRESS_MB: "2", UPLOAD_UNCLAIMED_MB: "10" });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(uploads);
  await t.db.delete(storedFiles);
});

function upload(options: { address?: string; token?: string; forwardedFor?: string } = {}) {
  const body = multipart({}, { field: "image", name: "cnic.png", content: PNG });
  return t.app.inject({
    method: "POST",
    url: "/api/upload_files",
    payload: body.payload,
    remoteAddress: options.address ?? "203.0.113.7",
    headers: {
      ...body.headers,
      ...(options.token ? bearer(options.token) : {}),
      ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
    },
  });
}

/** The names of the stored images (the keys under uploads/images/). */
async function storedImages(): Promise<string[]> {
  const rows = await t.db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.kind, "image"));
  return rows.map((row) => row.key.replace(/^uploads\/images\//, "")).sort();
}

/** A stored image file `ageHours` old (its row, if any, is made apart). */
async function storeImage(name: string, ageHours = 0) {
  const file = await putFile(t.db, { key: imageKey(name), kind: "image", mime: "image/png" }, PNG);
  await t.db
    .update(storedFiles)
    .set({ createdAt: new Date(Date.now() - ageHours * HOUR) })
    .where(eq(storedFiles.id, file.id));
}

/** A row standing for earlier uploads: `bytes` from `address`, made `ageHours` ago. */
async function earlier(values: { address?: string | null; bytes: number; ageHours?: number; owner?: number }) {
  const name = `img_${randomBytes(16).toString("hex")}.png`;
  await t.db.insert(uploads).values({
    name,
    mime: "image/png",
    bytes: values.bytes,
    uploaderAddress: values.address ?? null,
    ownerUserId: values.owner ?? null,
    createdAt: new Date(Date.now() - (values.ageHours ?? 0) * HOUR),
  });
  return name;
}

describe("anonymous uploads cannot fill the database", () => {
  it("allows UPLOAD_ADDRESS_COUNT uploads per address an hour, then 429; a forged X-Forwarded-For changes nothing", async () => {
    for (let i = 0; i < 3; i += 1) expect((await upload()).statusCode).toBe(200);
    const refused = await upload({ forwardedFor: "198.51.100.1" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.json().message).toContain("at most 3 (2 MB) an hour");
    expect((await t.db.select().from(uploads)).map((row) => row.uploaderAddress)).toEqual([
      "203.0.113.7",
      "203.0.113.7",
      "203.0.113.7",
    ]);
    expect(await storedImages()).toHaveLength(3);
    expect((await upload({ address: "203.0.113.8" })).statusCode).toBe(200);
  });

  it("counts bytes per address within the hour only; a signed-in uploader has no anonymous quota", async () => {
    await earlier({ address: "203.0.113.9", bytes: 2 * MB - 10 });
    expect((await upload({ address: "203.0.113.9" })).statusCode).toBe(429);
    await earlier({ address: "203.0.113.10", bytes: 2 * MB - 10, ageHours: 2 });
    expect((await upload({ address: "203.0.113.10" })).statusCode).toBe(200);
    const customer = await createUser(t.db, { roleId: ROLE.businessCustomer });
    const token = await loginCargo(t.app, customer.email, customer.password);
    expect((await upload({ address: "203.0.113.9", token })).statusCode).toBe(200);
  });

  it("answers 507 once the unclaimed images reach UPLOAD_UNCLAIMED_MB, writing neither row nor file", async () => {
    await earlier({ address: "192.0.2.1", bytes: 10 * MB - 10 });
    const before = await storedImages();
    const refused = await upload();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toMatchObject({ code: "INSUFFICIENT_STORAGE", message: expect.stringContaining("full") });
    expect(await t.db.select().from(uploads)).toHaveLength(1);
    expect(await storedImages()).toEqual(before);
    // Claimed images are no longer anonymous storage.
    const owner = await createUser(t.db, { roleId: ROLE.businessCustomer });
    await t.db.update(uploads).set({ ownerUserId: owner.id });
    expect((await upload()).statusCode).toBe(200);
  });

  it("holds the quota under concurrent uploads from one address", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload({ address: "203.0.113.20" })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(7);
    const rows = await t.db.select().from(uploads).where(eq(uploads.uploaderAddress, "203.0.113.20"));
    expect(rows).toHaveLength(3);
    expect(await storedImages()).toEqual(rows.map((row) => row.name).sort());
  });
});

describe("unclaimed uploads are removed", () => {
  it("removes unclaimed images older than UPLOAD_UNCLAIMED_HOURS, row and file, and old files without a row", async () => {
    const owner = await createUser(t.db, { roleId: ROLE.businessCustomer });
    const stale = await earlier({ address: "192.0.2.2", bytes: PNG.length, ageHours: 25 });
    const fresh = await earlier({ address: "192.0.2.2", bytes: PNG.length, ageHours: 23 });
    const claimed = await earlier({ address: "192.0.2.2", bytes: PNG.length, ageHours: 48, owner: owner.id });
    for (const name of [stale, fresh, claimed]) await storeImage(name, 30);
    const orphanOld = "img_0123456789abcdef0123456789abcdef.png";
    const orphanNew = "img_fedcba9876543210fedcba9876543210.png";
    await storeImage(orphanOld, 30);
    await storeImage(orphanNew, 1);
    // Another kind of file is never an unclaimed image.
    const sheet = await putFile(t.db, { key: "rates/old.csv", kind: "rate-sheet", mime: "text/csv" }, PNG);
    await t.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - 30 * HOUR) })
      .where(eq(storedFiles.id, sheet.id));

    expect(await sweepUnclaimedUploads(t.db, 24)).toEqual({ rows: 1, files: 1 });
    expect((await t.db.select().from(uploads)).map((row) => row.name).sort()).toEqual([claimed, fresh].sort());
    expect(await storedImages()).toEqual([claimed, fresh, orphanNew].sort());
    expect(await findFile(t.db, "rates/old.csv")).not.toBeNull();
  });

  it("sweeps when the app starts, and closing the app waits for the sweep", async () => {
    const stale = await earlier({ address: "192.0.2.3", bytes: PNG.length, ageHours: 30 });
    await storeImage(stale, 30);
    const second = await buildApp({ config: t.config, database: t.database, tokens: t.tokens });
    await second.ready();
    await second.close();
    expect(await t.db.select().from(uploads).where(eq(uploads.name, stale))).toHaveLength(0);
    expect(await findFile(t.db, imageKey(stale))).toBeNull();
  });
});

describe("images are served from the database", () => {
  it("answers an image of several pieces with its type, length and caching, to staff and its owner", async () => {
    const big = Buffer.concat([PNG, randomBytes(4 * MB)]);
    const customer = await createUser(t.db, { roleId: ROLE.businessCustomer });
    const token = await loginCargo(t.app, customer.email, customer.password);
    const body = multipart({}, { field: "image", name: "big.png", content: big });
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/upload_files",
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(sent.statusCode).toBe(200);
    const name = sent.json<{ path: string }>().path;
    const read = await t.app.inject({
      method: "GET",
      url: `/api/get_image_data_by_path/${name}`,
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers["content-type"]).toBe("image/png");
    expect(read.headers["content-length"]).toBe(String(big.length));
    expect(read.headers["cache-control"]).toBe("private, max-age=3600");
    expect(read.rawPayload.equals(big)).toBe(true);
  });

  it("answers 404 for an image whose row is there but whose file is not", async () => {
    const name = await earlier({ bytes: PNG.length });
    const admin = await adminToken(t.app);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/get_image_data_by_path/${name}`,
      headers: bearer(admin),
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: "NOT_FOUND", message: "No such image" });
  });
});
