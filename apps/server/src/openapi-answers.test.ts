import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/harness";

/** Operations whose success answer is a file, with the media type the document must show. */
const FILE_ANSWERS: Record<string, string> = {
  "GET /api/levelTwo/report": "application/pdf",
  "GET /api/levelThree/report": "application/pdf",
  "GET /api/levelFour/report": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "GET /api/voucher/{id}/voucher.pdf": "application/pdf",
  "POST /api/levelFour/account_ledger_pdf": "application/pdf",
  "GET /api/setting/company/logo": "image/png",
  "GET /api/get_image_data_by_path/{path}": "image/jpeg",
  "GET /api/backups/{file}/download": "application/gzip",
  "GET /api/rate/rate_logs/{id}/file": "text/csv",
  "POST /api/rate/quotation_pdf": "application/pdf",
  "POST /api/cargo_accounts/get_ledger_pdf": "application/pdf",
  "GET /api/shipment/{id}/waybill.pdf": "application/pdf",
  "GET /api/shipment/{id}/invoice.pdf": "application/pdf",
  "POST /api/shipment/waybills.pdf": "application/pdf",
  "GET /api/inventory/receiving/{id}/grn.pdf": "application/pdf",
  "GET /api/inventory/receiving/by_number/{number}": "application/pdf",
  "GET /api/inventory/issuance/{id}/issuance.pdf": "application/pdf",
  "GET /api/inventory/store_product/export.xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "GET /api/inventory/store_product/template.xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "GET /api/inventory/table/template.xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "GET /api/inventory/product/template.xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "GET /api/inventory/table/{id}/qr.png": "image/png",
  "POST /api/inventory/barcode/labels.pdf": "application/pdf",
  "POST /api/inventory/barcode/labels.tspl": "application/octet-stream",
  "GET /api/inventory/recipe/export.xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "GET /api/setting/day/{id}/z_report.pdf": "application/pdf",
  "GET /api/kds/stream": "text/event-stream",
  "GET /api/pos/stream": "text/event-stream",
  "GET /api/setting/session/{id}/x_report.pdf": "application/pdf",
  "GET /api/pos/order/{id}/receipt": "application/pdf",
};

interface Answer {
  content?: Record<string, { schema?: { type?: string; format?: string } }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each operation's success answers (2xx) as the OpenAPI document writes them. */
function successAnswers(): Map<string, Record<string, Answer>> {
  const document = t.app.swagger() as {
    paths: Record<string, Record<string, { responses?: Record<string, Answer> }>>;
  };
  const operations = new Map<string, Record<string, Answer>>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      operations.set(`${method.toUpperCase()} ${path}`, Object.fromEntries(success));
    }
  }
  return operations;
}

describe("one contract: every operation documents its answer", () => {
  it("gives every JSON operation a 2xx answer with a JSON schema", () => {
    const missing: string[] = [];
    for (const [name, answers] of successAnswers()) {
      if (name in FILE_ANSWERS) continue;
      const json = Object.values(answers).some((answer) => answer.content?.["application/json"]?.schema);
      if (!json) missing.push(name);
    }
    expect(missing).toEqual([]);
  });

  it("documents each file download it serves with its media type and a binary body", () => {
    const operations = successAnswers();
    const served = Object.entries(FILE_ANSWERS).filter(([name]) => operations.has(name));
    expect(served.length).toBeGreaterThan(15);
    for (const [name, type] of served) {
      const answers = operations.get(name);
      const schema = Object.values(answers ?? {}).find((answer) => answer.content?.[type])?.content?.[type]?.schema;
      expect(schema, `${name} ${type}`).toMatchObject({ type: "string", format: "binary" });
    }
  });
});
