import { randomUUID } from "node:crypto";
import {
  dayClosePreviewSchema,
  dayOpenCurrentSchema,
  integrationSettingsSchema,
  stockBalanceSchema,
  stockLocationRowSchema,
} from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { z } from "zod";
import { companyDay, companyToday } from "./dates";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, openAsAccounts, test } from "./helpers";
import { bootstrap, closeOpenDay, kitchenItem, methodOf, sell } from "./pos-days-helpers";
import { adminToken, apiJson, posTag } from "./pos-helpers";
import { pdfText } from "./rates-helpers";

/** Screenshots of the screens (E2E_SCREENS_DIR, else test-results/screens). */
const SHOTS = process.env.E2E_SCREENS_DIR ?? "test-results/screens";
const DAY_OPEN = "/setting/opening";
const DAY_CLOSE = "/setting/closing";
const DAY_RECORD = "/setting/dayOpen_record";

test.describe.configure({ mode: "serial", timeout: 180_000 });

/** Shared by the serial tests of this file: the counter opened on Day Open and the day's sales. */
const state = { tag: posTag(), counterId: 0, code: "", businessDate: "", dayId: 0, orders: [] as string[] };

test("Accounts Integration: the POS accounts Day Close posts to, seeded on a fresh chart", async ({ page }) => {
  await openAsAccounts(page, ADMIN, "/setting/MasterControl/addMasterControl");
  const section = page.getByRole("region", { name: "POS accounts" });
  await expect(section.getByRole("heading", { name: "POS (Day Close)" })).toBeVisible();
  await expect(section.getByRole("combobox", { name: "Sales Tax Payable Account" })).toHaveValue(/SALES TAX PAYABLE/);
  await expect(section.getByRole("combobox", { name: "Cash Over/Short Account" })).toHaveValue(/CASH OVER\/SHORT/);
  await expect(section.getByRole("combobox", { name: "Card Clearing Account" })).toHaveValue(/CARD CLEARING/);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/pos-days-integration-form.png` });
  await page.goto("/setting/MasterControl/listMasterControl");
  const table = page.getByRole("table", { name: "POS accounts" });
  await expect(table.getByRole("row", { name: /Safe Cash Account/ })).toContainText("SAFE CASH");
  await expect(table.getByRole("row", { name: /POS Sales Account/ })).toContainText("SALES - FOOD");
});

test("Day Open: this file's counter opened with its float counted note by note, beside its book balance", async ({
  page,
}) => {
  const token = await adminToken(page);
  await closeOpenDay(page, token);
  // Yesterday: a day may not be dated after today and each date opens once, so today stays free for
  // the register's tests on this database (Order View's spec dates its day two days back).
  state.businessDate = companyDay(-1);
  state.code = `D${state.tag}`.slice(0, 10);
  const counter = (await apiJson(page, token, "POST", "/api/setting/counter", {
    code: state.code,
    name: `Day ${state.tag}`,
    cashAccountId: null,
    createCashAccount: true,
    receiptPrinterId: null,
    defaultOrderType: "take_away",
  })) as { data: { id: number; cashAccountId: number } };
  state.counterId = counter.data.id;
  await fundCounterCash(page, token, counter.data.cashAccountId, 5000);
  const current = dayOpenCurrentSchema.parse(await apiJson(page, token, "GET", "/api/setting/day_open/current"));

  await openAsAccounts(page, ADMIN, DAY_OPEN);
  const form = page.getByRole("form", { name: "Open the business day" });
  await expect(form.getByRole("textbox", { name: "Business date" })).toHaveValue(current.defaultBusinessDate);
  await form.getByRole("textbox", { name: "Business date" }).fill(state.businessDate);
  // Only this file's counter opens.
  for (const other of current.counters.filter((candidate) => candidate.id !== state.counterId))
    await form.getByRole("checkbox", { name: `Open ${other.code}` }).uncheck();
  const card = form.getByRole("region", { name: `Counter ${state.code}` });
  await card.getByRole("combobox", { name: `Cashier of ${state.code}` }).click();
  await page.getByRole("option", { name: new RegExp(`\\(${USERS.posCashier.userName}\\)`) }).click();
  await card.getByRole("switch", { name: "Count notes" }).check();
  await card.getByRole("textbox", { name: `${state.code} opening float: count of 5,000.00` }).fill("1");
  await expect(card.getByTestId(`${state.code}-float`)).toHaveText("5,000.00");
  await expect(card.getByText("Matches the book balance")).toBeVisible();
  await card.getByRole("textbox", { name: `${state.code} opening float: count of 1,000.00` }).fill("1");
  await expect(card.getByTestId("float-difference")).toHaveText("1,000.00 over against the book");
  await card.getByRole("textbox", { name: `${state.code} opening float: count of 1,000.00` }).fill("");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/pos-days-open.png`, fullPage: true });
  await form.getByRole("button", { name: "Open day" }).click();
  const done = page.getByRole("dialog", { name: "Success" });
  await expect(done).toContainText("1 counter open");
  await done.getByRole("button", { name: "Ok" }).click();

  await expect(page.getByTestId("open-day-date")).toBeVisible();
  const opened = dayOpenCurrentSchema.parse(await apiJson(page, token, "GET", "/api/setting/day_open/current"));
  state.dayId = opened.day?.id ?? 0;
  const sessions = page.getByRole("table", { name: "Counter sessions" });
  await expect(sessions.getByRole("row", { name: new RegExp(state.code) })).toContainText("5,000.00");

  // One more counter in the open day.
  await page.getByRole("button", { name: "Open counter A01" }).click();
  const dialog = page.getByRole("dialog", { name: "Open counter A01" });
  await dialog.getByRole("combobox", { name: "Cashier of A01" }).click();
  await page.getByRole("option", { name: new RegExp(`\\(${USERS.posCashier.userName}\\)`) }).click();
  await dialog.getByRole("textbox", { name: "A01 opening float" }).fill("abc");
  await dialog.getByRole("button", { name: "Open counter" }).click();
  await expect(dialog).toContainText("Opening float must be 0 or more with at most 2 decimals");
  await dialog.getByRole("textbox", { name: "A01 opening float" }).fill("0");
  await page.screenshot({ path: `${SHOTS}/pos-days-open-counter.png` });
  await dialog.getByRole("button", { name: "Open counter" }).click();
  await expect(page.getByRole("dialog", { name: "Success" })).toContainText("Counter opened: A01");
  await page.getByRole("dialog", { name: "Success" }).getByRole("button", { name: "Ok" }).click();
  await expect(sessions.getByRole("row", { name: /^A01/ })).toContainText("open");
  await page.screenshot({ path: `${SHOTS}/pos-days-open-status.png`, fullPage: true });
});

