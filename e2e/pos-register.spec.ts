import type { Page } from "@playwright/test";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, HOME, openAsAccounts, test } from "./helpers";
import {
  adminToken,
  apiJson,
  cashierWithCounter,
  minorOfText,
  orderDetail,
  posTag,
  restoreOutletSettingsAfterEach,
  scanWedge,
} from "./pos-helpers";

/** Where screenshots of the register go (E2E_SCREENS_DIR, else test-results/screens). */
const SHOTS = process.env.E2E_SCREENS_DIR ?? "test-results/screens";

test.describe.configure({ timeout: 120_000 });
restoreOutletSettingsAfterEach();

/**
 * Signs the cashier in, makes this test's counter (opened for them) and menu, and opens /pos from
 * the home tile on this device's counter.
 */
async function openRegister(page: Page) {
  const { admin, menu, counter } = await cashierWithCounter(page);
  await page.reload();
  await page.getByTestId("home-tile-POS").click();
  await expect(page).toHaveURL(at("/pos"));
  await expect(page.getByRole("heading", { level: 1, name: "POS" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Counter ${counter.code}, change counter` })).toBeVisible();
  await page.getByRole("tab", { name: menu.category }).click();
  return { admin, menu, counter };
}

const tile = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name},`) });
const lines = (page: Page) => page.getByRole("list", { name: "Order lines" }).getByRole("listitem");
/** Taps a menu item inside the page and answers the milliseconds until the order's total shows a new figure. */
function msToNewTotal(page: Page, item: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const figure = document.querySelector('[data-testid="order-total"] dd');
        const button = [...document.querySelectorAll("button")].find((candidate) =>
          candidate.getAttribute("aria-label")?.startsWith(`${name},`),
        );
        if (!figure || !button) return reject(new Error("no total or no tile"));
        const before = figure.textContent;
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (figure.textContent === before) return;
          observer.disconnect();
          resolve(performance.now() - start);
        });
        observer.observe(figure, { childList: true, characterData: true, subtree: true });
        button.click();
      }),
    item,
  );
}

const total = async (page: Page) => minorOfText(await page.getByTestId("order-total").locator("dd").innerText());

