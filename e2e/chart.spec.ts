/**
 * The chart of accounts screens end to end: cascading add forms for level 2 and 3 groups and
 * accounts, the details tables (balance, rename, delete), uploads good and bad, the level reports,
 * and the Accounts Integration settings.
 */
import { writeFile } from "node:fs/promises";
import { CHART_MESSAGES } from "@cargodesk/shared";
import type { Locator, Page } from "@playwright/test";
import {
  accountingApi,
  atPath,
  confirmDialog,
  downloadFrom,
  errorDialog,
  openFromSidebar,
  pageHeading,
  repoFile,
  signIn,
  snapAccounting,
  successDialog,
  uniqueSuffix,
} from "./accounting-helpers";
import { expect, test } from "./helpers";

const SAVE_OK = "Added successfully...";
const SAVE_FAILED = "Something went wrong...";

const select = (page: Page, label: "Level One" | "Level Two" | "Level Three" | "Amount Type"): Locator =>
  page.getByRole("combobox", { name: label });

/** Closes the Success dialog after a save and returns its text. */
async function closeSuccess(page: Page): Promise<string> {
  const dialog = successDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(SAVE_OK);
  const text = (await dialog.textContent()) ?? "";
  await dialog.getByRole("button", { name: "Ok" }).click();
  await expect(dialog).toBeHidden();
  return text;
}

/** Filters a details table with its search box and returns the row holding `text`. */
async function findRow(page: Page, table: string, searchLabel: string, text: string): Promise<Locator> {
  await page.getByRole("searchbox", { name: searchLabel }).fill(text);
  const row = page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: text });
  await expect(row).toHaveCount(1);
  return row;
}

const cellsOf = (row: Locator): Locator => row.getByRole("cell");

