import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One test file per core. Vitest's default keeps a core for its own main thread, which mostly
    // waits: on a 2-core machine that ran the API tests one file at a time with a core idle.
    maxWorkers: availableParallelism(),
    // CI collects a JSON report beside the console output to print one closing line.
    reporters: process.env.VITEST_JSON ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON ? { json: process.env.VITEST_JSON } : {},
    projects: [
      {
        test: {
          name: "server",
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts"],
          globalSetup: ["apps/server/src/test/global-setup.ts"],
          pool: "forks",
          // A fork runs file after file on the modules it has loaded: each file still gets its own
          // database and app (the harness), but the app's modules are imported and compiled once per
          // fork instead of once per file, which was about half the CPU the API tests took.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The web app's pure logic (reducers, drafts, voucher lines, dates): plain Node, no DOM and no database.
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