/**
 * The float handed to the counter from the main cash (a CPV, approved): the counter cash account's
 * book balance then equals the float counted at Day Open, as in the worked example (design 7.3).
 */
async function fundCounterCash(page: Page, token: string, cashAccountId: number, amount: number) {
  const settings = integrationSettingsSchema.parse(
    await apiJson(page, token, "GET", "/api/setting/account_integration"),
  );
  const added = (await apiJson(page, token, "POST", "/api/voucher/add_voucher", {
    voucherTypeId: 1,
    levelFourId: settings.defaultCashAccountId,
    voucherData: [
      {
        levelFourId: cashAccountId,
        voucherAmount: amount,
        accountType: 2,
        voucherDate: state.businessDate,
        voucherDescription: `Float for counter ${state.code}`,
      },
    ],
  })) as { _id: number };
  await apiJson(page, token, "PUT", `/api/voucher/approve_voucher/${added._id}`, { status: "Approve" });
}

/** The store side of the worked example (design 7.3): 10 kg @ 200 on credit, 5 kg @ 260 cash, 3 kg to the kitchen. */
async function stockTheKitchen(page: Page, token: string) {
  const post = (url: string, data: object) => apiJson(page, token, "POST", url, data);
  const units = (await apiJson(page, token, "GET", "/api/uom")) as { uomId: number; uomName: string }[];
  const kg = units.find((unit) => unit.uomName === "KG")?.uomId ?? 0;
  const vendor = ((await post("/api/inventory/vendor", { name: `Poultry ${state.tag}` })) as { data: { id: number } })
    .data;
  const chicken = (await post("/api/inventory/store_product", { name: `Chicken ${state.tag}`, stockUomId: kg })) as {
    data: { id: number };
  };
  const locations = z
    .array(stockLocationRowSchema)
    .parse(await apiJson(page, token, "GET", "/api/inventory/stock_location"));
  const store = locations.find((location) => location.kind === "store")?.id ?? 0;
  const kitchen = locations.find((location) => location.kind === "kitchen")?.id ?? 0;
  const grn = (qty: number, unitCost: number, payment: "credit" | "cash") =>
    post("/api/inventory/receiving", {
      vendorId: vendor.id,
      businessDate: state.businessDate,
      locationId: store,
      payment,
      lines: [{ storeProductId: chicken.data.id, qty, uomId: kg, unitCost }],
      post: true,
    });
  await grn(10, 200, "credit");
  await grn(5, 260, "cash");
  await post("/api/inventory/issuance", {
    fromLocationId: store,
    toLocationId: kitchen,
    businessDate: state.businessDate,
    lines: [{ storeProductId: chicken.data.id, qty: 3, uomId: kg }],
    post: true,
  });
  return { chickenId: chicken.data.id, kitchen };
}

