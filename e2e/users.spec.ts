import { AUTH_MESSAGES, USER_MESSAGES } from "@cargodesk/shared";
import type { Locator } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { at, cargoForm, cargoMenu, DASHBOARD, errorDialog, expect, signInCargo, submitCargo, test } from "./helpers";
import {
  ADD_USER,
  adminBeside,
  cargoGroup,
  changeStatus,
  FORGOT_PASSWORD,
  fillRegistration,
  newPerson,
  REGISTER,
  shot,
  signOut,
  textbox,
  USER_PERMISSIONS,
  userRow,
} from "./users-helpers";

test.describe("registration and approval", () => {
  test("a customer registers, waits for approval, is approved, blocked and unblocked", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const person = newPerson("reg");
    // The admin works in a browser of their own beside the customer's, on the same user row throughout.
    const beside = await adminBeside(browser, baseURL);
    const admin = beside.page;
    const signIn = cargoForm(page);
    /** The customer, on the sign-in page, signs in again. */
    const customerSignsIn = async () => {
      await signIn.email.fill(person.email);
      await signIn.password.fill(person.password);
      await signIn.signIn.click();
    };

    await test.step("register publicly with every field and the three images", async () => {
      await page.goto(REGISTER);
      await expect(page.getByRole("radio", { name: "Admin" })).toHaveCount(0);
      const save = page.getByRole("button", { name: "Save" });
      await fillRegistration(page, person);
      await expect(textbox(page, "First Name")).toHaveValue(person.firstName.toUpperCase());
      await expect(save).toBeEnabled();
      await shot(page, "register-filled");
      await save.click();
      await expect(page).toHaveURL(at("/cargo-login"));
      const success = page.getByRole("dialog", { name: "Success" });
      await expect(success).toContainText(USER_MESSAGES.registered);
      await shot(page, "register-success");
      await success.getByRole("button", { name: "Ok" }).click();
      await expect(success).toHaveCount(0);
    });

    await test.step("the pending customer cannot sign in", async () => {
      await customerSignsIn();
      await expect(errorDialog(page)).toContainText(AUTH_MESSAGES.pending);
      await expect(page).toHaveURL(at("/cargo-login"));
      await shot(page, "pending-refused");
      await errorDialog(page).getByRole("button", { name: "Ok" }).click();
    });

    const row = await userRow(admin, person.email);
    await test.step("the admin approves them", async () => {
      await expect(row.getByRole("button", { name: "Approve", exact: true })).toBeEnabled();
      await expect(row.getByRole("button", { name: "Block", exact: true })).toBeDisabled();
      // The CNIC images show beside Approve, each opening full size.
      await row.getByRole("button", { name: "Approve", exact: true }).click();
      const approve = admin.getByRole("dialog", { name: "Approve user?" });
      const images = approve.getByRole("group", { name: "CNIC images" });
      await expect(images.getByRole("img", { name: "CNIC front" })).toBeVisible();
      await expect(images.getByRole("img", { name: "CNIC back" })).toBeVisible();
      await shot(admin, "approve-cnic-images");
      await images.getByRole("button", { name: "Open the CNIC front full size" }).click();
      const full = admin.getByRole("dialog", { name: "CNIC front" });
      await expect(full.getByRole("img", { name: "CNIC front, full size" })).toBeVisible();
      await full.getByRole("button", { name: "Close" }).click();
      await expect(full).toHaveCount(0);
      await approve.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(approve).toHaveCount(0);
      await expect(row).toContainText("Approved");
      await expect(row.getByRole("button", { name: "Approve", exact: true })).toBeDisabled();
      await expect(row.getByRole("button", { name: "Cancel", exact: true })).toBeDisabled();
      await expect(row.getByRole("button", { name: "Block", exact: true })).toBeEnabled();
      await shot(admin, "approved");
    });

    await test.step("the approved customer signs in to the dashboard", async () => {
      await customerSignsIn();
      await expect(page).toHaveURL(at(DASHBOARD));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await shot(page, "customer-dashboard");
      await signOut(page);
    });

    await test.step("the admin blocks them and their sign-in is refused", async () => {
      await changeStatus(admin, row, "Block", "Block");
      await expect(row).toContainText("Blocked");
      await expect(row.getByRole("button", { name: "Unblock", exact: true })).toBeEnabled();

      await submitCargo(page, person.email, person.password);
      await expect(errorDialog(page)).toContainText(AUTH_MESSAGES.blocked);
      await expect(page).toHaveURL(at("/cargo-login"));
      await shot(page, "blocked-refused");
      await errorDialog(page).getByRole("button", { name: "Ok" }).click();
    });

    await test.step("unblocking restores their sign-in", async () => {
      await changeStatus(admin, row, "Unblock", "Unblock");
      await expect(row).toContainText("Approved");
      await expect(row.getByRole("button", { name: "Block", exact: true })).toBeEnabled();

      await customerSignsIn();
      await expect(page).toHaveURL(at(DASHBOARD));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
    await beside.close();
  });
});

test.describe("register form validation", () => {
  test("the register form refuses a short first name, a short cell, an incomplete CNIC and an unmatched password, types only digits into cell and CNIC, and Save waits for the terms", async ({
    page,
  }) => {
    await page.goto(REGISTER);
    await expect(textbox(page, "First Name")).toBeVisible();

    // A first name under 4 characters is refused until it is long enough.
    await textbox(page, "First Name").fill("al");
    await textbox(page, "Last Name").click();
    await expect(page.getByText(USER_MESSAGES.firstName4)).toBeVisible();
    await textbox(page, "First Name").fill("alia");
    await expect(page.getByText(USER_MESSAGES.firstName4)).toHaveCount(0);

    // A short cell number is refused; letters and extra digits are not typed.
    const cell = textbox(page, "Cell Number");
    await cell.fill("03001");
    await textbox(page, "CNIC").click();
    await expect(page.getByText(USER_MESSAGES.cell)).toBeVisible();
    await cell.fill("");
    await cell.pressSequentially("0300abc12345678999");
    await expect(cell).toHaveValue("03001234567");
    await expect(page.getByText(USER_MESSAGES.cell)).toHaveCount(0);

    // A CNIC typed with dashes keeps only its digits; an incomplete one is refused.
    const cnic = textbox(page, "CNIC");
    await cnic.pressSequentially("35202-1234567-1");
    await expect(cnic).toHaveValue("3520212345671");
    await cnic.fill("");
    await cnic.pressSequentially("35202-12345");
    await expect(cnic).toHaveValue("3520212345");
    await textbox(page, "Cell Number").click();
    await expect(page.getByText(USER_MESSAGES.cnic)).toBeVisible();

    // A confirm password that does not match is refused.
    await textbox(page, "Password").fill("Customer@123");
    await textbox(page, "Confirm Password").fill("Customer@124");
    await textbox(page, "Password").click();
    await expect(page.getByText(USER_MESSAGES.passwordMatch)).toBeVisible();
    await shot(page, "register-validation");
    await textbox(page, "Confirm Password").fill("Customer@123");
    await expect(page.getByText(USER_MESSAGES.passwordMatch)).toHaveCount(0);

    // Save stays disabled until the terms are accepted.
    await fillRegistration(page, newPerson("terms"));
    await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
    await page.getByRole("checkbox", { name: "I accept the Terms of Use" }).click();
    await expect(page.getByRole("checkbox", { name: "I accept the Terms of Use" })).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  });
});

test.describe("user permissions", () => {
  test("the admin adds an employee and grants then revokes Currency View", async ({
    page: employeePage,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const employee = newPerson("emp");
    const userName = `sara${employee.cnic.slice(-8)}`;
    // The admin keeps a browser of their own; the employee signs in and out in the test's page.
    const beside = await adminBeside(browser, baseURL);
    const page = beside.page;

    await test.step("the admin adds an employee", async () => {
      await page.goto(ADD_USER);
      await page.getByRole("radio", { name: "Employee" }).check();
      await expect(textbox(page, "Company Name")).toHaveCount(0);
      await expect(page.getByLabel("Company Logo")).toHaveCount(0);
      await textbox(page, "First Name").fill("sara");
      await textbox(page, "Last Name").fill("ahmed");
      await textbox(page, "Email").fill(employee.email);
      await textbox(page, "Cell Number").fill("03111234567");
      await textbox(page, "CNIC").fill(employee.cnic);
      await textbox(page, "User Name").fill(userName);
      await textbox(page, "Password").fill(employee.password);
      await textbox(page, "Confirm Password").fill(employee.password);
      await shot(page, "add-employee");
      await page.getByRole("button", { name: "Save" }).click();
      const success = page.getByRole("dialog", { name: "Success" });
      await expect(success).toContainText(USER_MESSAGES.created);
      await success.getByRole("button", { name: "Ok" }).click();
    });

    const choose = async () => {
      await page.goto(USER_PERMISSIONS);
      const send = page.getByRole("button", { name: "Send" });
      await expect(send).toBeDisabled();
      await page.getByRole("combobox", { name: "User" }).click();
      await page.getByRole("option", { name: new RegExp(`^SARA AHMED \\(${userName}\\)`) }).click();
      await expect(send).toBeEnabled();
      return send;
    };
    const tick = async (group: string, item: string, checked: boolean) => {
      const box = cargoGroup(page, group).getByRole("checkbox", { name: item, exact: true });
      await box.setChecked(checked);
      await expect(box).toBeChecked({ checked });
    };
    const sendAndConfirm = async (send: Locator) => {
      await send.click();
      const success = page.getByRole("dialog", { name: "Success" });
      await expect(success).toContainText("Added successfully...");
      await success.getByRole("button", { name: "Ok" }).click();
    };

    await test.step("the admin ticks Dashboard View and Currency View and sends", async () => {
      const send = await choose();
      await tick("Dashboard", "Dashboard View", true);
      await tick("Currency", "Currency View", true);
      await shot(page, "permissions-ticked");
      await sendAndConfirm(send);
    });

    await test.step("the employee sees View Currencies in the cargo menu", async () => {
      await signInCargo(employeePage, employee.email, employee.password, DASHBOARD);
      await expect(cargoMenu(employeePage).getByRole("link", { name: "View Currencies" })).toBeVisible();
      await shot(employeePage, "employee-menu-currency");
      await signOut(employeePage);
    });

    await test.step("the admin unticks Currency View", async () => {
      const send = await choose();
      await expect(cargoGroup(page, "Currency").getByRole("checkbox", { name: "Currency View" })).toBeChecked();
      await tick("Currency", "Currency View", false);
      await sendAndConfirm(send);
    });

    await test.step("the employee no longer sees View Currencies", async () => {
      await signInCargo(employeePage, employee.email, employee.password, DASHBOARD);
      await expect(cargoMenu(employeePage).getByRole("link", { name: "Dashboard" })).toBeVisible();
      await expect(cargoMenu(employeePage).getByRole("link", { name: "View Currencies" })).toHaveCount(0);
      await shot(employeePage, "employee-menu-no-currency");
    });
    await beside.close();
  });
});

test.describe("forgot password", () => {
  test("an unknown e-mail gets the same answer as a known one; stage 1 leads to stage 2, and a wrong code shows the Error dialog", async ({
    page,
  }) => {
    await page.goto("/cargo-login");
    await page.getByRole("link", { name: "Forget Password" }).click();
    await expect(page).toHaveURL(at(FORGOT_PASSWORD));
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
    const reset = page.getByRole("button", { name: "Reset Password" });
    await expect(reset).toBeDisabled();

    // An unknown e-mail gets the same answer as a known one; a new code leads back to stage 1.
    await textbox(page, "Email").fill("nobody-here@e2e.local");
    await reset.click();
    const unknown = page.getByRole("dialog", { name: "Success" });
    await expect(unknown).toContainText(USER_MESSAGES.resetSent);
    await unknown.getByRole("button", { name: "Ok" }).click();
    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();

    await textbox(page, "Email").fill(ADMIN.email);
    await shot(page, "forgot-stage1");
    await reset.click();

    const sent = page.getByRole("dialog", { name: "Success" });
    await expect(sent).toContainText(USER_MESSAGES.resetSent);
    await sent.getByRole("button", { name: "Ok" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
    await expect(textbox(page, "Email")).toBeDisabled();
    await expect(textbox(page, "Email")).toHaveValue(ADMIN.email);
    await expect(page.getByRole("button", { name: "Send a new code" })).toBeEnabled();

    const confirm = page.getByRole("button", { name: "Confirm" });
    await expect(confirm).toBeDisabled();
    // The mailed code is random; 000000 matching it is a one-in-a-million chance.
    await textbox(page, "Code").fill("000000");
    await textbox(page, "New Password").fill("Changed@4567");
    await textbox(page, "Confirm Password").fill("Changed@4567");
    await confirm.click();
    await expect(errorDialog(page)).toContainText(USER_MESSAGES.resetInvalid);
    await shot(page, "forgot-wrong-code");
    await errorDialog(page).getByRole("button", { name: "Ok" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();

    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
    await expect(textbox(page, "Email")).toHaveValue(ADMIN.email);
  });
});