test("a take-away sale: Zinger L and a drink, paid 2,000 cash, shows the change and the receipt, and the order is paid", async ({
  page,
}) => {
  const { admin, menu } = await openRegister(page);
  // The full-screen layout: no sidebar.
  await expect(page.getByTestId("accounts-sidebar")).toHaveCount(0);

  await tile(page, menu.zinger).click();
  const sizes = page.getByRole("dialog", { name: `${menu.zinger}: choose size and flavour` });
  await sizes.getByRole("button", { name: new RegExp(`^${menu.large},`) }).click();
  await tile(page, menu.drink).click();
  await expect(lines(page)).toHaveCount(2);
  // A tap's new total is worked out on the device: no order request goes out. Its time (design
  // target 50 ms) is reported with the test, not asserted: the machine is shared and noisy.
  const orderRequests: string[] = [];
  const onRequest = (request: { url: () => string }) => {
    if (new URL(request.url()).pathname.startsWith("/api/pos/order")) orderRequests.push(request.url());
  };
  page.on("request", onRequest);
  const tapMs = await msToNewTotal(page, menu.drink);
  page.off("request", onRequest);
  expect(orderRequests).toEqual([]);
  test.info().annotations.push({ type: "tap to new total (ms)", description: tapMs.toFixed(1) });
  await expect(page.getByRole("listitem", { name: `${menu.drink}, quantity 2` })).toBeVisible();
  await page.getByRole("button", { name: `One less ${menu.drink}` }).click();
  await expect(page.getByRole("listitem", { name: `${menu.drink}, quantity 1` })).toBeVisible();
  // 650 + 150 with 16% tax, worked out on the device.
  await expect.poll(() => total(page)).toBe(92_800);

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/pos-register-1366.png`, animations: "disabled" });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${SHOTS}/pos-register-1024.png`, animations: "disabled" });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect.poll(overflow, { message: "the register is wider than a 1024 px tablet by" }).toBe(0);

  await page.getByRole("button", { name: /^Pay/ }).click();
  const pay = page.getByRole("dialog", { name: "Pay" });
  await expect(pay.getByRole("button", { name: "Cash" })).toHaveAttribute("aria-pressed", "true");
  await expect(pay.getByLabel("Amount due")).toHaveText("928.00");
  await pay.getByRole("textbox", { name: "Cash tendered" }).fill("2000");
  await expect(pay.getByLabel("Change")).toHaveText("1,072.00");
  await page.screenshot({ path: `${SHOTS}/pos-pay-1024.png`, animations: "disabled" });
  const sale = page.waitForResponse(
    (response) => response.url().endsWith("/api/pos/order") && response.request().method() === "POST",
  );
  const receipt = page.waitForResponse((response) =>
    /\/api\/pos\/order\/\d+\/receipt\?format=pdf/.test(response.url()),
  );
  await pay.getByRole("button", { name: "Complete" }).click();
  const answer = await sale;
  expect(answer.status(), await answer.text()).toBe(200);
  const orderId = ((await answer.json()) as { id: number }).id;

  const paid = page.getByRole("dialog", { name: /^Paid/ });
  await expect(paid.getByLabel("Change to give")).toHaveText("1,072.00");
  await expect(paid.getByLabel("Token number")).toHaveText(/^\d+$/);
  const pdf = await receipt;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  await expect(paid.locator("iframe")).toHaveAttribute("src", /^blob:/);
  await page.screenshot({ path: `${SHOTS}/pos-receipt-1024.png`, animations: "disabled" });
  await paid.getByRole("button", { name: "New order" }).click();
  await expect(page.getByText("No items yet")).toBeVisible();

  const order = await orderDetail(page, admin, orderId);
  expect(order.status).toBe("paid");
  expect(order.total).toBe(928);
  expect(order.change).toBe(1072);
  expect(order.payments.map((payment) => [payment.methodName, payment.tendered])).toEqual([["Cash", 2000]]);
  expect(order.ops.map((op) => op.kind)).toContain("pay");
});

test("a 20% discount above the outlet's limit asks a supervisor: a wrong password is refused, the manager's works and the log names the manager", async ({
  page,
}) => {
  const { admin, menu } = await openRegister(page);
  // The outlet lets a cashier give 10% alone.
  const outlet = (await apiJson(page, admin, "GET", "/api/setting/outlet")) as {
    supervisorRules: Record<string, unknown>;
  };
  await apiJson(page, admin, "PUT", "/api/setting/outlet", {
    ...outlet,
    supervisorRules: { ...outlet.supervisorRules, maxDiscountBpWithoutApproval: 1000 },
  });
  await page.reload();
  await page.getByRole("tab", { name: menu.category }).click();

  await tile(page, menu.zinger).click();
  await page.getByRole("button", { name: new RegExp(`^${menu.large},`) }).click();
  await page.getByRole("button", { name: "Discount" }).click();
  const discount = page.getByRole("dialog", { name: "Discount on the whole order" });
  await discount.getByRole("button", { name: "20%" }).click();
  await discount.getByRole("button", { name: "Apply" }).click();

  const supervisor = page.getByRole("dialog", { name: "Supervisor approval" });
  await expect(supervisor).toContainText("20% off the order needs a supervisor");
  await supervisor.getByLabel("Supervisor user name").fill(USERS.posManager.userName);
  await supervisor.getByLabel("Supervisor password").fill("not-the-password");
  await supervisor.getByRole("button", { name: "Approve" }).click();
  await expect(supervisor.getByRole("alert")).toHaveText("Supervisor user name or password is wrong");
  await page.screenshot({ path: `${SHOTS}/pos-supervisor-1366.png`, animations: "disabled" });

  const created = page.waitForResponse(
    (response) => response.url().endsWith("/api/pos/order") && response.request().method() === "POST",
  );
  await supervisor.getByLabel("Supervisor password").fill(USERS.posManager.password);
  await supervisor.getByRole("button", { name: "Approve" }).click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(200);
  const orderId = ((await answer.json()) as { id: number }).id;
  await expect(supervisor).toBeHidden();
  // 650 less 20% = 520, with 16% tax.
  await expect.poll(() => total(page)).toBe(60_320);
  await expect(page.getByRole("list", { name: "Order totals" }).or(page.getByLabel("Order totals"))).toContainText(
    "-130.00",
  );

  const order = await orderDetail(page, admin, orderId);
  const approved = order.ops.find((op) => op.kind === "discount");
  expect(approved?.approvedBy?.name).toMatch(/POSMANAGER/);

  // Paid at once (exact cash), so the day holds no open order of this test.
  await page.getByRole("button", { name: /^Pay/ }).click();
  const pay = page.getByRole("dialog", { name: "Pay" });
  await pay.getByRole("button", { name: "Exact" }).click();
  await pay.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByRole("dialog", { name: /^Paid/ })).toBeVisible();
  expect((await orderDetail(page, admin, orderId)).status).toBe("paid");
});

