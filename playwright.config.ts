import { defineConfig } from "@playwright/test";
import { zoneOnAnotherDay } from "./e2e/dates";
import { serverPort } from "./e2e/fixtures";

// Two workers (E2E_WORKERS says otherwise), or one when the command line names a single spec
// file: it would keep a second server busy for nothing on a shared machine.
const namedSpecFiles = process.argv.filter((arg) => /\.spec\.ts(?::\d+)*$/.test(arg)).length;
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? (namedSpecFiles === 1 ? 1 : 2));

// Each worker drives its own server with its own embedded database (E2E_PORT + the worker's
// parallel index, which a worker started again after a failure keeps), so no test meets rows
// another worker is changing. Playwright sets TEST_PARALLEL_INDEX in each worker before it
// reads this file; the runner itself (index 0) only starts the servers.
const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: "./e2e",
  // Two workers share two cores with their servers, and the machine with other work: a minute per
  // test (longer flows set their own), while each expectation still waits at most 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Whole files go to one worker: a file's tests may build on one another's rows.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]]
    : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${serverPort(workerIndex)}`,
    // The browser lives on another calendar day than the company (APP_TZ): every screen must take
    // today from the company's clock, as the server does. E2E_BROWSER_TZ picks a zone by hand.
    timezoneId: process.env.E2E_BROWSER_TZ ?? zoneOnAnotherDay(),
    screenshot: "only-on-failure",
    // The register installs a service worker (offline use); requests it forwards would bypass
    // page.route, which many tests use. Only the offline tests let it run (pos-offline.spec.ts).
    serviceWorkers: "block",
    // A test's second try (CI retries once) records its trace: every action with the page's DOM
    // before and after, network and console; a first failure keeps its screenshot and the page's
    // accessibility snapshot. Tracing every test for the few that fail cost about a fifth of the
    // browser tests' time (vouchers, table-order and reports: 125-129 s traced, 103 s not), and the
    // screencast film strip a third of their CPU before that. Locally: `npx playwright test --trace on`.
    trace: { mode: "on-first-retry", screenshots: false },
    launchOptions: {
      // Debian's Chromium; Playwright must never download a browser of its own here.
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: "npx tsx e2e/serve.ts",
    env: { E2E_PORT: String(serverPort(index)) },
    url: `http://127.0.0.1:${serverPort(index)}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