test.describe("adding to the chart through the cascading forms", () => {
  test("a level two group (a duplicate name refused with the server's reason), a level three group under it, and an account with an opening amount", async ({
    page,
  }) => {
    test.slow(); // three forms and three tables on a shared, often busy machine
    const tag = uniqueSuffix();
    const levelTwo = `E2E GROUP ${tag}`;
    const levelThree = `E2E SUBGROUP ${tag}`;
    const account = `E2E ACCOUNT ${tag}`;
    await signIn(page);

    // Level Two: Save needs a class and a name; the name is upper-cased as typed.
    await openFromSidebar(page, "Level Two", "Add", "Add Level Two");
    const twoForm = page.getByRole("form", { name: "Add Level Two" });
    const save = twoForm.getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();
    await twoForm.getByRole("textbox", { name: "Level Two Name" }).fill(levelTwo.toLowerCase());
    await expect(twoForm.getByRole("textbox", { name: "Level Two Name" })).toHaveValue(levelTwo);
    await expect(save).toBeDisabled();
    await select(page, "Level One").selectOption({ label: "ASSETS" });
    await expect(save).toBeEnabled();
    await save.click();
    const twoAdded = await closeSuccess(page);
    expect(twoAdded).toMatch(new RegExp(`${levelTwo} was added with code 1-\\d{2}\\.`));
    // The form is cleared after a save.
    await expect(twoForm.getByRole("textbox", { name: "Level Two Name" })).toHaveValue("");
    await expect(save).toBeDisabled();

    // A duplicate name under the same parent is refused with the server's reason.
    await select(page, "Level One").selectOption({ label: "ASSETS" });
    await twoForm.getByRole("textbox", { name: "Level Two Name" }).fill("current assets");
    await save.click();
    const duplicate = errorDialog(page);
    await expect(duplicate).toContainText(SAVE_FAILED);
    await expect(duplicate).toContainText(CHART_MESSAGES.duplicateName);
    await duplicate.getByRole("button", { name: "Ok" }).click();
    await expect(duplicate).toBeHidden();

    // Level Three: Level Two and the name wait for Level One.
    await openFromSidebar(page, "Level Three", "Add", "Add Level Three");
    const threeForm = page.getByRole("form", { name: "Add Level Three" });
    const threeName = threeForm.getByRole("textbox", { name: "Level Three Name" });
    await expect(select(page, "Level Two")).toBeDisabled();
    await expect(threeName).toBeDisabled();
    await expect(threeForm.getByRole("button", { name: "Save" })).toBeDisabled();
    await select(page, "Level One").selectOption({ label: "ASSETS" });
    await expect(select(page, "Level Two")).toBeEnabled();
    await expect(threeName).toBeEnabled();
    await select(page, "Level Two").selectOption({ label: levelTwo });
    await threeName.fill(levelThree.toLowerCase());
    await expect(threeName).toHaveValue(levelThree);
    await threeForm.getByRole("button", { name: "Save" }).click();
    expect(await closeSuccess(page)).toMatch(new RegExp(`${levelThree} was added with code 1-\\d{2}-001\\.`));

    // Account: Level Two, then Level Three and the name unlock in turn; Save needs an amount.
    await openFromSidebar(page, "Level Four", "Add Account", "Add Account");
    const accountForm = page.getByRole("form", { name: "Add Account" });
    const accountName = accountForm.getByRole("textbox", { name: "Account Name" });
    const amount = accountForm.getByRole("textbox", { name: "Amount", exact: true });
    const saveAccount = accountForm.getByRole("button", { name: "Save" });
    await expect(select(page, "Level Two")).toBeDisabled();
    await expect(select(page, "Level Three")).toBeDisabled();
    await expect(accountName).toBeDisabled();
    await expect(select(page, "Amount Type")).toHaveValue("0");
    await select(page, "Level One").selectOption({ label: "ASSETS" });
    await expect(select(page, "Level Two")).toBeEnabled();
    await expect(select(page, "Level Three")).toBeDisabled();
    await select(page, "Level Two").selectOption({ label: levelTwo });
    // The level three options are known now: Level Three and the name unlock together.
    await expect(select(page, "Level Three")).toBeEnabled();
    await expect(accountName).toBeEnabled();
    await accountName.fill(account.toLowerCase());
    await expect(accountName).toHaveValue(account);
    await select(page, "Amount Type").selectOption({ label: "Debit" });
    await amount.fill("1500.75");
    await expect(saveAccount).toBeDisabled();
    await select(page, "Level Three").selectOption({ label: levelThree });
    await expect(saveAccount).toBeEnabled();
    await amount.fill("");
    await expect(saveAccount).toBeDisabled();
    await amount.fill("1500.75");
    await expect(saveAccount).toBeEnabled();
    await saveAccount.click();
    const accountAdded = await closeSuccess(page);
    const code = /was added with code (1-\d{2}-001-0001)\./.exec(accountAdded)?.[1];
    expect(code, accountAdded).toBeTruthy();
    await expect(select(page, "Level One")).toHaveValue("");
    await expect(accountName).toHaveValue("");

    // The account is listed with its opening balance, which also reaches its groups.
    await openFromSidebar(page, "Level Four", "Details", "Account Details");
    const row = await findRow(page, "Accounts", "Search accounts", account);
    await expect(cellsOf(row)).toHaveText([code ?? "", account, levelThree, "1,500.75", "DR", ""]);
    await snapAccounting(page, "chart-account-details");

    await openFromSidebar(page, "Level Three", "Details", "Level Three Details");
    const threeRow = await findRow(page, "Level Three", "Search level three", levelThree);
    await expect(cellsOf(threeRow).nth(0)).toHaveText("ASSETS");
    await expect(cellsOf(threeRow).nth(2)).toHaveText(levelTwo);
    await expect(cellsOf(threeRow).nth(5)).toHaveText(levelThree);

    await openFromSidebar(page, "Level Two", "Details", "Level Two Details");
    const twoRow = await findRow(page, "Level Two", "Search level two", levelTwo);
    await expect(cellsOf(twoRow).nth(0)).toHaveText("ASSETS");
    await expect(cellsOf(twoRow).nth(4)).toHaveText("1,500.75 DR");
  });
});