test("Day Close: 10.00 short at the counter, Close day, the Z report, the vouchers on DayOpen Record with their orders", async ({
  page,
}) => {
  const token = await adminToken(page);
  const { chickenId } = await stockTheKitchen(page, token);
  const item = await kitchenItem(page, token, state.tag, 1000, { storeProductId: chickenId, qty: 0.15 });
  const boot = await bootstrap(page, token, state.counterId);
  const cash = await sell(page, token, {
    counterId: state.counterId,
    variantId: item.variantId,
    qty: 1,
    methodId: methodOf(boot, "cash"),
    amount: 1160,
  });
  const card = await sell(page, token, {
    counterId: state.counterId,
    variantId: item.variantId,
    qty: 1,
    methodId: methodOf(boot, "card"),
    amount: 1050,
    reference: "4242",
  });
  state.orders = [cash.number ?? "", card.number ?? ""];
  // The cashier opened the drawer once without a sale (the register's Open drawer).
  await apiJson(page, token, "POST", "/api/pos/no_sale", {
    clientUuid: `drawer-${randomUUID()}`,
    counterId: state.counterId,
  });
  // A01, opened on Day Open with nothing sold, is counted as expected here; this file's counter on the screen.
  const preview = dayClosePreviewSchema.parse(
    await apiJson(page, token, "GET", `/api/setting/day_close/preview?dayId=${state.dayId}`),
  );
  const a01 = preview.counters.find((session) => session.counterCode === "A01");
  await apiJson(page, token, "POST", `/api/setting/day_close/session/${a01?.id}`, {
    counted: Object.fromEntries(
      (a01?.methods ?? [])
        .filter((method) => method.countedAtClose)
        .map((method) => [String(method.methodId), method.expected]),
    ),
  });

  await openAsAccounts(page, ADMIN, DAY_CLOSE);
  const counter = page.getByRole("region", { name: `Counter ${state.code}` });
  await expect(counter).toContainText("expected cash 6,160.00");
  await counter.getByRole("textbox", { name: `Counted Cash at ${state.code}` }).fill("6150");
  await counter.getByRole("textbox", { name: `Counted Card at ${state.code}` }).fill("1050");
  await expect(counter.getByTestId(`difference-${state.code}-Cash`)).toHaveText("10.00 short");
  await expect(counter.getByTestId(`difference-${state.code}-Card`)).toHaveText("0.00");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/pos-days-close-counting.png`, fullPage: true });
  await counter.getByRole("button", { name: `Close counter ${state.code}` }).click();
  const confirmCounter = page.getByRole("dialog", { name: `Close counter ${state.code}` });
  await expect(confirmCounter).toContainText("10.00 short");
  const xReport = page.waitForEvent("popup");
  await confirmCounter.getByRole("button", { name: "Close counter" }).click();
  await (await xReport).close();
  const closedCounter = page.getByRole("dialog", { name: "Success" });
  await expect(closedCounter).toContainText("10.00 short");
  await closedCounter.getByRole("button", { name: "Ok" }).click();
  await expect(counter.getByText("closed", { exact: true })).toBeVisible();

  const sales = page.getByRole("table", { name: "Sales JV" });
  await expect(sales.getByRole("row", { name: /CASH OVER\/SHORT/ })).toContainText("10.00");
  await expect(page.getByRole("table", { name: "COGS JV" })).toContainText("66.00");
  await expect(page.getByTestId("figure-Drawer opened, no sale")).toHaveText("1");
  await page.screenshot({ path: `${SHOTS}/pos-days-close-ready.png`, fullPage: true });

  await page.getByRole("button", { name: "Close day" }).click();
  const confirmDay = page.getByRole("dialog", { name: "Close the business day" });
  const zWindow = page.waitForEvent("popup");
  const zAnswer = page.waitForResponse((response) => /\/api\/setting\/day\/\d+\/z_report\.pdf$/.test(response.url()));
  await confirmDay.getByRole("button", { name: "Close day" }).click();
  const z = await zAnswer;
  expect(z.status()).toBe(200);
  expect(await z.headerValue("content-type")).toContain("application/pdf");
  const zFile = await page.request.get(z.url(), { headers: { authorization: `Bearer ${token}` } });
  const zText = pdfText(await zFile.body());
  await (await zWindow).close();
  const closed = page.getByTestId("day-closed");
  await expect(closed).toContainText(/Z-[A-Z]-\d{4}-\d{5}/);
  const zNumber = /Z-[A-Z]-\d{4}-\d{5}/.exec((await closed.textContent()) ?? "")?.[0] ?? "";
  expect(zText).toContain(zNumber);
  expect(zText).toMatch(/Drawer opened, no sale\s+1\s/);
  const salesNo = /Sales voucher (JV-\d{4}-\d{5})/.exec((await closed.textContent()) ?? "")?.[1] ?? "";
  expect(salesNo).not.toBe("");
  await page.screenshot({ path: `${SHOTS}/pos-days-closed.png`, fullPage: true });

  await closed.getByRole("link", { name: "DayOpen Record" }).click();
  await expect(page).toHaveURL(at(DAY_RECORD));
  const days = page.getByRole("table", { name: "Business days" });
  const day = days.getByRole("row").filter({ hasText: salesNo });
  await expect(day).toContainText(/JV-\d{4}-\d{5}.*JV-\d{4}-\d{5}/);
  await expect(day).toContainText("closed");
  await expect(day).toContainText("6,150.00expected 6,160.00 · 10.00 short");
  await page.screenshot({ path: `${SHOTS}/pos-days-record.png`, fullPage: true });
  // The Z report again: the figures frozen at close.
  const again = page.waitForResponse((response) => /\/api\/setting\/day\/\d+\/z_report\.pdf$/.test(response.url()));
  const againWindow = page.waitForEvent("popup");
  await day.getByRole("button", { name: `Z report of ${state.businessDate}` }).click();
  const reprint = await page.request.get((await again).url(), { headers: { authorization: `Bearer ${token}` } });
  expect(pdfText(await reprint.body())).toBe(zText);
  await (await againWindow).close();
  await day.getByRole("button", { name: `Sales voucher ${salesNo}` }).click();
  const voucher = page.getByRole("dialog", { name: `Voucher ${salesNo}` });
  const orders = voucher.getByRole("table", { name: "Orders of the voucher" });
  for (const number of state.orders) await expect(orders).toContainText(number);
  await page.screenshot({ path: `${SHOTS}/pos-days-voucher-sources.png` });
  await voucher.getByRole("button", { name: "Close" }).click();
  await day.getByRole("button", { name: /Show sessions of/ }).click();
  await expect(page.getByRole("table", { name: /Counter sessions of/ })).toContainText("10.00 short");

  // And back from the voucher to an order: Order View shows the voucher it was posted with.
  await day.getByRole("button", { name: `Sales voucher ${salesNo}` }).click();
  await voucher.getByRole("link", { name: state.orders[0] }).click();
  await expect(page).toHaveURL(at("/order"));
  await expect(page.getByTestId("order-title")).toHaveText(`Order ${state.orders[0]}`);
  await expect(page.getByRole("button", { name: salesNo })).toBeVisible();
});

test("after the close the trial balance balances and the Kitchen Inventory ledger equals the kitchen's stock value", async ({
  page,
}) => {
  const token = await adminToken(page);
  const settings = integrationSettingsSchema.parse(
    await apiJson(page, token, "GET", "/api/setting/account_integration"),
  );
  const kitchenAccount = settings.accounts.kitchenInventoryAccountId;
  expect(kitchenAccount, "a Kitchen Inventory account").toBeTruthy();
  const locations = z
    .array(stockLocationRowSchema)
    .parse(await apiJson(page, token, "GET", "/api/inventory/stock_location"));
  const kitchen = locations.find((location) => location.kind === "kitchen")?.id ?? 0;
  const until = companyToday();
  const stock = stockBalanceSchema.parse(
    await apiJson(page, token, "GET", `/api/inventory/stock_balance?locationId=${kitchen}&asOf=${until}`),
  );

  await openAsAccounts(page, ADMIN, `/accounts/trial-balance-report?from=2000-01-01&to=${until}`);
  const totals = page.getByTestId("trial-totals").getByRole("cell");
  await expect(totals.first()).toHaveText("Total");
  const cells = await totals.allTextContents();
  expect(cells[1]).toBe(cells[2]);
  expect(cells[3]).toBe(cells[4]);
  expect(cells[5]).toBe(cells[6]);
  const row = page.getByRole("row", { name: `Open the ledger of ${kitchenAccount?.name}`, exact: true });
  const closingDebit = (await row.getByRole("cell").allTextContents())[5];
  const value = stock.totalValue.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  expect(closingDebit).toBe(value);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/pos-days-trial-balance.png`, fullPage: true });
});