test("dine-in: table and guests, a deal, a customer added at the till, a coupon and a scanned drink; sent to the kitchen, held, picked up again, billed, then paid part by card and the rest in cash", async ({
  page,
}) => {
  const { admin, menu } = await openRegister(page);
  const tag = menu.category.replace("Counter ", "");
  const hallId = (
    (await apiJson(page, admin, "POST", "/api/inventory/hall", { name: `Hall ${tag}` })) as { data: { id: number } }
  ).data.id;
  await apiJson(page, admin, "POST", "/api/inventory/table", { hallId, name: `T${tag}`, seats: 4 });
  await apiJson(page, admin, "POST", "/api/inventory/deal", {
    name: `Meal ${tag}`,
    categoryId: menu.categoryId,
    price: 600,
    fixed: [{ variantId: menu.zingerMediumId, qty: 1 }],
    choices: [
      {
        label: "Choose a drink",
        minChoose: 1,
        maxChoose: 1,
        options: [{ variantId: menu.colaId, qty: 1, isDefault: true }],
      },
    ],
  });
  await apiJson(page, admin, "POST", "/api/inventory/coupon", {
    code: `OFF${tag}`,
    name: `Fifty off ${tag}`,
    kind: "amount",
    value: 50,
  });
  await page.reload();
  await page.getByRole("tab", { name: menu.category }).click();

  await page.getByRole("button", { name: "Dine-in" }).click();
  await page.getByRole("combobox", { name: "Table" }).click();
  await page.getByRole("option", { name: `T${tag} · 4 seats` }).click();
  await page.getByRole("spinbutton", { name: "Guests" }).fill("2");

  await tile(page, `Meal ${tag}`).click();
  const deal = page.getByRole("dialog", { name: new RegExp(`^Meal ${tag}`) });
  await expect(deal.getByRole("radio", { name: menu.drink })).toBeChecked();
  await deal.getByRole("button", { name: "Add deal" }).click();
  // The drink by its barcode, as a keyboard-wedge scanner types it: a burst of keys a few ms apart.
  // (Sent inside the page in one go: keys typed through the test driver on a loaded machine arrive
  // further apart than a scanner's, which the register rightly takes for a person typing.)
  await page.getByRole("heading", { level: 1, name: "POS" }).click();
  await scanWedge(page, menu.colaBarcode);
  await expect(lines(page)).toHaveCount(2);

  const phone = `0300${String(Date.now()).slice(-7)}`;
  await page.getByRole("button", { name: "Customer" }).click();
  const customer = page.getByRole("dialog", { name: "Customer" });
  await customer.getByRole("textbox", { name: "Phone" }).fill(phone);
  await customer.getByRole("button", { name: "Search" }).click();
  await customer.getByRole("textbox", { name: "Customer name" }).fill(`Guest ${tag}`);
  await customer.getByRole("button", { name: "Add customer" }).click();
  await expect(page.getByText(`Guest ${tag} · ${phone}`)).toBeVisible();

  await page.getByRole("button", { name: "Coupon" }).click();
  const coupon = page.getByRole("dialog", { name: "Coupon" });
  await coupon.getByRole("textbox", { name: "Coupon code" }).fill(`OFF${tag}`);
  await coupon.getByRole("button", { name: "Apply coupon" }).click();
  await expect(coupon).toBeHidden();
  // 600 + 150 less the coupon's 50 = 700, with 16% tax.
  await expect.poll(() => total(page)).toBe(81_200);

  await page.getByRole("button", { name: "Send to kitchen" }).click();
  await expect(page.getByText(/^Sent to the kitchen: token \d+$/)).toBeVisible();
  await expect(lines(page).first().getByText("Sent")).toBeVisible();
  await page.getByRole("button", { name: "Hold" }).click();
  await expect(page.getByText(/^Order held: token \d+$/)).toBeVisible();
  await expect(page.getByText("No items yet")).toBeVisible();

  await page.getByRole("button", { name: "Register menu" }).click();
  await page.getByRole("menuitem", { name: "Held orders" }).click();
  await page
    .getByRole("dialog", { name: "Held orders" })
    .getByRole("button", { name: new RegExp(`T${tag}`) })
    .click();
  await expect(lines(page)).toHaveCount(2);
  await expect(page.getByText(`Guest ${tag} · ${phone}`)).toBeVisible();
  await expect.poll(() => total(page)).toBe(81_200);

  await page.getByRole("button", { name: "Print bill" }).click();
  const bill = page.getByRole("dialog", { name: /^Bill/ });
  await expect(bill).toContainText("not paid yet");
  await bill.getByRole("button", { name: "Close" }).click();

  const paying = page.waitForResponse(
    (response) =>
      /\/api\/pos\/order\/\d+\/ops$/.test(response.url()) &&
      response.request().method() === "POST" &&
      response.request().postData()?.includes('"pay"') === true,
  );
  await page.getByRole("button", { name: /^Pay/ }).click();
  const pay = page.getByRole("dialog", { name: "Pay" });
  await pay.getByRole("button", { name: "Card" }).click();
  // By card the food is taxed 5%: 700 x 1.05.
  await expect(pay.getByLabel("Amount due")).toHaveText("735.00");
  await pay.getByRole("textbox", { name: "Amount" }).fill("300");
  await pay.getByRole("textbox", { name: "Card reference" }).fill("4242");
  await pay.getByRole("button", { name: "Add part payment" }).click();
  await pay.getByRole("button", { name: "Cash" }).click();
  await pay.getByRole("button", { name: "Exact" }).click();
  await page.screenshot({ path: `${SHOTS}/pos-split-1366.png`, animations: "disabled" });
  await pay.getByRole("button", { name: "Complete" }).click();
  const answer = await paying;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByRole("dialog", { name: /^Paid/ })).toBeVisible();

  const order = await orderDetail(page, admin, ((await answer.json()) as { id: number }).id);
  expect([order.status, order.orderType, order.table?.name, order.guests, order.customer?.phone]).toEqual([
    "paid",
    "dine_in",
    `T${tag}`,
    2,
    phone,
  ]);
  expect(order.payments.map((payment) => [payment.methodName, payment.amount, payment.reference])).toEqual([
    ["Card", 300, "4242"],
    ["Cash", 480.58, ""],
  ]);
  // Tax by tender (D16): 300.00 by card covers a base of 285.71 at 5%, the cash the other 414.29 at 16%.
  expect([order.total, order.tax]).toEqual([780.58, 80.58]);
  expect(order.couponCode).toBe(`OFF${tag}`);
});

