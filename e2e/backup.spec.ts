import { readFile } from "node:fs/promises";
import path from "node:path";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, homeTiles, openAsAccounts, snap, test } from "./helpers";

const BACKUP_NAME = /cargodesk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(?:-\d+)?\.tar\.gz/;

test.describe("Back Up", () => {
  test("an admin opens BackUp from home, backs up, sees the file named and downloads it", async ({ page }, info) => {
    test.slow(); // the backup alone may take 30 s on a shared, busy machine
    await openAsAccounts(page, ADMIN);
    await page.getByTestId("home-tile-BackUp").click();
    await expect(page).toHaveURL(at("/backUp"));
    await expect(page.getByRole("heading", { level: 1, name: "Back Up" })).toBeVisible();
    const table = page.getByRole("table", { name: "Backups" });
    await expect(table.getByText("No backups yet. Press Back Up to make the first one.")).toBeVisible();

    const backUp = page.getByRole("button", { name: "Back Up", exact: true });
    await backUp.click();
    await expect(page.getByRole("progressbar", { name: "Backing up" })).toBeVisible();
    await expect(backUp).toBeDisabled();

    const dialog = page.getByRole("dialog", { name: "Success" });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toHaveAccessibleDescription(new RegExp(`^Backup created: ${BACKUP_NAME.source}$`));
    const shown = page.getByTestId("backup-message");
    await expect(shown).toHaveText(new RegExp(`^Backup created: ${BACKUP_NAME.source}$`));
    const message = (await shown.textContent()) ?? "";
    const file = message.replace("Backup created: ", "");
    await snap(page, "backup-created");
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect(backUp).toBeEnabled();

    const row = table.getByRole("row").filter({ hasText: file });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/\d+(\.\d)? (KB|MB)/);
    const downloading = page.waitForEvent("download");
    await row.getByRole("button", { name: `Download ${file}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(file);
    const saved = path.join(info.outputDir, file);
    await download.saveAs(saved);
    const bytes = await readFile(saved);
    expect(bytes.length).toBeGreaterThan(1024);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    await snap(page, "backup-list");
  });

  test("someone without the BackUp permission has no tile and cannot open the screen", async ({ page }) => {
    const { accountant } = USERS;
    await openAsAccounts(page, accountant);
    await expect(homeTiles(page)).toHaveCount(1);
    await expect(page.getByTestId("home-tile-BackUp")).toHaveCount(0);
    await page.goto("/backUp");
    await expect(page.getByRole("heading", { name: "You do not have access to this screen" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back Up", exact: true })).toHaveCount(0);
  });
});
