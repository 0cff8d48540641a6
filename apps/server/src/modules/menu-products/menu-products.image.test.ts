import { PRODUCT_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, multipart, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png-body")]);

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

async function uploadImage(as?: string): Promise<string> {
  const body = multipart({}, { field: "image", name: "zinger.png", content: PNG });
  const response = await t.app.inject({
    method: "POST",
    url: "/api/upload_files",
    payload: body.payload,
    headers: { ...body.headers, ...(as ? bearer(as) : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().path as string;
}

describe("product image and station", () => {
  it("keeps an uploaded image, claims it for the saver, and shows it and the station on the list", async () => {
    const station = await api("POST", "/api/setting/station", {
      name: "Grill I1",
      printerId: null,
      mode: "display",
      targetMinutes: 10,
      alertMinutes: 15,
    });
    expect(station.statusCode, station.body).toBe(200);
    const stationId = station.json().data.id as number;
    const category = await api("POST", "/api/inventory/category", { name: "Burgers I1", stationId });
    const categoryId = category.json().data.id as number;
    const imagePath = await uploadImage();
    const body = { name: "Zinger I1", categoryId, track: "none", imagePath, variants: [{ price: 500 }] };
    const added = await api("POST", "/api/inventory/product", body);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.imagePath).toBe(imagePath);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.name, imagePath));
    expect(upload?.ownerUserId).not.toBeNull();
    const list = (await api("GET", "/api/inventory/product?search=Zinger I1")).json().data;
    expect(list).toEqual([expect.objectContaining({ imagePath, stationName: "Grill I1" })]);
    // The same image saved again (an edit that keeps it) is not claimed twice.
    const edited = await api("PUT", `/api/inventory/product/${added.json().data.id}`, { ...body, imagePath });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it("refuses an image that was never uploaded (400 on imagePath) or belongs to someone else (403)", async () => {
    const category = await api("POST", "/api/inventory/category", { name: "Burgers I2" });
    const categoryId = category.json().data.id as number;
    const body = { name: "Zinger I2", categoryId, track: "none", variants: [{ price: 1 }] };
    const bogus = await api("POST", "/api/inventory/product", {
      ...body,
      imagePath: "img_0123456789abcdef0123456789abcdef.png",
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().details).toEqual([{ field: "imagePath", message: PRODUCT_MESSAGES.image }]);
    const badName = await api("POST", "/api/inventory/product", { ...body, imagePath: "../etc/passwd" });
    expect(badName.statusCode).toBe(400);
    const other = await createUser(t.db, {});
    const theirs = await uploadImage(await loginCargo(t.app, other.email, other.password));
    const stolen = await api("POST", "/api/inventory/product", { ...body, imagePath: theirs });
    expect(stolen.statusCode).toBe(403);
    expect((await api("GET", "/api/inventory/product?search=Zinger I2")).json().data).toEqual([]);
  });
});