test("another device changes a held order meanwhile: the register re-applies its own change on the current order and keeps the other device's", async ({
  page,
}) => {
  const { admin, menu } = await openRegister(page);
  await tile(page, menu.drink).click();
  const created = page.waitForResponse(
    (response) => response.url().endsWith("/api/pos/order") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Hold" }).click();
  const orderId = ((await (await created).json()) as { id: number }).id;
  await expect(page.getByText("No items yet")).toBeVisible();
  await page.getByRole("button", { name: "Register menu" }).click();
  await page.getByRole("menuitem", { name: "Held orders" }).click();
  await page
    .getByRole("dialog", { name: "Held orders" })
    .getByRole("button", { name: /Take-away/ })
    .last()
    .click();
  await expect(lines(page)).toHaveCount(1);

  // A waiter's tablet notes the drink and adds a Zinger to the same order.
  const before = await orderDetail(page, admin, orderId);
  const drinkLine = before.lines[0]?.lineUuid ?? "";
  await apiJson(page, admin, "POST", `/api/pos/order/${orderId}/ops`, {
    expectedVersion: before.version,
    ops: [
      { opUuid: `note-${Date.now()}`, kind: "note", lineUuid: drinkLine, note: "no ice" },
      {
        opUuid: `add-${Date.now()}`,
        kind: "add_line",
        lineUuid: "tablet-line",
        variantId: menu.zingerMediumId,
        qty: 1,
      },
    ],
  });

  const conflicts: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(`/api/pos/order/${orderId}/ops`) && response.status() === 409) conflicts.push(409);
  });
  await page.getByRole("button", { name: `One more ${menu.drink}` }).click();
  await page.getByRole("button", { name: "Hold" }).click();
  await expect(page.getByText(/^Order held: token \d+$/)).toBeVisible();
  // The 409's response event may reach the test just after the page showed the retried hold.
  await expect.poll(() => conflicts, { message: "the stale version was refused once" }).toEqual([409]);
  const after = await orderDetail(page, admin, orderId);
  expect(after.lines.map((line) => [line.name, line.qty, line.note, line.status])).toEqual([
    [menu.drink, 2, "no ice", "pending"],
    [menu.zinger, 1, "", "pending"],
  ]);
});

