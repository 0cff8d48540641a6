// Adds up the JSON reports of every test run into one closing line.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of ["vitest-pglite.json", "vitest-postgres.json"]) {
  const file = path.join(dir, name);
  if (!existsSync(file)) throw new Error(`missing report ${file}`);
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
const e2e = path.join(dir, "playwright.json");
if (!existsSync(e2e)) throw new Error(`missing report ${e2e}`);
const stats = JSON.parse(readFileSync(e2e, "utf8")).stats;
passed += stats.expected + stats.flaky;
failed += stats.unexpected;
skipped += stats.skipped;
console.log(`ci: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
