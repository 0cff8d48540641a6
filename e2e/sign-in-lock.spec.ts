import { SIGN_IN_LOCK_MESSAGES } from "@cargodesk/shared";
import { ADMIN, USERS } from "./fixtures";
import { DASHBOARD, errorDialog, expect, signInCargo, submitCargo, test } from "./helpers";
import { shot, signOut, userRow } from "./users-helpers";

const locked = USERS.lockedEmployee;

test("a locked account is told until when; the admin sees the lock and lifts it", async ({ page }) => {
  test.setTimeout(90_000);
  await test.step("the right password is refused with the lock and its end", async () => {
    await submitCargo(page, locked.email, locked.password);
    const dialog = errorDialog(page);
    await expect(dialog).toContainText(
      /This account is locked after too many wrong passwords until \d{2}:\d{2}\. Try again then, or ask an administrator to unlock it\./,
    );
    await shot(page, "sign-in-locked");
    await dialog.getByRole("button", { name: "Ok" }).click();
  });

  await test.step("the admin sees the user locked and unlocks them", async () => {
    await signInCargo(page, ADMIN.email, ADMIN.password);
    const row = await userRow(page, locked.email);
    await expect(row.getByText(/^Locked until /)).toBeVisible();
    await shot(page, "user-list-locked");
    await row.getByRole("button", { name: "Unlock", exact: true }).click();
    const success = page.getByRole("dialog", { name: "Success" });
    await expect(success).toContainText(SIGN_IN_LOCK_MESSAGES.unlocked);
    await shot(page, "user-unlocked");
    await success.getByRole("button", { name: "Ok" }).click();
    await expect(row.getByText(/^Locked until /)).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Unlock", exact: true })).toHaveCount(0);
    await signOut(page);
  });

  await test.step("the user signs in", async () => {
    await signInCargo(page, locked.email, locked.password, DASHBOARD);
  });
});