test("a counter with no open session: a manager is sent to Day Open, a cashier is told to ask for it", async ({
  page,
}) => {
  const tag = posTag();
  await openAsAccounts(page, USERS.posCashier, HOME);
  const admin = await adminToken(page);
  const counter = (await apiJson(page, admin, "POST", "/api/setting/counter", {
    code: `N${tag}`.slice(0, 10),
    name: `Closed till ${tag}`,
    cashAccountId: null,
    createCashAccount: true,
    receiptPrinterId: null,
    defaultOrderType: "take_away",
  })) as { data: { id: number; code: string } };
  const remember = (id: number) => localStorage.setItem("cargodesk.device.pos.counterId", String(id));

  // The cashier's register asks the server about its own counter (GET /api/pos/session) and says so at once.
  await page.evaluate(remember, counter.data.id);
  await page.goto("/pos");
  await expect(page.getByRole("heading", { name: `Counter ${counter.data.code} is not open` })).toBeVisible();
  await expect(page.getByText("Ask a manager to open it on Day Open.")).toBeVisible();

  // The admin's register knows it at once and links to Day Open.
  await openAsAccounts(page, ADMIN, HOME);
  await page.evaluate(remember, counter.data.id);
  await page.goto("/pos");
  await expect(page.getByRole("heading", { name: `Counter ${counter.data.code} is not open` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pos-counter-closed-1366.png`, animations: "disabled" });
  await page.getByRole("link", { name: "Go to Day Open" }).click();
  await expect(page).toHaveURL(at("/setting/opening"));
});
