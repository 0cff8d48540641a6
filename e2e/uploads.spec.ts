import { RATE_MESSAGES } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { USERS } from "./fixtures";
import { expect, openAsCargo, test } from "./helpers";
import { choose, companyToday, RATES, sampleRates } from "./rates-helpers";

const UPLOAD_PATH = "**/api/rate/upload_rate_file";

/** The Upload Rate form with everything but the file filled in. */
async function rateForm(page: Page) {
  await openAsCargo(page, USERS.rates, RATES.upload);
  const form = page.getByRole("form", { name: "Upload Rate" });
  await form.getByLabel("Date").fill(companyToday());
  await choose(page, "Shipment Type", "Doc");
  await choose(page, "Service", "3. UPS EXPRESS SAVER");
  return form;
}

test.describe("the uploader (one for every file)", () => {
  test("a file over the 5 MB limit is refused with the reason before anything is sent", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/rate/upload_rate_file")) sent.push(request.method());
    });
    const form = await rateForm(page);
    await form.getByLabel("File").setInputFiles({
      name: "huge.csv",
      mimeType: "text/csv",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, "a"),
    });
    await expect(form.getByText("The file is too large (at most 5 MB)")).toBeVisible();
    await expect(form.getByText(/^huge\.csv \(5\.0 MB\)$/)).toBeVisible();
    await expect(form.getByRole("button", { name: "Upload Rate" })).toBeDisabled();

    // A file within the limit takes its place and may be sent.
    await form.getByLabel("File").setInputFiles(sampleRates("rates-pack.csv"));
    await expect(form.getByText("The file is too large (at most 5 MB)")).toHaveCount(0);
    await expect(form.getByRole("button", { name: "Upload Rate" })).toBeEnabled();
    expect(sent).toEqual([]);
  });

  test("Cancel upload stops a running upload: no error, no result, the file stays chosen to send again", async ({
    page,
  }) => {
    const form = await rateForm(page);
    await form.getByLabel("File").setInputFiles(sampleRates("rates-pack.csv"));
    // Hold the upload in the browser so it is still running when Cancel is pressed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(UPLOAD_PATH, async (route) => {
      await held;
      // The browser has aborted the request by now; there is nothing left to send.
      await route.continue().catch(() => undefined);
    });

    await form.getByRole("button", { name: "Upload Rate" }).click();
    await expect(form.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
    await form.getByRole("button", { name: "Cancel upload" }).click();
    await expect(form.getByRole("progressbar", { name: "Upload progress" })).toHaveCount(0);
    release();
    await page.unroute(UPLOAD_PATH);

    await expect(page.getByRole("alert").filter({ hasText: RATE_MESSAGES.uploadFailed })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: RATE_MESSAGES.uploadOk })).toHaveCount(0);
    await expect(form.getByText(/^rates-pack\.csv \(\d+ B\)$/)).toBeVisible();
    await expect(form.getByRole("button", { name: "Upload Rate" })).toBeEnabled();
  });
});
