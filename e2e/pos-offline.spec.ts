import { perm } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { expect, HOME, openAsAccounts, openAsCargo, test } from "./helpers";
import { grillWithBurger, newEmployee } from "./kds-helpers";
import { adminToken, apiJson, openCashierRegister, openCounter, orderDetail, posTag } from "./pos-helpers";
import {
  connectSerialPrinter,
  containsBytes,
  DRAWER_KICK,
  ESC_INIT,
  installFakeSerialPrinter,
  printedJobs,
} from "./printer-fakes";
import { floorOf, rememberCounter, seat, tableHall, tile } from "./table-order-helpers";

/**
 * WP5's browser acceptance (design 6.7): the register sells take-away offline with the invoice
 * numbers the device issues, prints their receipts, reloads from its service worker with the waiting
 * orders intact, and sends them when the network is back, each once.
 */
const SHOTS = process.env.E2E_SCREENS_DIR ?? "test-results/screens";

test.describe.configure({ timeout: 120_000 });

interface OrderRow {
  id: number;
  number: string | null;
  status: string;
  openedAt: string;
  total: number;
}

/** The counter's paid orders, as Order View reads them. */
async function paidOrders(page: Page, token: string, counterId: number): Promise<OrderRow[]> {
  const page1 = (await apiJson(page, token, "GET", `/api/pos/order?counterId=${counterId}&status=paid&size=100`)) as {
    data: OrderRow[];
  };
  return page1.data;
}

/** The cashier on /pos at this test's own counter, ready to sell offline (device token and service worker). */
async function openRegister(page: Page, { worker }: { worker: boolean }) {
  const { admin, menu, counter } = await openCashierRegister(page);
  const sync = page.getByTestId("sync-state");
  await expect(sync).toHaveText("Online");
  // The register claimed its counter session's device token, so it can number sales offline.
  await expect(sync).toHaveAttribute("data-offline-ready", "yes");
  if (worker)
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe("activated");
  return { admin, menu, counter, sync };
}

/** One cola, paid exactly in cash, with the screen offline: the offline receipt, then a new order. */
async function sellOffline(page: Page, drink: string, shot?: string): Promise<string> {
  await page.getByRole("button", { name: new RegExp(`^${drink},`) }).click();
  await page.getByRole("button", { name: /^Pay/ }).click();
  const pay = page.getByRole("dialog", { name: "Pay" });
  await pay.getByRole("button", { name: "Exact" }).click();
  await pay.getByRole("button", { name: "Complete" }).click();
  const paid = page.getByRole("dialog", { name: /^Paid offline · / });
  await expect(paid.getByText("No network: the sale is kept on this register")).toBeVisible();
  const title = (await paid.getByRole("heading").first().innerText()).replace("Paid offline · ", "");
  await expect(paid.frameLocator("iframe").getByText(`Invoice ${title}`)).toBeVisible();
  await expect(paid.frameLocator("iframe").getByText("OFFLINE SALE")).toBeVisible();
  // The cashier's name, kept from when the register was last online.
  await expect(paid.frameLocator("iframe").getByText(/Counter \S+ · POSCASHIER$/)).toBeVisible();
  if (shot) await page.screenshot({ path: `${SHOTS}/${shot}.png` });
  await paid.getByRole("button", { name: "New order" }).click();
  await expect(page.getByText("No items yet")).toBeVisible();
  return title;
}

test.describe("with the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("three take-away sales offline: receipts, 3 waiting, a reload offline keeps them, then online they are sent once with their own times", async ({
    page,
    context,
  }) => {
    const { admin, menu, counter, sync } = await openRegister(page, { worker: true });
    await context.setOffline(true);
    await expect(sync).toHaveText("Offline");
    const numbers: string[] = [];
    for (let sale = 0; sale < 3; sale += 1)
      numbers.push(await sellOffline(page, menu.drink, sale === 0 ? "pos-offline-receipt" : undefined));
    await expect(sync).toHaveText("Offline – 3 waiting");
    // The device numbers its sales in turn from the counter's last invoice number.
    const sequence = numbers.map((number) => Number(number.split("-").at(-1)));
    expect(sequence).toEqual([sequence[0], (sequence[0] ?? 0) + 1, (sequence[0] ?? 0) + 2]);
    await page.screenshot({ path: `${SHOTS}/pos-offline-waiting.png` });

    // A reload with no network: the service worker serves the register, the outbox is intact.
    await page.reload();
    await expect(page.getByRole("button", { name: `Counter ${counter.code}, change counter` })).toBeVisible();
    await expect(sync).toHaveText("Offline – 3 waiting");
    // The top bar names the cashier though /users/me cannot answer.
    await expect(page.getByRole("button", { name: "Account menu" })).toContainText("POSCASHIER");
    const offlineUntil = new Date();
    await page.screenshot({ path: `${SHOTS}/pos-offline-reloaded.png` });

    await context.setOffline(false);
    await expect(sync).toHaveText("Online", { timeout: 5_000 });
    const orders = await paidOrders(page, admin, counter.counterId);
    expect(orders.map((order) => order.number).sort()).toEqual(numbers);
    // Their own times, from when the cashier took the money, not the sync's.
    for (const order of orders) expect(new Date(order.openedAt).getTime()).toBeLessThan(offlineUntil.getTime());

    // Order View (a manager's screen) lists them.
    await openAsAccounts(page, ADMIN, "/order");
    for (const number of numbers) await expect(page.getByText(number)).toBeVisible();
  });
});

