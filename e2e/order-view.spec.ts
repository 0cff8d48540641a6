import { posOrderDetailSchema, voidReasonListSchema } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, HOME, openAsAccounts, storedToken, test } from "./helpers";
import { bootstrap, kitchenItem, methodOf, openPastDay, SALES_DEVICE, sell } from "./pos-days-helpers";
import { adminToken, apiJson, openCounter, posTag } from "./pos-helpers";

/** Screenshots of the screens (E2E_SCREENS_DIR, else test-results/screens). */
const SHOTS = process.env.E2E_SCREENS_DIR ?? "test-results/screens";
const ORDER_VIEW = "/order";

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** This file's counter (open in the day) and a kitchen item at 650.00 before 16% tax: 754.00 each in cash. */
async function setUp(page: Page) {
  const token = await adminToken(page);
  const tag = posTag();
  // Two days back: Day Close's spec closes this day and opens yesterday, leaving today to the register's tests.
  await openPastDay(page, token, 2);
  const counter = await openCounter(page, token, tag);
  const item = await kitchenItem(page, token, tag, 650);
  const cash = methodOf(await bootstrap(page, token, counter.counterId), "cash");
  return { token, counter, item, cash };
}

const drawer = (page: Page) => page.getByRole("presentation").filter({ has: page.getByTestId("order-title") });

/** The paid order of the first test, refunded in the second. */
const paid = { id: 0, number: "", line: "" };

test("a paid order: the list, the detail with its operation log, and a reprint of the receipt", async ({ page }) => {
  const { token, counter, item, cash } = await setUp(page);
  const order = await sell(page, token, {
    counterId: counter.counterId,
    variantId: item.variantId,
    qty: 2,
    methodId: cash,
    amount: 1508,
    tendered: 2000,
  });
  const number = order.number ?? "";
  expect(number).toMatch(new RegExp(`^${counter.code}-\\d{4}-\\d{6}$`));
  Object.assign(paid, { id: order.id, number, line: item.line });

  await openAsAccounts(page, ADMIN, ORDER_VIEW);
  await expect(page.getByRole("heading", { level: 1, name: "Order View" })).toBeVisible();
  // Full screen: no sidebar.
  await expect(page.getByTestId("accounts-sidebar")).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search number or token" }).fill(number);
  const row = page.getByRole("row", { name: `Order ${number}` });
  await expect(row).toContainText("1,508.00");
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("Take-away");
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/order-view-list.png` });

  await row.click();
  const detail = drawer(page);
  await expect(detail.getByTestId("order-title")).toHaveText(`Order ${number}`);
  const log = detail.getByRole("table", { name: "Operation log" });
  await expect(log.getByRole("row").filter({ hasText: `Added 2 × ${item.line}` })).toContainText(SALES_DEVICE);
  await expect(log).toContainText("Paid 1,508.00 cash");
  await expect(detail.getByRole("table", { name: "Order lines" })).toContainText(item.line);
  await expect(detail.getByTestId("order-total")).toHaveText("1,508.00");
  await log.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/order-view-detail.png` });

  // Reprint: the receipt marked as a copy.
  const reprinted = page.waitForResponse((response) =>
    response.url().includes(`/api/pos/order/${order.id}/receipt?format=pdf&reprint=1`),
  );
  await detail.getByRole("button", { name: "Reprint" }).click();
  const copy = await reprinted;
  expect(copy.status()).toBe(200);
  expect(await copy.headerValue("content-type")).toContain("application/pdf");
  const receipt = page.getByRole("dialog", { name: `Receipt copy · ${number}` });
  await expect(receipt.getByTitle(`Receipt ${number}`)).toBeVisible();
  await receipt.getByRole("button", { name: "Close" }).click();
  await expect(receipt).toHaveCount(0);
});

