import {
  type DayOpenCurrent,
  dayOpenCurrentSchema,
  type PosOrderDetail,
  posOrderDetailSchema,
} from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { companyDay } from "./dates";
import { ADMIN, USERS } from "./fixtures";
import { expect, HOME, openAsAccounts, test } from "./helpers";

/** A tag no other run or test uses (counter codes take at most 10 letters and digits). */
export const posTag = (): string =>
  `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`.toUpperCase();

/** The admin's bearer token from the API sign-in (the page itself may be signed in as someone else). */
export async function adminToken(page: Page): Promise<string> {
  const answer = await page.request.post("/api/users/login", {
    data: { userName: ADMIN.userName, password: ADMIN.password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/**
 * Saves the outlet's POS settings before each test of the file and puts them back after it, even when
 * the test fails: a worker's tests share one database, and other files' register totals depend on
 * these settings (tax-inclusive prices, service charge, rounding, cut-off, discount limits).
 */
export function restoreOutletSettingsAfterEach(): void {
  let saved: { token: string; settings: object } | undefined;
  test.beforeEach(async ({ page }) => {
    const token = await adminToken(page);
    saved = { token, settings: (await apiJson(page, token, "GET", "/api/setting/outlet")) as object };
  });
  test.afterEach(async ({ page }) => {
    if (saved) await apiJson(page, saved.token, "PUT", "/api/setting/outlet", saved.settings);
    saved = undefined;
  });
}

/** Calls the API with `token` and answers the parsed JSON; fails the test unless it answers 200. */
export async function apiJson(page: Page, token: string, method: "GET" | "POST" | "PUT", url: string, data?: object) {
  const response = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as unknown;
}

const idOf = (answer: unknown): number => (answer as { data: { id: number } }).data.id;

/** The day after `date` (YYYY-MM-DD). */
const nextDate = (date: string): string => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

/**
 * This test's own counter (with its own cash account), opened for the POS cashier: in the open
 * business day when another test already opened one, else in a new day dated two days back (or the
 * day after the last one closed).
 */
export async function openCounter(
  page: Page,
  token: string,
  tag: string,
): Promise<{ counterId: number; code: string }> {
  const code = `T${tag}`.slice(0, 10);
  const counterId = idOf(
    await apiJson(page, token, "POST", "/api/setting/counter", {
      code,
      name: `Till ${tag}`,
      cashAccountId: null,
      createCashAccount: true,
      receiptPrinterId: null,
      defaultOrderType: "take_away",
    }),
  );
  const current: DayOpenCurrent = dayOpenCurrentSchema.parse(
    await apiJson(page, token, "GET", "/api/setting/day_open/current"),
  );
  const cashier = current.cashiers.find((person) => person.userName === USERS.posCashier.userName);
  expect(cashier, "the POS cashier is offered as a cashier").toBeTruthy();
  const opening = { counterId, cashierId: cashier?.id ?? 0, openingFloat: 5000 };
  if (current.day) await apiJson(page, token, "POST", "/api/setting/day_open/session", opening);
  else {
    // Two days back, or the day after the last one closed: never today while it can be helped. Days
    // open in date order and never after today, and the Day Close test (pos-days, after this file on
    // the worker's database) closes the day it finds open; were that today, no later file on the
    // database could open a day at all.
    const last = current.lastClosedDate;
    const preferred = companyDay(-2);
    const businessDate = last !== null && last >= preferred ? nextDate(last) : preferred;
    await apiJson(page, token, "POST", "/api/setting/day_open", { businessDate, counters: [opening] });
  }
  return { counterId, code };
}

/**
 * This test's menu: a category, sizes M and L, "Zinger" in both sizes and a one-size drink with a
 * barcode, sold on the POS as they are (no stock tracking), taxed by the seeded Food class (16%, 5%
 * by card).
 */
export async function posMenu(page: Page, token: string, tag: string) {
  const post = async (url: string, data: object) => idOf(await apiJson(page, token, "POST", url, data));
  const stations = (await apiJson(page, token, "GET", "/api/setting/station")) as { data: { id: number }[] };
  // Its items go to the seeded Kitchen station, so Send to kitchen fires them.
  const categoryId = await post("/api/inventory/category", { name: `Counter ${tag}`, stationId: stations.data[0]?.id });
  const medium = await post("/api/inventory/size", { name: `M ${tag}`, code: "M" });
  const large = await post("/api/inventory/size", { name: `L ${tag}`, code: "L" });
  const taxes = (await apiJson(page, token, "GET", "/api/setting/tax_class")) as {
    data: { id: number; rateBp: number }[];
  };
  const food = taxes.data.find((taxClass) => taxClass.rateBp === 1600);
  expect(food, "the seeded 16% Food tax class").toBeTruthy();
  const zinger = await apiJson(page, token, "POST", "/api/inventory/product", {
    name: `Zinger ${tag}`,
    categoryId,
    taxClassId: food?.id,
    track: "none",
    availableInPos: true,
    sizeIds: [medium, large],
    variants: [
      { sizeId: medium, price: 550 },
      { sizeId: large, price: 650 },
    ],
  });
  // A scanner's code no other run has: 12 digits from the clock.
  const colaBarcode = `29${String(Date.now()).slice(-9)}${Math.floor(Math.random() * 10)}`;
  const cola = await apiJson(page, token, "POST", "/api/inventory/product", {
    name: `Cola ${tag}`,
    categoryId,
    taxClassId: food?.id,
    track: "none",
    availableInPos: true,
    variants: [{ price: 150, barcode: colaBarcode }],
  });
  const variantIds = (answer: unknown) =>
    (answer as { data: { variants: { id: number }[] } }).data.variants.map((variant) => variant.id);
  return {
    categoryId,
    category: `Counter ${tag}`,
    zinger: `Zinger ${tag}`,
    large: `L ${tag}`,
    drink: `Cola ${tag}`,
    zingerMediumId: variantIds(zinger)[0] ?? 0,
    colaId: variantIds(cola)[0] ?? 0,
    colaBarcode,
  };
}

/** The order with its operation log, as Order View reads it. */
export async function orderDetail(page: Page, token: string, orderId: number): Promise<PosOrderDetail> {
  return posOrderDetailSchema.parse(await apiJson(page, token, "GET", `/api/pos/order/${orderId}`));
}

/** "1,234.56" as minor units. */
export const minorOfText = (text: string): number => Math.round(Number(text.replace(/[^\d.-]/g, "")) * 100);

/**
 * Types a barcode as a keyboard-wedge scanner does: the digits and Enter as one burst of key presses
 * on the focused element, dispatched inside the page so they arrive as close together as a scanner's.
 */
export async function scanWedge(page: Page, barcode: string): Promise<void> {
  await page.evaluate(
    (keys) => {
      const target = document.activeElement ?? document.body;
      for (const key of keys) target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    },
    [...barcode.split(""), "Enter"],
  );
}

/**
 * The POS cashier signed in (on the home screen), with this test's own counter (opened for them) and
 * menu, and the counter remembered on the device.
 */
export async function cashierWithCounter(page: Page) {
  const tag = posTag();
  await openAsAccounts(page, USERS.posCashier, HOME);
  const admin = await adminToken(page);
  const counter = await openCounter(page, admin, tag);
  const menu = await posMenu(page, admin, tag);
  await page.evaluate((id) => localStorage.setItem("cargodesk.device.pos.counterId", String(id)), counter.counterId);
  return { admin, menu, counter };
}

/** The POS cashier on /pos at this test's own counter and menu, the menu's category chosen. */
export async function openCashierRegister(page: Page) {
  const setup = await cashierWithCounter(page);
  await page.goto("/pos");
  await expect(page.getByRole("button", { name: `Counter ${setup.counter.code}, change counter` })).toBeVisible();
  await page.getByRole("tab", { name: setup.menu.category }).click();
  return setup;
}
