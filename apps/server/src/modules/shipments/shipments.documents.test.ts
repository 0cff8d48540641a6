import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { perm, ROLE, type ShipmentView } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, countryId, createCustomer, itemLine } from "../../test/shipment-fixtures";
import { NO_INVOICE } from "./shipments.documents.routes";

const run = promisify(execFile);
let t: TestApp;
let admin: string;
let dir: string;
let alice: Awaited<ReturnType<typeof createCustomer>>;
let bob: Awaited<ReturnType<typeof createCustomer>>;
let doc: ShipmentView;
let pack: ShipmentView;
let ownInvoice: ShipmentView;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://track.example.com/" });
  admin = await adminToken(t.app);
  dir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-docs-"));
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  const pk = await countryId(t.app, "PK");
  const base = { customer_user_id: alice.id, amount: 3000 };
  doc = await bookShipment(t.app, admin, base);
  const packed = { ...base, shipment_type: "Pack" as const, data: [itemLine(pk)] };
  pack = await bookShipment(t.app, admin, packed);
  ownInvoice = await bookShipment(t.app, admin, { ...packed, invoice_type: 0 });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, token: string | null = admin) =>
  t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });

/** Renders the left copy of a waybill at 200 dpi and decodes one kind of symbol in it. */
async function decode(pdf: Buffer, symbology: "code128" | "qrcode"): Promise<string[]> {
  const file = path.join(dir, `${symbology}.pdf`);
  await writeFile(file, pdf);
  const prefix = path.join(dir, symbology);
  await run("pdftoppm", ["-r", "200", "-png", "-singlefile", "-W", "1170", "-H", "1654", file, prefix]);
  const { stdout } = await run("zbarimg", ["--raw", "-q", "-Sdisable", `-S${symbology}.enable`, `${prefix}.png`]);
  return stdout.split("\n").filter(Boolean);
}

describe("waybill.pdf", () => {
  it("answers a PDF whose barcode is the tracking id and whose QR code opens the public tracking page", async () => {
    const response = await get(`/api/shipment/${doc.shipment_id}/waybill.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`inline; filename="waybill-${doc.tracking_id}.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await decode(response.rawPayload, "code128")).toEqual([doc.tracking_id]);
    expect(await decode(response.rawPayload, "qrcode")).toEqual([
      `https://track.example.com/tracking/${doc.tracking_id}`,
    ]);
  });

  it("is the owner's and staff's only: another customer gets 404, no sign-in 401, no permission 403", async () => {
    expect((await get(`/api/shipment/${doc.shipment_id}/waybill.pdf`, alice.token)).statusCode).toBe(200);
    expect((await get(`/api/shipment/${doc.shipment_id}/waybill.pdf`, bob.token)).statusCode).toBe(404);
    expect((await get(`/api/shipment/${doc.shipment_id}/invoice.pdf`, bob.token)).statusCode).toBe(404);
    expect((await get(`/api/shipment/${doc.shipment_id}/waybill.pdf`, null)).statusCode).toBe(401);
    const clerk = await createUser(t.db, { roleId: ROLE.employee, permissions: [perm("Shipment", "Shipment Post")] });
    const token = await loginCargo(t.app, clerk.email, clerk.password);
    expect((await get(`/api/shipment/${doc.shipment_id}/waybill.pdf`, token)).statusCode).toBe(403);
    expect((await get("/api/shipment/999999/waybill.pdf")).statusCode).toBe(404);
  });
});

describe("invoice.pdf", () => {
  it("answers the customs invoice of a Pack shipment with invoice type 1", async () => {
    const response = await get(`/api/shipment/${pack.shipment_id}/invoice.pdf`, alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const file = path.join(dir, "invoice.pdf");
    await writeFile(file, response.rawPayload);
    const text = (await run("pdftotext", ["-layout", file, "-"])).stdout;
    expect(text).toContain("COTTON SHIRTS");
    expect(text).toContain(pack.tracking_id);
  });

  it("answers for a Doc shipment with invoice type 1 too, listing its description", async () => {
    const response = await get(`/api/shipment/${doc.shipment_id}/invoice.pdf`, alice.token);
    expect(response.statusCode).toBe(200);
    const file = path.join(dir, "doc-invoice.pdf");
    await writeFile(file, response.rawPayload);
    const text = (await run("pdftotext", ["-layout", file, "-"])).stdout;
    expect(text).toContain(doc.tracking_id);
    expect(text).toContain("CONTRACT PAPERS");
  });

  it("is refused (404) for an own invoice (type 0)", async () => {
    const response = await get(`/api/shipment/${ownInvoice.shipment_id}/invoice.pdf`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(NO_INVOICE);
  });
});
