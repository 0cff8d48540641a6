/**
 * The register's start from the service worker's cache with no network (design WP5 performance):
 * the built app is served by the production server once, online, so the register installs its
 * service worker and keeps the menu and the counter session on the device; then, offline:
 * - cold: the browser is closed and started again on the same profile and opens /pos (3 times);
 * - warm: the open register is reloaded (5 times).
 * Each figure is the time from the navigation's start to the register being ready to sell (the menu's
 * first item and the sync state showing), read in the page; the median is printed. Needs the built
 * web app (`npm run build`) and Chromium.
 */
import { writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { type Figure, kb, ms, startGroup, stopGroup, tempDir, waitHealthy } from "./lib";

const PORT = "3281";
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { userName: "admin", email: "admin@bench.local", password: "Admin@12345" };
const COLD_TARGET = 2_000;
const WARM_TARGET = 500;
const LAUNCH = {
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  headless: true,
};

async function api(path: string, token: string | null, body?: object): Promise<unknown> {
  const response = await fetch(`${BASE}/api${path}`, {
    method: body ? "POST" : "GET",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The admin signed in, and counter A01 opened for them in a business day of today. */
async function openCounter() {
  const login = (await api("/users/login", null, { userName: ADMIN.userName, password: ADMIN.password })) as {
    token: string;
    _id: number;
    permission: { permissionsName: string; permissionsCatName: string; permissionsSubCatName: string }[];
  };
  const bootstrap = (await api("/pos/bootstrap", login.token)) as { counters: { id: number; code: string }[] };
  const counter = bootstrap.counters.find((candidate) => candidate.code === "A01");
  if (!counter) throw new Error("no counter A01");
  const current = (await api("/setting/day_open/current", login.token)) as {
    cashiers: { id: number; userName: string }[];
  };
  const cashier = current.cashiers.find((person) => person.userName === ADMIN.userName);
  // A small menu: 40 items in 4 categories, taxed by the seeded Food class.
  const taxes = (await api("/setting/tax_class", login.token)) as { data: { id: number; rateBp: number }[] };
  const food = taxes.data.find((taxClass) => taxClass.rateBp === 1600);
  for (let category = 1; category <= 4; category += 1) {
    const made = (await api("/inventory/category", login.token, { name: `Bench ${category}` })) as {
      data: { id: number };
    };
    for (let item = 1; item <= 10; item += 1)
      await api("/inventory/product", login.token, {
        name: `Bench dish ${category}-${item}`,
        categoryId: made.data.id,
        taxClassId: food?.id,
        track: "none",
        availableInPos: true,
        variants: [{ price: 100 * item + category }],
      });
  }
  const businessDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());
  await api("/setting/day_open", login.token, {
    businessDate,
    counters: [{ counterId: counter.id, cashierId: cashier?.id ?? login._id, openingFloat: 0 }],
  });
  return { login, counterId: counter.id };
}

/** Milliseconds from the navigation's start until the register can sell, read in the page. */
const readyMs = (page: Page) =>
  page
    .waitForFunction(
      () =>
        document.querySelector('[data-testid="sync-state"]') !== null &&
        document.querySelector('button[aria-label*=","]') !== null,
      null,
      { polling: "raf", timeout: 30_000 },
    )
    .then(() => page.evaluate(() => performance.now()));

/** The register's own scripts, beyond what the sign-in page loads (design WP3: at most 250 KB gzip). */
const POS_ADDS_TARGET = 250 * 1024;

/** Every script the page fetches from now on, by address, with its gzip size; `done` once they are read. */
function scriptSizes(page: Page) {
  const sizes: Promise<[string, number]>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.push(response.body().then((body) => [new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length]));
  });
  return { done: async () => new Map(await Promise.all(sizes)) };
}

/** The scripts of `loaded` that a fresh browser showing the sign-in page does not load, and their gzip size. */
async function scriptsBeyondSignIn(loaded: Map<string, number>) {
  const browser = await chromium.launch(LAUNCH);
  try {
    const page = await browser.newPage();
    const signIn = scriptSizes(page);
    await page.goto(`${BASE}/cargo-login`, { waitUntil: "networkidle" });
    const shared = await signIn.done();
    const added = [...loaded].filter(([path]) => !shared.has(path));
    return { files: added.length, gzip: added.reduce((sum, [, size]) => sum + size, 0) };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function run(): Promise<Figure[]> {
  const server = startGroup("npm", ["run", "start", "-w", "@cargodesk/server"], {
    PORT,
    DATA_DIR: await tempDir("cargodesk-bench-pos-start-"),
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: ADMIN.userName,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const profile = await tempDir("cargodesk-bench-pos-profile-");
  try {
    await waitHealthy(`${BASE}/api/health`, server);
    const { login, counterId } = await openCounter();
    // Online once: the session, the counter, the service worker and the register's own copies.
    let context = await chromium.launchPersistentContext(profile, LAUNCH);
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${BASE}/api/health`);
    await page.evaluate(
      ({ session, counter }) => {
        localStorage.setItem("token", session.token);
        localStorage.setItem("id", String(session._id));
        localStorage.setItem("isAdmin", "true");
        localStorage.setItem(
          "permissions",
          JSON.stringify(
            session.permission.map((row) => ({
              permissions_name: row.permissionsName,
              permissions_cat_name: row.permissionsCatName,
              permissions_sub_cat_name: row.permissionsSubCatName,
            })),
          ),
        );
        localStorage.setItem("cargodesk.device.pos.counterId", String(counter));
      },
      { session: login, counter: counterId },
    );
    const posScripts = scriptSizes(page);
    await page.goto(`${BASE}/pos`);
    await readyMs(page);
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === "activated");
    const posAdds = await scriptsBeyondSignIn(await posScripts.done());
    await page.waitForSelector('[data-offline-ready="yes"]');
    await context.close();

    const cold: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      context = await chromium.launchPersistentContext(profile, { ...LAUNCH, offline: true });
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${BASE}/pos`);
      cold.push(await readyMs(page));
      await context.close();
    }
    context = await chromium.launchPersistentContext(profile, { ...LAUNCH, offline: true });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${BASE}/pos`);
    await readyMs(page);
    const warm: number[] = [];
    const milestones: string[][] = [];
    for (let round = 0; round < 5; round += 1) {
      await page.reload();
      warm.push(await readyMs(page));
      milestones.push(
        await page.evaluate(() =>
          performance.getEntriesByType("mark").map((mark) => `${mark.name} ${mark.startTime.toFixed(0)}`),
        ),
      );
    }
    // BENCH_TRACE=<file>: a Chrome trace (main thread, scripts, timers, loading) of one more warm
    // reload, for chrome://tracing or Perfetto; it showed React's 300 ms reveal throttle.
    if (process.env.BENCH_TRACE) {
      const cdp = await context.newCDPSession(page);
      const events: unknown[] = [];
      cdp.on("Tracing.dataCollected", (data: { value: unknown[] }) => void events.push(...data.value));
      const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.start", {
        categories: "devtools.timeline,v8,v8.execute,disabled-by-default-devtools.timeline,blink,loading",
        transferMode: "ReportEvents",
      });
      await page.reload();
      await readyMs(page);
      await cdp.send("Tracing.end");
      await done;
      await writeFile(process.env.BENCH_TRACE, JSON.stringify(events));
    }
    // Where the warm start's time goes (the app's own marks, in ms from the navigation's start).
    process.stderr.write(`pos-start warm milestones: ${JSON.stringify(milestones)}\n`);
    await context.close();
    const coldMs = median(cold);
    const warmMs = median(warm);
    return [
      {
        bench: "pos-start",
        measure: `scripts /pos loads beyond the sign-in page's (${posAdds.files} files), gzip`,
        value: kb(posAdds.gzip),
        target: `<= ${kb(POS_ADDS_TARGET)} ${posAdds.gzip <= POS_ADDS_TARGET ? "ok" : "MISSED"}`,
      },
      {
        bench: "pos-start",
        measure: "register cold start from the cache, offline (browser started again, median of 3)",
        value: ms(coldMs),
        target: `<= ${ms(COLD_TARGET)} ${coldMs <= COLD_TARGET ? "ok" : "MISSED"}`,
      },
      {
        bench: "pos-start",
        measure: "register warm start (reload), offline, median of 5",
        value: ms(warmMs),
        target: `<= ${ms(WARM_TARGET)} ${warmMs <= WARM_TARGET ? "ok" : "MISSED"}`,
      },
    ];
  } finally {
    await stopGroup(server);
  }
}