test("a refund of 1 of the 2, refused above what was sold, approved by a supervisor", async ({ page }) => {
  const token = await adminToken(page);
  const reasons = voidReasonListSchema.parse(await apiJson(page, token, "GET", "/api/pos/void_reason")).data;
  // A fresh install seeds four void reasons; a refund needs one.
  expect(reasons.length).toBeGreaterThan(0);
  await openAsAccounts(page, ADMIN, ORDER_VIEW);
  // A link to an order (Day Close's open orders, a voucher's orders) opens its detail.
  await page.goto(`${ORDER_VIEW}?order=${paid.id}`);
  const detail = drawer(page);
  await detail.getByRole("button", { name: "Refund" }).click();
  const refund = page.getByRole("dialog", { name: `Refund ${paid.number}` });
  await refund.getByRole("checkbox", { name: `Refund ${paid.line}` }).check();
  await refund.getByRole("textbox", { name: `Refund quantity of ${paid.line}` }).fill("3");
  await expect(refund).toContainText("At most 2");
  await refund.getByRole("textbox", { name: `Refund quantity of ${paid.line}` }).fill("1");
  await refund.getByRole("combobox", { name: "Money back by" }).click();
  await page.getByRole("option", { name: "Cash" }).click();
  await refund.getByRole("combobox", { name: "Reason" }).click();
  await page.getByRole("option", { name: reasons[0]?.name }).click();
  await expect(refund.getByTestId("refund-estimate")).toContainText("754.00");
  await page.screenshot({ path: `${SHOTS}/order-view-refund.png` });
  await refund.getByRole("button", { name: "Refund" }).click();
  const supervisor = page.getByRole("dialog", { name: "Supervisor approval" });
  await supervisor.getByRole("textbox", { name: "Supervisor user name" }).fill(ADMIN.userName);
  await supervisor.getByLabel("Supervisor password").fill("not the password");
  await supervisor.getByRole("button", { name: "Approve" }).click();
  await expect(supervisor.getByRole("alert")).toContainText("Supervisor user name or password is wrong");
  await supervisor.getByLabel("Supervisor password").fill(ADMIN.password);
  await supervisor.getByRole("button", { name: "Approve" }).click();
  const done = page.getByRole("dialog", { name: "Success" });
  await expect(done).toContainText("754.00 back by Cash");
  await done.getByRole("button", { name: "Ok" }).click();

  const after = posOrderDetailSchema.parse(
    await apiJson(page, await storedToken(page), "GET", `/api/pos/order/${paid.id}`),
  );
  expect(after.lines[0]?.refundedQty).toBe(1);
  await expect(detail.getByRole("table", { name: "Order lines" })).toContainText("1 refunded");
  // The refund is an order of its own in the day's list.
  await page.getByRole("button", { name: "Close the order" }).click();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Refund" }).click();
  await expect(page.getByRole("table", { name: "Orders" })).toContainText("-754.00");
});

test("the pickup board shows a paid take-away while the kitchen has it, until it is picked up", async ({ page }) => {
  const { token, counter, item, cash } = await setUp(page);
  const order = await sell(page, token, {
    counterId: counter.counterId,
    variantId: item.variantId,
    qty: 1,
    methodId: cash,
    amount: 754,
  });
  expect(order.kitchenStatus).toBe("new");

  await openAsAccounts(page, ADMIN, `${ORDER_VIEW}?board=1`);
  const preparing = page.getByRole("region", { name: "Preparing" });
  await expect(preparing.getByTestId(`token-${order.token}`)).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/order-view-pickup-board.png` });

  await page.getByRole("button", { name: "Orders" }).click();
  await page.getByRole("searchbox", { name: "Search number or token" }).fill(order.number ?? "");
  await page.getByRole("row", { name: `Order ${order.number}` }).click();
  await drawer(page).getByRole("button", { name: "Mark picked up" }).click();
  await expect(page.getByRole("dialog", { name: "Success" })).toContainText(`Token ${order.token} picked up`);
  await page.getByRole("dialog", { name: "Success" }).getByRole("button", { name: "Ok" }).click();
  await page.getByRole("button", { name: "Close the order" }).click();
  await page.getByRole("button", { name: "Pickup board" }).click();
  await expect(page.getByRole("region", { name: "Preparing" })).toBeVisible();
  await expect(page.getByTestId(`token-${order.token}`)).toHaveCount(0);
});

test("Order View alone: the home tile opens the day's orders read-only, with no refund", async ({ page }) => {
  await openAsAccounts(page, USERS.orderViewer, HOME);
  await page.getByTestId("home-tile-Order View").click();
  await expect(page).toHaveURL(at(ORDER_VIEW));
  await expect(page.getByRole("heading", { level: 1, name: "Order View" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search number or token" }).fill(paid.number);
  await page.getByRole("row", { name: `Order ${paid.number}` }).click();
  const detail = drawer(page);
  await expect(detail.getByRole("table", { name: "Operation log" })).toContainText(`Added 2 × ${paid.line}`);
  await expect(detail.getByRole("button", { name: "Reprint" })).toBeVisible();
  await expect(detail.getByRole("button", { name: "Refund" })).toHaveCount(0);
  // Counters and tables come from the POS start-up data, which this user may not read.
  await expect(page.getByRole("combobox", { name: "Counter" })).toHaveCount(0);
});