test.describe("the Account Details table", () => {
  test("renaming an account (upper-cased, confirmed); deleting one without entries, while one with entries and a group with accounts are refused with the reason", async ({
    page,
  }) => {
    test.slow(); // a rename and two delete flows on a shared, often busy machine
    const tag = uniqueSuffix();
    const before = `E2E RENAME ME ${tag}`;
    const after = `E2E RENAMED ${tag}`;
    const empty = `E2E EMPTY ${tag}`;
    const used = `E2E OPENED ${tag}`;
    await signIn(page);
    const api = await accountingApi(page);
    const expenses = await api.addGroups("EXPENSES", `E2E EXP ${tag}`, `E2E EXP SUB ${tag}`);
    await api.addAccount(expenses, before);
    const parents = await api.addGroups("ASSETS", `E2E DEL ${tag}`, `E2E DEL SUB ${tag}`);
    await api.addAccount(parents, empty);
    // An opening amount is an approved opening voucher: the account has entries.
    await api.addAccount(parents, used, 250, 2);

    await openFromSidebar(page, "Level Four", "Details", "Account Details");
    // Found by its group: while it is edited, its name is in a text box, not the row's text.
    const row = await findRow(page, "Accounts", "Search accounts", `E2E EXP SUB ${tag}`);
    await row.getByRole("button", { name: `Edit ${before}` }).click();
    const input = row.getByRole("textbox", { name: "Account Name" });
    await expect(input).toHaveValue(before);
    await input.fill(after.toLowerCase());
    await expect(input).toHaveValue(after);
    await row.getByRole("button", { name: "Save name" }).click();

    const renameConfirm = confirmDialog(page, "Rename account?");
    await expect(renameConfirm).toContainText(`Rename ${before} to ${after}?`);
    await renameConfirm.getByRole("button", { name: "Rename" }).click();
    const done = successDialog(page);
    await expect(done).toContainText(`The account is now called ${after}.`);
    await done.getByRole("button", { name: "Ok" }).click();

    await expect(cellsOf(row).nth(1)).toHaveText(after);
    await expect(row.getByRole("button", { name: `Edit ${after}` })).toBeVisible();
    expect((await api.accounts()).some((account) => account.levelFourName === after)).toBe(true);

    await page.getByRole("searchbox", { name: "Search accounts" }).fill(`E2E DEL SUB ${tag}`);
    const table = page.getByRole("table", { name: "Accounts" });
    await expect(table.getByRole("row").filter({ hasText: tag })).toHaveCount(2);
    const emptyRow = table.getByRole("row").filter({ hasText: empty });
    const usedRow = table.getByRole("row").filter({ hasText: used });
    await expect(cellsOf(usedRow).nth(3)).toHaveText("250.00");

    // Cancel keeps it.
    await emptyRow.getByRole("button", { name: `Delete ${empty}` }).click();
    const confirm = confirmDialog(page, "Delete account?");
    await expect(confirm).toContainText(`${empty} will be deleted. This cannot be undone.`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(emptyRow).toHaveCount(1);

    await emptyRow.getByRole("button", { name: `Delete ${empty}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(emptyRow).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: `${empty} deleted.` })).toBeAttached();
    expect((await api.accounts()).some((account) => account.levelFourName === empty)).toBe(false);

    await usedRow.getByRole("button", { name: `Delete ${used}` }).click();
    await confirmDialog(page, "Delete account?").getByRole("button", { name: "Delete" }).click();
    const refused = errorDialog(page);
    await expect(refused).toContainText(SAVE_FAILED);
    await expect(refused).toContainText(CHART_MESSAGES.hasEntries);
    await snapAccounting(page, "chart-delete-refused");
    await refused.getByRole("button", { name: "Ok" }).click();
    await expect(refused).toBeHidden();
    await expect(usedRow).toHaveCount(1);

    // A group with an account under it is refused too.
    await openFromSidebar(page, "Level Three", "Details", "Level Three Details");
    const groupRow = await findRow(page, "Level Three", "Search level three", `E2E DEL SUB ${tag}`);
    await groupRow.getByRole("button", { name: `Delete E2E DEL SUB ${tag}` }).click();
    await confirmDialog(page, "Delete level three group?").getByRole("button", { name: "Delete" }).click();
    await expect(errorDialog(page)).toContainText(CHART_MESSAGES.hasChildren);
  });
});

test.describe("uploading accounts", () => {
  test("the sample CSV adds its accounts with their opening amounts; a bad CSV is refused whole and the Upload errors table names row and column", async ({
    page,
  }, testInfo) => {
    test.slow(); // cascade, two uploads and a table on a shared, often busy machine
    const tag = uniqueSuffix();
    const levelTwo = `E2E UPLOAD ${tag}`;
    const levelThree = `E2E UPLOAD SUB ${tag}`;
    await signIn(page);
    const api = await accountingApi(page);
    await api.addGroups("ASSETS", levelTwo, levelThree);

    await openFromSidebar(page, "Level Four", "Upload", "Upload Accounts");
    const form = page.getByRole("form", { name: "Upload Accounts" });
    const save = form.getByRole("button", { name: "Save" });
    await expect(select(page, "Level Two")).toBeDisabled();
    await expect(select(page, "Level Three")).toBeDisabled();
    await expect(save).toBeDisabled();
    await select(page, "Level One").selectOption({ label: "ASSETS" });
    await select(page, "Level Two").selectOption({ label: levelTwo });
    await select(page, "Level Three").selectOption({ label: levelThree });
    await expect(save).toBeDisabled();
    await form.getByLabel("File").setInputFiles(repoFile("docs", "samples", "level4-accounts.csv"));
    await expect(form.getByText(/^level4-accounts\.csv \(\d+ B\)$/)).toBeVisible();
    await expect(save).toBeEnabled();

    // Hold the answer back until the progress bar has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/levelFour/upload_levelFour", async (route) => {
      await held;
      await route.continue();
    });
    await save.click();
    await expect(form.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
    release();
    expect(await closeSuccess(page)).toContain("level4-accounts.csv: 3 added, 0 already there and left unchanged.");
    await page.unroute("**/api/levelFour/upload_levelFour");
    await expect(form.getByRole("progressbar", { name: "Upload progress" })).toHaveCount(0);
    await expect(form.getByText("No file chosen")).toBeVisible();

    await openFromSidebar(page, "Level Four", "Details", "Account Details");
    await page.getByRole("searchbox", { name: "Search accounts" }).fill(levelThree);
    const rows = page.getByRole("table", { name: "Accounts" }).getByRole("row").filter({ hasText: levelThree });
    await expect(rows).toHaveCount(3);
    const expected = [
      ["FUEL CARD DEPOSIT", "2,500.00", "DR"],
      ["CUSTOMS SECURITY DEPOSIT", "15,000.00", "DR"],
      ["STAFF LOAN - DRIVER POOL", "0.00", ""],
    ] as const;
    for (const [name, balance, side] of expected) {
      const row = rows.filter({ hasText: name });
      await expect(cellsOf(row).nth(3)).toHaveText(balance);
      await expect(cellsOf(row).nth(4)).toHaveText(side);
    }

    // A bad CSV is refused whole and the Upload errors table names row and column.
    const good = `E2E FINE ${tag}`;
    const file = testInfo.outputPath("bad-accounts.csv");
    await writeFile(
      file,
      ["name,amount_type,amount", `${good},Debit,10`, ",Debit,5", "Too Precise,Debit,12.345", "No Side,,50", ""].join(
        "\r\n",
      ),
    );
    await openFromSidebar(page, "Level Four", "Upload", "Upload Accounts");
    await select(page, "Level One").selectOption({ label: "ASSETS" });
    await select(page, "Level Two").selectOption({ label: levelTwo });
    await select(page, "Level Three").selectOption({ label: levelThree });
    await form.getByLabel("File").setInputFiles(file);
    await save.click();

    const dialog = errorDialog(page);
    await expect(dialog).toContainText(SAVE_FAILED);
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText("bad-accounts.csv was not saved: 3 problems found.")).toBeVisible();
    const issues = page.getByRole("table", { name: "Upload errors" });
    await expect(issues.getByRole("row")).toHaveText([
      ["Row", "Column", "Message"].join(""),
      ["3", "name", CHART_MESSAGES.nameRequired].join(""),
      ["4", "amount", CHART_MESSAGES.amountRequired].join(""),
      ["5", "amount_type", CHART_MESSAGES.amountTypeRequired].join(""),
    ]);
    await snapAccounting(page, "upload-errors");

    // Nothing of the file was saved, not even its good row.
    expect((await api.accounts()).some((account) => account.levelFourName === good)).toBe(false);
  });
});

test.describe("level reports", () => {
  test("Level Three and Level Four Report: Generate PDF and Generate Excel download LevelN.pdf and LevelN.xlsx; Level Three Details exports its PDF", async ({
    page,
  }) => {
    await signIn(page);
    for (const { item, heading, level } of [
      { item: "Level Three", heading: "Level Three Report", level: 3 },
      { item: "Level Four", heading: "Level Four Report", level: 4 },
    ] as const) {
      await openFromSidebar(page, item, "Report", heading);
      await expect(page.getByText(`The files are named Level${level}.xlsx and Level${level}.pdf.`)).toBeVisible();

      const pdf = await downloadFrom(page, () => page.getByRole("button", { name: "Generate PDF" }).click());
      expect(pdf.name).toBe(`Level${level}.pdf`);
      expect(pdf.head).toBe("%PDF-");
      await expect(page.getByRole("status")).toHaveText(`Level${level}.pdf downloaded.`);

      const excel = await downloadFrom(page, () => page.getByRole("button", { name: "Generate Excel" }).click());
      expect(excel.name).toBe(`Level${level}.xlsx`);
      expect(excel.head.slice(0, 2)).toBe("PK");
      await expect(page.getByRole("status")).toHaveText(`Level${level}.xlsx downloaded.`);
    }

    await openFromSidebar(page, "Level Three", "Details", "Level Three Details");
    const pdf = await downloadFrom(page, () => page.getByRole("button", { name: "Export PDF" }).click());
    expect(pdf.name).toBe("Level3.pdf");
    expect(pdf.head).toBe("%PDF-");
  });
});

test.describe("Accounts Integration", () => {
  test("a changed Default Cash Account shows on the list screen", async ({ page }) => {
    test.slow(); // two saves and two screens on a shared, often busy machine
    await signIn(page);
    await openFromSidebar(page, "Accounts Integration", "Add Accounts Integration", "Add Accounts Integration");
    const form = page.getByRole("form", { name: "Accounts Integration" });
    const cashAccount = form.getByRole("combobox", { name: "Default Cash Account" });
    await expect(form.getByRole("combobox", { name: "Cash Group" })).toHaveValue("1-01-001 - CASH IN HAND");
    await expect(cashAccount).toHaveValue("1-01-001-0001 - CASH IN HAND");

    const setCashAccount = async (name: string, code: string) => {
      await cashAccount.click();
      await cashAccount.fill(name);
      await page.getByRole("option", { name: `${code} - ${name}`, exact: true }).click();
      await expect(cashAccount).toHaveValue(`${code} - ${name}`);
      await form.getByRole("button", { name: "Save" }).click();
      const done = successDialog(page);
      await expect(done).toContainText("The accounts integration settings were saved.");
      await done.getByRole("button", { name: "Ok" }).click();
      await expect(done).toBeHidden();
    };

    try {
      // Only accounts under the cash group are offered.
      await cashAccount.click();
      await cashAccount.fill("BANK");
      await expect(page.getByRole("option")).toHaveCount(0);
      await expect(page.getByText("No options")).toBeVisible();
      await cashAccount.press("Escape");

      await setCashAccount("PETTY CASH", "1-01-001-0002");
      await page.getByRole("link", { name: "View settings" }).click();
      await expect(page).toHaveURL(atPath("/setting/MasterControl/listMasterControl"));
      await expect(pageHeading(page)).toHaveText("List Accounts Integration");
      const settings = page.getByRole("table", { name: "Accounts Integration" });
      await expect(settings.getByRole("row").filter({ hasText: "Default Cash Account" })).toHaveText(
        ["Default Cash Account", "1-01-001-0002", "PETTY CASH", "Account"].join(""),
      );
      await expect(settings.getByRole("row").filter({ hasText: "Cash Group" })).toHaveText(
        ["Cash Group", "1-01-001", "CASH IN HAND", "Level Three group"].join(""),
      );
      const headings = page.getByRole("table", { name: "Profit and Loss Headings" });
      await expect(headings.getByRole("row").filter({ hasText: "Admin" })).toContainText(
        "5-02-001 - ADMINISTRATIVE EXPENSES",
      );
      await snapAccounting(page, "integration-list");
    } finally {
      // Put the seeded setting back for the other tests on this server.
      await page.goto("/setting/MasterControl/addMasterControl");
      await expect(cashAccount).not.toHaveValue("");
      if ((await cashAccount.inputValue()) !== "1-01-001-0001 - CASH IN HAND") {
        await setCashAccount("CASH IN HAND", "1-01-001-0001");
      }
    }
  });
});
