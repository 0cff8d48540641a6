import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Documents are made in the worker pool (docs/documents.md): no file the request thread loads,
 * starting from main.ts and app.ts, imports the PDF or spreadsheet library at run time. Type-only imports
 * (`import type`, `export type`) load nothing and are skipped; workers/tasks.ts is reached only
 * through such an import (lib/worker-pool.ts), which is how the pool knows the tasks' types.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const DOCUMENT_LIBRARIES = ["pdfkit", "exceljs"];

/** Specifiers a file loads at run time: imports and re-exports that are not type-only, bare and dynamic imports. */
function runtimeSpecifiers(text: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|[\s;])(import|export)\s+(type\s+)?([^;]*?)\s+from\s*["']([^"']+)["']/g;
  for (const match of text.matchAll(statement)) {
    const [, , typeOnly, clause = "", specifier = ""] = match;
    if (typeOnly) continue;
    // `import { type A, type B } from` loads nothing either.
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    if (names?.split(",").every((name) => name.trim() === "" || name.trim().startsWith("type "))) continue;
    found.push(specifier);
  }
  // import("x") and the bare import "x" (for its side effects).
  for (const match of text.matchAll(/import\s*\(?\s*["']([^"']+)["']/g)) found.push(match[1] ?? "");
  return found;
}

function resolve(fromFile: string, specifier: string): string | null {
  const base = path.join(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, path.join(base, "index.ts")]) {
    if (/\.ts$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every file the server's main thread loads (main.ts, app.ts and on), with the packages each imports. */
function requestThreadGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = [path.join(SRC, "main.ts"), path.join(SRC, "app.ts")];
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (graph.has(file)) continue;
    const specifiers = runtimeSpecifiers(readFileSync(file, "utf8"));
    graph.set(
      file,
      specifiers.filter((specifier) => !specifier.startsWith(".")),
    );
    for (const specifier of specifiers.filter((name) => name.startsWith("."))) {
      const target = resolve(file, specifier);
      if (target) pending.push(target);
    }
  }
  return graph;
}

describe("documents off the request thread", () => {
  it("no file the server's request thread loads imports pdfkit or exceljs", () => {
    const graph = requestThreadGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.has(path.join(SRC, "lib/documents/render.ts"))).toBe(true);
    const offenders = [...graph].flatMap(([file, packages]) =>
      packages
        .filter((name) => DOCUMENT_LIBRARIES.some((library) => name === library || name.startsWith(`${library}/`)))
        .map((name) => `${path.relative(SRC, file)} imports ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it("sees through type-only imports and finds a runtime one", () => {
    expect(runtimeSpecifiers('import type { tasks } from "../workers/tasks";')).toEqual([]);
    expect(runtimeSpecifiers('import { type Pdf, type Column } from "./pdfkit";')).toEqual([]);
    expect(runtimeSpecifiers('import { type Pdf, createPdf } from "./pdfkit";')).toEqual(["./pdfkit"]);
    expect(runtimeSpecifiers('import ExcelJS from "exceljs";\nexport { x } from "./y";')).toEqual(["exceljs", "./y"]);
    expect(runtimeSpecifiers('import "pdfkit";\nconst m = await import("./z");')).toEqual(["pdfkit", "./z"]);
  });
});
