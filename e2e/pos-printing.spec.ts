import type { Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { expect, openAsAccounts, storedToken, test } from "./helpers";
import { apiJson, openCashierRegister, orderDetail, posTag, restoreOutletSettingsAfterEach } from "./pos-helpers";
import {
  connectSerialPrinter,
  containsBytes,
  DRAWER_KICK,
  ESC_INIT,
  installFakeSerialPrinter,
  printedJobs,
  printerBauds,
  printerChip,
} from "./printer-fakes";

/** Where screenshots go (E2E_SCREENS_DIR, else test-results/screens). */
const SHOTS = process.env.E2E_SCREENS_DIR ?? "test-results/screens";

test.describe.configure({ timeout: 120_000 });
restoreOutletSettingsAfterEach();

/** The cashier on this test's own counter and menu, with the fake printer installed. */
async function openRegister(page: Page) {
  await installFakeSerialPrinter(page);
  return openCashierRegister(page);
}

/** Zinger L and a drink (928.00), paid 2,000 in cash; answers the order id once the Paid dialog shows. */
async function cashSale(page: Page, menu: { zinger: string; large: string; drink: string }) {
  await page.getByRole("button", { name: new RegExp(`^${menu.zinger},`) }).click();
  await page
    .getByRole("dialog", { name: `${menu.zinger}: choose size and flavour` })
    .getByRole("button", { name: new RegExp(`^${menu.large},`) })
    .click();
  await page.getByRole("button", { name: new RegExp(`^${menu.drink},`) }).click();
  await page.getByRole("button", { name: /^Pay/ }).click();
  const pay = page.getByRole("dialog", { name: "Pay" });
  await pay.getByRole("textbox", { name: "Cash tendered" }).fill("2000");
  const sale = page.waitForResponse(
    (response) => response.url().endsWith("/api/pos/order") && response.request().method() === "POST",
  );
  await pay.getByRole("button", { name: "Complete" }).click();
  const answer = await sale;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByRole("dialog", { name: /^Paid/ })).toBeVisible();
  return ((await answer.json()) as { id: number }).id;
}

test("a serial receipt printer: connected from the top bar, a test print, a cash sale prints with the drawer kick, Open drawer is logged, and it reconnects after a reload", async ({
  page,
}) => {
  const { admin, menu, counter } = await openRegister(page);
  await connectSerialPrinter(page);
  // The till's receipts now print on the device: the top bar no longer offers "PDF receipts".
  await expect(page.getByText("PDF receipts")).toHaveCount(0);
  await page.setViewportSize({ width: 1024, height: 768 });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect.poll(overflow, { message: "the register is wider than a 1024 px tablet by" }).toBe(0);
  await printerChip(page).click();
  await expect(page.getByRole("menuitem", { name: "Forget printer" })).toBeVisible();
  // The menu grows in: wait for its paper to finish before the picture.
  await expect(page.locator(".MuiMenu-paper")).toHaveCSS("opacity", "1");
  await expect(page.locator(".MuiMenu-paper")).toHaveCSS("transform", "none");
  await page.screenshot({ path: `${SHOTS}/pos-printer-connected.png` });
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 720 });

  await printerChip(page).click();
  await page.getByRole("menuitem", { name: "Test print" }).click();
  await expect.poll(async () => (await printedJobs(page)).length).toBe(1);
  const [testPage] = await printedJobs(page);
  expect(testPage?.slice(0, 2)).toEqual(ESC_INIT);
  expect(String.fromCharCode(...(testPage ?? []))).toContain("CargoDesk test page");

  const escpos = page.waitForResponse((response) =>
    /\/api\/pos\/order\/\d+\/receipt\?format=escpos&kick=1$/.test(response.url()),
  );
  const orderId = await cashSale(page, menu);
  expect((await escpos).status()).toBe(200);
  const paid = page.getByRole("dialog", { name: /^Paid/ });
  await expect(paid.getByText("Sent to Serial printer 1a86:7523")).toBeVisible();
  const jobs = await printedJobs(page);
  expect(jobs).toHaveLength(2);
  const receipt = jobs[1] ?? [];
  expect(receipt.slice(0, 2)).toEqual(ESC_INIT);
  expect(containsBytes(receipt, DRAWER_KICK)).toBe(true);
  const order = await orderDetail(page, admin, orderId);
  expect(String.fromCharCode(...receipt)).toContain(order.number ?? "no number");
  // The PDF stays beside it for a reprint in any browser.
  await expect(paid.locator("iframe")).toHaveAttribute("src", /^blob:/);
  await expect(paid.getByRole("button", { name: "Print PDF" })).toBeEnabled();
  await page.screenshot({ path: `${SHOTS}/pos-printer-receipt.png` });
  await paid.getByRole("button", { name: "New order" }).click();

  const noSale = page.waitForResponse((response) => response.url().endsWith("/api/pos/no_sale"));
  await page.getByRole("button", { name: "Register menu" }).click();
  await page.getByRole("menuitem", { name: "Open drawer" }).click();
  const logged = await noSale;
  expect(logged.status(), await logged.text()).toBe(200);
  expect(((await logged.json()) as { data: { counterId: number } }).data.counterId).toBe(counter.counterId);
  await expect.poll(async () => (await printedJobs(page)).length).toBe(3);
  expect((await printedJobs(page))[2]).toEqual([...ESC_INIT, 0x1b, 0x70, 0, 50, 250]);

  // This printer's DIP switches say 19200 baud: the port is opened again at that speed.
  await printerChip(page).click();
  await page.getByRole("menuitem", { name: /^Speed: 9600 baud/ }).click();
  await page.getByRole("menu", { name: "Serial printer speed" }).getByRole("menuitem", { name: "19200 baud" }).click();
  await expect.poll(() => printerBauds(page)).toEqual([9600, 19200]);
  await expect(printerChip(page)).toHaveAccessibleName("Receipt printer: Connected");

  // The device remembers the printer and its speed; the browser still grants the port, so it reopens on its own.
  await page.reload();
  await expect(printerChip(page)).toHaveAccessibleName("Receipt printer: Connected");
  expect(await printerBauds(page)).toEqual([19200]);
  await apiJson(page, admin, "GET", `/api/pos/order/${orderId}`);
});

