import { defineConfig } from "@playwright/test";
import { zoneOnAnotherDay } from "./e2e/dates";
import { E2E_PORT } from "./e2e/fixtures";

export default defineConfig({
  testDir: "./e2e",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON }]]
    : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // The browser lives on another calendar day than the company (APP_TZ): every screen must take
    // today from the company's clock, as the server does. E2E_BROWSER_TZ picks a zone by hand.
    timezoneId: process.env.E2E_BROWSER_TZ ?? zoneOnAnotherDay(),
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
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
  webServer: {
    command: "npx tsx e2e/serve.ts",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