test("Reports > Restaurant Sales: the closed day by item and by counter, as on the Z report; its XLSX downloads", async ({
  page,
}) => {
  await openAsAccounts(page, ADMIN, "/report/sales");
  const form = page.getByRole("form", { name: "Restaurant sales" });
  await form.getByLabel("Start Date").fill(state.businessDate);
  await form.getByLabel("End Date").fill(state.businessDate);
  await form.getByRole("button", { name: "Generate Sales Report" }).click();
  // The day's two sales of this file's Zinger, 1,000.00 before tax each, one cash and one card.
  const zinger = page.getByRole("row", { name: new RegExp(`^Zinger ${state.tag} L ${state.tag} `) });
  await expect(zinger.getByRole("cell")).toHaveText([
    `Zinger ${state.tag} L ${state.tag}`,
    "2",
    "0",
    "2",
    "2,000.00",
    "0.00",
    "2,000.00",
  ]);
  await expect(page.getByTestId("sales-period")).toHaveText(
    `Business days ${state.businessDate} to ${state.businessDate}`,
  );

  await form.getByRole("combobox", { name: "Group By" }).click();
  await page.getByRole("option", { name: "Counter", exact: true }).click();
  await form.getByRole("button", { name: "Generate Sales Report" }).click();
  const counter = page.getByRole("row", { name: new RegExp(`^${state.code} `) });
  // Cash at 16% (1,160.00) and card at 5% (1,050.00): tax 210.00, total 2,210.00.
  await expect(counter.getByRole("cell")).toHaveText([
    new RegExp(`^${state.code} `),
    "2",
    "0",
    "2,000.00",
    "0.00",
    "210.00",
    "2,210.00",
  ]);
  await page.screenshot({ path: `${SHOTS}/report-sales-by-counter.png` });
  const download = page.waitForEvent("download");
  await page.getByTestId("report-xlsx").click();
  expect((await download).suggestedFilename()).toBe(
    `sales-by-counter-${state.businessDate}-${state.businessDate}.xlsx`,
  );

  // Waste, from the module's menu: nothing was voided for waste that day.
  await page.getByRole("link", { name: "Waste", exact: true }).click();
  await expect(page).toHaveURL(at("/report/waste"));
  const waste = page.getByRole("form", { name: "Waste" });
  await waste.getByLabel("Start Date").fill(state.businessDate);
  await waste.getByLabel("End Date").fill(state.businessDate);
  await waste.getByRole("button", { name: "Generate Waste Report" }).click();
  await expect(page.getByText("Nothing was wasted on these business days.")).toBeVisible();
  await expect(page.getByTestId("waste-value")).toHaveText("0.00");
});
