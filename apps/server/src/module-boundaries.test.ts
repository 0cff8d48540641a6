import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The server's import rules (docs/architecture.md, "Server module vocabulary"):
 * 1. db/, lib/ (with the accounting kernel lib/books/), plugins/ and workers/ never import a feature
 *    module; only the entry points (app.ts, main.ts, scripts/) and test code may.
 * 2. A file of modules/<a>/ imports another module only through that module's index.ts (test code
 *    may also use another module's test helpers: its *.test-helpers.ts and *.test-support.ts).
 * 3. Modules do not import each other in a circle (test code aside: nothing imports a test).
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Relative specifiers of static imports, re-exports and dynamic imports. */
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^;]*?\sfrom\s*["'](\.[^"']+)["']|import\s*\(?\s*["'](\.[^"']+)["']/g;

/** Import graph: source file -> the files it imports, all as paths relative to src/ with "/". */
type Graph = Map<string, string[]>;

const isTestCode = (file: string): boolean =>
  /^test\/|\.test\.ts$|\.test-(support|helpers)\.ts$|[.-]fixtures?\.ts$/.test(file);
const isEntryPoint = (file: string): boolean => file === "app.ts" || file === "main.ts" || file.startsWith("scripts/");
const moduleOf = (file: string): string | null => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

function resolve(fromFile: string, specifier: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) {
    if (/\.[cm]?[jt]s$/.test(candidate) && existsSync(path.join(SRC, candidate))) return candidate;
  }
  return base;
}

function readGraph(): Graph {
  const graph: Graph = new Map();
  for (const entry of readdirSync(SRC, { recursive: true, encoding: "utf8" })) {
    const file = entry.split(path.sep).join("/");
    if (!/\.ts$/.test(file) || file.endsWith(".d.ts")) continue;
    const text = readFileSync(path.join(SRC, file), "utf8");
    const targets = [...text.matchAll(SPECIFIER)].map((match) => resolve(file, match[1] ?? match[2] ?? ""));
    graph.set(file, targets);
  }
  return graph;
}

/** Every broken rule, as a readable line; empty when the tree keeps them all. */
function violations(graph: Graph): string[] {
  const found: string[] = [];
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    for (const target of targets) {
      const to = moduleOf(target);
      if (to === null) continue;
      if (from === null) {
        if (!isTestCode(file) && !isEntryPoint(file)) found.push(`${file} imports the feature module file ${target}`);
        continue;
      }
      if (from === to) continue;
      const helper = isTestCode(file) && /\.test-(support|helpers)\.ts$/.test(target);
      if (target !== `modules/${to}/index.ts` && !helper)
        found.push(`${file} imports ${target}, not modules/${to}/index.ts`);
      if (!isTestCode(file)) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  // Depth-first search; a module met again while still on the path closes a cycle.
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): void => {
    if (trail.includes(node)) {
      found.push(`module cycle: ${[...trail.slice(trail.indexOf(node)), node].join(" -> ")}`);
      return;
    }
    if (done.has(node)) return;
    for (const next of [...(edges.get(node) ?? [])].sort()) visit(next, [...trail, node]);
    done.add(node);
  };
  for (const node of [...edges.keys()].sort()) visit(node, []);
  return found;
}

describe("module boundaries", () => {
  it("the server's source keeps every import rule", () => {
    const graph = readGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("modules/shipments/shipments.posting.ts")).toContain("lib/books/posting.ts");
    expect(violations(graph)).toEqual([]);
  });

  it("finds a cycle between modules, however long", () => {
    const graph: Graph = new Map([
      ["modules/chart/chart.service.ts", ["modules/vouchers/index.ts"]],
      ["modules/vouchers/vouchers.service.ts", ["modules/reports/index.ts"]],
      ["modules/reports/ledger.ts", ["modules/chart/index.ts", "lib/books/balances.ts"]],
    ]);
    expect(violations(graph)).toEqual(["module cycle: chart -> vouchers -> reports -> chart"]);
  });

  it("finds a file reaching into another module, and a lower layer importing a module", () => {
    const graph: Graph = new Map([
      ["modules/store/store.service.ts", ["modules/vouchers/posting.ts", "modules/store/store.queries.ts"]],
      ["lib/books/posting.ts", ["modules/vouchers/index.ts"]],
      ["app.ts", ["modules/store/store.routes.ts"]],
    ]);
    expect(violations(graph)).toEqual([
      "modules/store/store.service.ts imports modules/vouchers/posting.ts, not modules/vouchers/index.ts",
      "lib/books/posting.ts imports the feature module file modules/vouchers/index.ts",
    ]);
  });

  it("lets test code import across modules without making a cycle", () => {
    const graph: Graph = new Map([
      ["modules/reports/reports.property.test.ts", ["modules/vouchers/index.ts"]],
      ["modules/vouchers/vouchers.money.test.ts", ["modules/reports/index.ts"]],
      ["test/harness.ts", ["app.ts"]],
      ["test/ledger-fixtures.ts", ["modules/vouchers/vouchers.service.ts"]],
    ]);
    expect(violations(graph)).toEqual([]);
  });
});
