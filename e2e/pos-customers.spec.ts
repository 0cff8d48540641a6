import { ADMIN } from "./fixtures";
import { at, expect, openAsAccounts, snap, test } from "./helpers";

const ADD_CUSTOMER = "/inventory/Customer/addCustomer";
const LIST_CUSTOMER = "/inventory/Customer/listCustomer";

/** Names and phones no other run or test uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const mobile = () => `0333${String(Date.now() % 1e6).padStart(6, "0")}${Math.floor(Math.random() * 10)}`;

test.describe.configure({ timeout: 60_000 });

test.describe("Master Control > Customer", () => {
  test("a credit customer with an opening balance of 500.00: the JV, the balance in the list and the ledger link", async ({
    page,
  }) => {
    const name = unique("Ayesha Khan");
    const phone = mobile();
    await openAsAccounts(page, ADMIN, ADD_CUSTOMER);
    await expect(page.getByRole("heading", { level: 1, name: "Add Customer" })).toBeVisible();
    await page.getByRole("textbox", { name: "Customer Name" }).fill(name);
    await page.getByRole("textbox", { name: "Phone" }).fill(`+92 ${phone.slice(1, 4)} ${phone.slice(4)}`);
    await page.getByLabel("Credit allowed (house account)").check();
    await page.getByRole("spinbutton", { name: "Credit Limit" }).fill("5000");
    await page.getByRole("spinbutton", { name: "Opening Balance" }).fill("500");
    await snap(page, "pos-customer-add");
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Success" });
    await expect(dialog).toContainText("Customer added successfully");
    await expect(dialog).toContainText(`${name} (${phone})`);
    await expect(dialog).toContainText(/opening balance posted as JV-\d{4}-\d{5}/);
    await dialog.getByRole("button", { name: "Ok" }).click();

    await page.goto(LIST_CUSTOMER);
    await expect(page).toHaveURL(at(LIST_CUSTOMER));
    await page.getByRole("searchbox", { name: "Search name, phone or email" }).fill(`+92${phone.slice(1)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText("5,000.00");
    await expect(row).toContainText("500.00");
    await expect(row).toContainText(/1-\d{2}-\d{3}-\d{4}/);
    await expect(row).toContainText("None");
    await snap(page, "pos-customer-list");

    await row.getByRole("link", { name: `Ledger of ${name}` }).click();
    await expect(page).toHaveURL(/\/accounts\/Ledger-List\?account=\d+/);
    await expect(page.getByText(name.toUpperCase()).first()).toBeVisible();
    const opening = page.locator("tr", { hasText: "OPENING BALANCE" });
    await expect(opening).toContainText(/JV-\d{4}-\d{5}/);
    await expect(opening).toContainText("500.00");
    await expect(page.getByText("500.00 DR")).toBeVisible();
    await snap(page, "pos-customer-ledger");
  });

  test("the form names a wrong phone; a customer with entries is refused deletion, deactivated instead; another is deleted", async ({
    page,
  }) => {
    await openAsAccounts(page, ADMIN, ADD_CUSTOMER);
    const nameBox = page.getByRole("textbox", { name: "Customer Name" });
    await nameBox.fill(unique("Bad Phone"));
    await page.getByRole("textbox", { name: "Phone" }).fill("12345");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Please enter a valid Pakistan phone number, e.g. 0300 1234567")).toBeVisible();

    const owing = unique("Owes Money");
    await nameBox.fill(owing);
    await page.getByRole("textbox", { name: "Phone" }).fill(mobile());
    await page.getByLabel("Credit allowed (house account)").check();
    await page.getByRole("spinbutton", { name: "Credit Limit" }).fill("1000");
    await page.getByRole("spinbutton", { name: "Opening Balance" }).fill("250.75");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("dialog", { name: "Success" }).getByRole("button", { name: "Ok" }).click();

    const plain = unique("Walk In");
    await nameBox.fill(plain);
    await page.getByRole("textbox", { name: "Phone" }).fill(mobile());
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("dialog", { name: "Success" }).getByRole("button", { name: "Ok" }).click();

    await page.goto(LIST_CUSTOMER);
    const search = page.getByRole("searchbox", { name: "Search name, phone or email" });
    await search.fill(owing);
    const row = page.getByRole("row", { name: new RegExp(owing) });
    await expect(row).toContainText("250.75");
    await row.getByRole("button", { name: `Delete ${owing}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete customer" });
    await expect(confirm).toContainText("deactivate it instead");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByRole("dialog", { name: "Error" }).or(page.getByRole("alertdialog", { name: "Error" })),
    ).toContainText("This customer's account has ledger entries; deactivate the customer instead");
    await snap(page, "pos-customer-delete-refused");
    await page.keyboard.press("Escape");

    await row.getByRole("button", { name: `Deactivate ${owing}` }).click();
    await page.getByRole("dialog", { name: "Deactivate customer" }).getByRole("button", { name: "Deactivate" }).click();
    await expect(row).toContainText("Inactive");
    await page.keyboard.press("Escape");

    await search.fill(plain);
    const plainRow = page.getByRole("row", { name: new RegExp(plain) });
    await plainRow.getByRole("button", { name: `Delete ${plain}` }).click();
    await page.getByRole("dialog", { name: "Delete customer" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(`No customer matches "${plain}".`)).toBeVisible();
  });
});
