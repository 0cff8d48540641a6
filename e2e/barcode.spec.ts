import { ADMIN } from "./fixtures";
import { at, expect, openAsAccounts, snap, storedToken, test } from "./helpers";
import { pdfText } from "./rates-helpers";

const BARCODE = "/inventory/barcode/generateBarcode";

/** Names no other run or test uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ timeout: 90_000 });

test.describe("Master Control > Barcode", () => {
  test("chosen variants and a store product get assigned codes and print as a PDF of A4 label sheets", async ({
    page,
  }) => {
    await openAsAccounts(page, ADMIN, BARCODE);
    await expect(page).toHaveURL(at(BARCODE));
    const headers = { authorization: `Bearer ${await storedToken(page)}` };
    const made = async (url: string, data: object) => {
      const response = await page.request.post(url, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { data: { id: number } }).data.id;
    };
    const tag = unique("Lbl");
    const categoryId = await made("/api/inventory/category", { name: `Wraps ${tag}` });
    const sizeIds = [
      await made("/api/inventory/size", { name: `Half ${tag}`, code: "H", sort: 1 }),
      await made("/api/inventory/size", { name: `Full ${tag}`, code: "F", sort: 2 }),
    ];
    const product = `Wrap ${tag}`;
    await made("/api/inventory/product", {
      name: product,
      categoryId,
      track: "none",
      sizeIds,
      variants: sizeIds.map((sizeId, index) => ({ sizeId, price: 420 + index * 200, active: true })),
    });
    const storeName = `Foil ${tag}`;
    await made("/api/inventory/store_product", { name: storeName, stockUomId: 1 });

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Barcode" })).toBeVisible();
    const picker = page.getByRole("table", { name: "Menu variants" });
    await page.getByRole("searchbox", { name: "Search name, code or barcode" }).fill(product);
    await expect(picker.getByRole("row")).toHaveCount(3);
    await page.getByRole("button", { name: "Add all on this page" }).click();
    await page.getByRole("button", { name: "Store products" }).click();
    await page.getByRole("searchbox", { name: "Search name, code or barcode" }).fill(storeName);
    await page.getByRole("button", { name: `Add ${storeName}` }).click();

    const chosen = page.getByRole("table", { name: "Chosen items" });
    await expect(chosen.getByRole("row")).toHaveCount(4);
    await page.getByRole("textbox", { name: `Copies of ${product} Half ${tag}` }).fill("30");
    await expect(page.getByText("32 label(s) on 2 page(s)")).toBeVisible();
    // Nothing has a code yet, so the PDF waits for Assign missing barcodes.
    await expect(page.getByRole("button", { name: "Generate PDF" })).toBeDisabled();
    await expect(page.getByText("3 chosen item(s) have no barcode")).toBeVisible();

    await page.getByRole("button", { name: "Assign missing barcodes" }).click();
    const dialog = page.getByRole("dialog", { name: "Success" });
    await expect(dialog).toContainText("3 barcodes assigned");
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect(chosen.getByText("assigned")).toHaveCount(3);
    const codes = await chosen.locator('[data-testid^="chosen-code-"]').allTextContents();
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^2\d{12}$/);
    await expect(page.getByRole("button", { name: "Assign missing barcodes" })).toBeDisabled();
    await snap(page, "barcode-assigned");

    const [popup, request] = await Promise.all([
      page.waitForEvent("popup"),
      page.waitForRequest(
        (sent) => sent.method() === "POST" && sent.url().endsWith("/api/inventory/barcode/labels.pdf"),
      ),
      page.getByRole("button", { name: "Generate PDF" }).click(),
    ]);
    const answer = await request.response();
    expect(answer?.status()).toBe(200);
    expect(await answer?.headerValue("content-type")).toContain("application/pdf");
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    const again = await page.request.post(request.url(), { headers, data: request.postDataJSON() });
    expect(again.status()).toBe(200);
    const text = pdfText(await again.body());
    // pdftotext ends every page with a form feed: 32 labels at 24 a sheet are 2 pages.
    expect(text.split("\f").length - 1).toBe(2);
    expect(text).toContain(product);
    expect(text).toContain(`Full ${tag}`);
    expect(text).toContain("620.00");
    expect(text).toContain(storeName);
    for (const code of codes) expect(text).toContain(code);
    await popup.close();
  });
});
