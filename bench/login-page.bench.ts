import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import type { Figure } from "./lib";
import { kb, startGroup, stopGroup, tempDir, waitHealthy } from "./lib";

const PORT = "3278";
const TARGET = 250 * 1024;

/** Gzip size of every script the browser fetches to show /cargo-login (the web app must be built). */
export async function run(): Promise<Figure[]> {
  const server = startGroup("npm", ["run", "start", "-w", "@cargodesk/server"], {
    PORT,
    DATA_DIR: await tempDir("cargodesk-bench-login-"),
    LOG_LEVEL: "warn",
  });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    await waitHealthy(`http://127.0.0.1:${PORT}/api/health`, server);
    const page = await browser.newPage();
    const scripts: Promise<{ raw: number; gzip: number }>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push(response.body().then((body) => ({ raw: body.length, gzip: gzipSync(body, { level: 9 }).length })));
    });
    await page.goto(`http://127.0.0.1:${PORT}/cargo-login`, { waitUntil: "networkidle" });
    const sizes = await Promise.all(scripts);
    const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
    const gzip = sizes.reduce((sum, size) => sum + size.gzip, 0);
    return [
      { bench: "login page", measure: `scripts loaded by /cargo-login (${sizes.length} files), raw`, value: kb(raw) },
      {
        bench: "login page",
        measure: "same, gzip",
        value: kb(gzip),
        target: `<= ${kb(TARGET)} ${gzip <= TARGET ? "ok" : "MISSED"}`,
      },
    ];
  } finally {
    await browser.close();
    await stopGroup(server);
  }
}