test("closing the tab in the middle of a sync loses nothing and stores nothing twice", async ({ page, context }) => {
  const { admin, menu, counter, sync } = await openRegister(page, { worker: false });
  await context.setOffline(true);
  const numbers = [await sellOffline(page, menu.drink), await sellOffline(page, menu.drink)];
  await expect(sync).toHaveText("Offline – 2 waiting");

  // The sync reaches the server, which stores the orders; the tab closes before the answer arrives.
  let reached: () => void = () => undefined;
  const synced = new Promise<void>((resolve) => {
    reached = resolve;
  });
  await page.route("**/api/pos/sync", async (route) => {
    await route.fetch();
    reached();
  });
  await context.setOffline(false);
  await synced;
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  expect((await paidOrders(again, admin, counter.counterId)).map((order) => order.number).sort()).toEqual(numbers);

  // Reopened: the outbox still held both; it sends them again, the server answers the first results.
  await again.goto("/pos");
  await expect(again.getByTestId("sync-state")).toHaveText("Online", { timeout: 10_000 });
  const orders = await paidOrders(again, admin, counter.counterId);
  expect(orders.map((order) => order.number).sort()).toEqual(numbers);
});

test("a table's check offline: Send keeps the burger on the tablet, moving checks waits for the network, and the burger reaches the kitchen once it is back", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const tag = posTag();
  const admin = await adminToken(page);
  const grill = await grillWithBurger(page, admin, tag);
  const counter = await openCounter(page, admin, tag);
  const floor = await tableHall(page, admin, tag);
  const waiter = await newEmployee(page, [perm("Table Order")]);
  await openAsCargo(page, waiter, HOME);
  await rememberCounter(page, counter.counterId);
  await page.goto("/table");
  await page.getByRole("tab", { name: floor.hall }).click();
  await seat(page, "T5", 2);
  const orderId = (await floorOf(page, admin, floor.hallId)).tables.find((table) => table.name === "T5")?.orderIds[0];
  expect(orderId, "T5 has its check").toBeTruthy();

  await context.setOffline(true);
  await page.getByRole("tab", { name: grill.station }).click();
  await tile(page, grill.dish).click();
  await page.getByRole("button", { name: "Send to kitchen" }).click();
  await expect(page.getByText(/^No network: the order's changes are kept on this device/)).toBeVisible();
  await page.getByRole("button", { name: "Table actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Transfer (needs the network)" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await page.screenshot({ path: `${SHOTS}/table-offline-1366.png` });
  await page.keyboard.press("Escape");
  expect((await orderDetail(page, admin, orderId ?? 0)).lines).toHaveLength(0);

  // Back online: the kept send goes by itself, once.
  await context.setOffline(false);
  await expect
    .poll(async () => (await orderDetail(page, admin, orderId ?? 0)).lines.map((line) => [line.name, line.status]))
    .toEqual([[grill.dish, "fired"]]);
  await expect(page.getByText(/^No network/)).toHaveCount(0);
});

test("an offline sale prints on the register's serial printer with the drawer kick", async ({ page, context }) => {
  await installFakeSerialPrinter(page);
  const { menu, sync } = await openRegister(page, { worker: false });
  await connectSerialPrinter(page);
  await context.setOffline(true);
  const number = await sellOffline(page, menu.drink, "pos-offline-receipt-printer");
  const printed = (job: number[]) => containsBytes(job, [...new TextEncoder().encode(`Invoice ${number}`)]);
  await expect.poll(async () => (await printedJobs(page)).some(printed), { message: "the receipt printed" }).toBe(true);
  const receipt = (await printedJobs(page)).find(printed);
  expect(receipt?.slice(0, 2)).toEqual(ESC_INIT);
  expect(containsBytes(receipt ?? [], DRAWER_KICK)).toBe(true);
  await expect(sync).toHaveText("Offline – 1 waiting");
  await context.setOffline(false);
  await expect(sync).toHaveText("Online", { timeout: 5_000 });
});
