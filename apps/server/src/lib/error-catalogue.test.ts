import { readFile } from "node:fs/promises";
import { DOMAIN_ERRORS } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { errorCatalogueMarkdown } from "./error-catalogue";

const DOC = new URL("../../../../docs/errors.md", import.meta.url);
const SECTION = /<!-- error-catalogue:[^\n]*-->\n([\s\S]*?)\n<!-- \/error-catalogue -->/;

describe("error catalogue", () => {
  it("lists every domain code once, with its kind and status", () => {
    const text = errorCatalogueMarkdown();
    for (const [code, entry] of Object.entries(DOMAIN_ERRORS)) {
      expect(text.split(`| \`${code}\` |`)).toHaveLength(2);
      expect(text).toContain(`| \`${code}\` | \`${entry.kind}\``);
    }
    expect(text).toContain("| `VOUCHER_UNBALANCED` | `VALIDATION` (400) |");
    expect(text).toContain("| `STOCK_SHORT` | `CONFLICT` (409) |");
  });

  it("docs/errors.md holds the current catalogue (paste this section there when a code is added)", async () => {
    const section = SECTION.exec(await readFile(DOC, "utf8"))?.[1];
    expect(section).toBe(errorCatalogueMarkdown());
  });
});
