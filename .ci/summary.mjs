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
const playwright = JSON.parse(readFileSync(e2e, "utf8"));
const { stats } = playwright;
passed += stats.expected + stats.flaky;
failed += stats.unexpected;
skipped += stats.skipped;

/** Titles of the browser tests that failed first and passed only on their retry. */
function flakyTitles(suites, trail = []) {
  return suites.flatMap((suite) => {
    const path = suite.title ? [...trail, suite.title] : trail;
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.filter((test) => test.status === "flaky").map(() => [...path, spec.title].join(" > ")),
    );
    return [...own, ...flakyTitles(suite.suites ?? [], path)];
  });
}
const flaky = flakyTitles(playwright.suites ?? []);
if (flaky.length > 0) {
  console.log(`ci: ${flaky.length} browser test(s) passed only on a retry (counted as passed, to be fixed):`);
  for (const title of flaky) console.log(`  flaky: ${title}`);
}
console.log(`ci: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
