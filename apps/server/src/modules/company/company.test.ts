import { execFileSync } from "node:child_process";
import { perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyProfile, storedFiles } from "../../db/schema/index";
import { qrPng } from "../../lib/documents/shipment-parts";
import { adminToken, bearer, createTestApp, createUser, loginCargo, multipart, type TestApp } from "../../test/harness";
import { imagesIn } from "../../test/pdf-images";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("rest-of-a-png"),
]);
const uploadLogo = (content: Buffer, name: string, as = token) => {
  const body = multipart({}, { field: "image", name, content });
  return t.app.inject({
    method: "POST",
    url: "/api/setting/company/logo",
    payload: body.payload,
    headers: { ...body.headers, ...bearer(as) },
  });
};

describe("company profile", () => {
  it("is changed by the Setting screen and heads every PDF", async () => {
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/setting/company",
      headers: bearer(token),
      payload: {
        name: "SWIFT CARGO PVT LTD",
        address: "Plot 7, Airport Road, Karachi",
        ntn: "1234567-8",
        phone: "+92 21 111 222 333",
        email: "",
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ name: "SWIFT CARGO PVT LTD", ntn: "1234567-8", hasLogo: false });
    const pdf = await t.app.inject({
      method: "POST",
      url: "/api/reports/trail_balance?format=pdf",
      headers: bearer(token),
      payload: {},
    });
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toContain("SWIFT CARGO PVT LTD");
    expect(text).toContain("NTN: 1234567-8");
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/setting/company",
      headers: bearer(token),
      payload: { name: "X", email: "nope" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(["name", "email"]);
  });

  it("takes a PNG or JPEG logo, judged by its content, and serves it back", async () => {
    const fake = await uploadLogo(Buffer.from("GIF89a not really"), "logo.png");
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toContain("image");
    const real = await uploadLogo(PNG, "whatever.bin");
    expect(real.statusCode).toBe(200);
    expect(real.json().data.hasLogo).toBe(true);
    const logo = await t.app.inject({ method: "GET", url: "/api/setting/company/logo", headers: bearer(token) });
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    const tooBig = await uploadLogo(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), "big.png");
    expect(tooBig.statusCode).toBe(413);
  });

  it("keeps the logo in the database: a new one replaces the old file, which is removed", async () => {
    const logos = async () =>
      (await t.db.select().from(storedFiles).where(eq(storedFiles.kind, "logo"))).map((file) => file.key);
    expect((await uploadLogo(PNG, "first.png")).statusCode).toBe(200);
    const [first] = await logos();
    const second = Buffer.concat([PNG, Buffer.from("second")]);
    expect((await uploadLogo(second, "second.png")).statusCode).toBe(200);
    const now = await logos();
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(first);
    expect(now[0]).toMatch(/^uploads\/company\/logo-[0-9a-f]{16}\.png$/);
    const [profile] = await t.db.select().from(companyProfile);
    expect(profile?.logoPath).toBe(now[0]);
    const served = await t.app.inject({ method: "GET", url: "/api/setting/company/logo", headers: bearer(token) });
    expect(served.headers["content-length"]).toBe(String(second.length));
    expect(served.rawPayload.equals(second)).toBe(true);
  });

  it("draws the stored logo at the head of a PDF", async () => {
    const images = async () => {
      const pdf = await t.app.inject({
        method: "POST",
        url: "/api/reports/trail_balance?format=pdf",
        headers: bearer(token),
        payload: {},
      });
      expect(pdf.statusCode).toBe(200);
      return imagesIn(pdf.rawPayload);
    };
    await t.db.update(companyProfile).set({ logoPath: null });
    expect(await images()).toBe(0);
    expect((await uploadLogo(Buffer.from(await qrPng("logo")), "logo.png")).statusCode).toBe(200);
    expect(await images()).toBe(1);
  });

  it("needs Setting > Restaurant > Add Restaurant to change", async () => {
    const user = await createUser(t.db, { permissions: [perm("Setting", "Restaurant", "List Restaurant")] });
    const reader = await loginCargo(t.app, user.email, user.password);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/setting/company", headers: bearer(reader) })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: "/api/setting/company",
          headers: bearer(reader),
          payload: { name: "NOPE" },
        })
      ).statusCode,
    ).toBe(403);
    expect((await uploadLogo(PNG, "a.png", reader)).statusCode).toBe(403);
  });
});