test("a failing printer shows a red message after payment and never blocks the sale; the PDF is the fallback", async ({
  page,
}) => {
  const { admin, menu } = await openRegister(page);
  await connectSerialPrinter(page);
  await page.evaluate(() => {
    (window as unknown as { printerFails: boolean }).printerFails = true;
  });

  const orderId = await cashSale(page, menu);
  const paid = page.getByRole("dialog", { name: /^Paid/ });
  const alert = paid.getByRole("alert");
  await expect(alert).toContainText("The receipt did not print on Serial printer 1a86:7523");
  await expect(alert).toContainText("The device has been lost. The sale is saved");
  await expect(alert).toContainText("print the PDF instead");
  await expect(paid.getByLabel("Change to give")).toHaveText("1,072.00");
  await expect(paid.locator("iframe")).toHaveAttribute("src", /^blob:/);
  // Behind the modal dialog (aria-hidden there), the chip already says so.
  await expect(printerChip(page)).toHaveAttribute("aria-label", "Receipt printer: Error");
  await page.screenshot({ path: `${SHOTS}/pos-printer-failed.png` });
  await paid.getByRole("button", { name: "New order" }).click();
  await expect(page.getByText("No items yet")).toBeVisible();

  const order = await orderDetail(page, admin, orderId);
  expect(order.status).toBe("paid");
  expect(await printedJobs(page)).toEqual([]);

  // The printer back: the next print reopens it.
  await page.evaluate(() => {
    (window as unknown as { printerFails: boolean }).printerFails = false;
  });
  await printerChip(page).click();
  await page.getByRole("menuitem", { name: "Test print" }).click();
  await expect(printerChip(page)).toHaveAccessibleName("Receipt printer: Connected");
  expect(await printedJobs(page)).toHaveLength(1);
});

test("the barcode screen prints 38 x 25 mm labels as TSPL on a serial label printer, and keeps the A4 sheet for PDF", async ({
  page,
}) => {
  await installFakeSerialPrinter(page);
  const screen = "/inventory/barcode/generateBarcode";
  await openAsAccounts(page, ADMIN, screen);
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const name = `Foil ${posTag()}`;
  const made = await page.request.post("/api/inventory/store_product", {
    headers,
    data: { name, stockUomId: 1, barcode: `LBL-${name.slice(5)}` },
  });
  expect(made.status(), await made.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Barcode" })).toBeVisible();

  const labelChip = page.getByTestId("device-printer-label");
  await expect(labelChip).toHaveAccessibleName("Label printer: No device printer");
  const print = page.getByRole("button", { name: "Print to label printer" });
  await labelChip.click();
  // A label printer takes TSPL: the ESC/POS test page is not offered for it.
  await page.getByRole("menuitem", { name: "Connect serial printer" }).click();
  await expect(labelChip).toHaveAccessibleName("Label printer: Connected");

  await page.getByRole("button", { name: "Store products" }).click();
  await page.getByRole("searchbox", { name: "Search name, code or barcode" }).fill(name);
  await page.getByRole("button", { name: `Add ${name}` }).click();
  await page.getByRole("textbox", { name: `Copies of ${name}` }).fill("3");
  // The default template is the A4 sheet: a PDF only.
  await expect(print).toBeDisabled();
  await page.getByRole("combobox", { name: "Template" }).click();
  await page.getByRole("option", { name: /^38 x 25 mm/ }).click();
  await expect(print).toBeEnabled();
  const tspl = page.waitForResponse((response) => response.url().endsWith("/api/inventory/barcode/labels.tspl"));
  await print.click();
  expect((await tspl).status()).toBe(200);
  await expect(page.getByText("3 label(s) sent to Serial printer 1a86:7523")).toBeVisible();
  const [job] = await printedJobs(page);
  const text = String.fromCharCode(...(job ?? []));
  expect(text.startsWith("SIZE 38 mm,25 mm\r\nGAP 2 mm,0 mm\r\n")).toBe(true);
  expect(text).toContain(`"${name}"`);
  expect(text).toContain(`"128",`);
  expect(text).toMatch(/PRINT 1,3\r\n$/);
  await page.screenshot({ path: `${SHOTS}/barcode-label-printer.png` });
});
