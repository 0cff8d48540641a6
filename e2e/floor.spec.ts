import { ADMIN } from "./fixtures";
import { at, expect, openAsAccounts, snap, storedToken, test } from "./helpers";

const ADD_HALL = "/inventory/Hall/addHall";
const LIST_TABLE = "/inventory/Table/listTable";
const UPLOAD_TABLE = "/inventory/Table/uploadTable";

/** Names no other run or test uses. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe.configure({ timeout: 60_000 });

test.describe("Master Control > Hall and Table", () => {
  test("tables dragged and moved with the keyboard on the Layout tab keep their positions after a reload", async ({
    page,
  }) => {
    const hallName = unique("Garden");
    await openAsAccounts(page, ADMIN, ADD_HALL);
    await expect(page.getByRole("heading", { level: 1, name: "Add Hall" })).toBeVisible();
    await page.getByRole("textbox", { name: "Hall Name" }).fill(hallName);
    await page.getByRole("spinbutton", { name: "Service Charge % (override)" }).fill("7.5");
    await page.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Success" });
    await expect(dialog).toContainText(`Hall added successfully: ${hallName}`);
    await dialog.getByRole("button", { name: "Ok" }).click();

    const token = await storedToken(page);
    const halls = await page.request.get(`/api/inventory/hall?search=${encodeURIComponent(hallName)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const hallId = ((await halls.json()) as { data: { id: number }[] }).data[0]?.id;
    for (const name of ["G1", "G2"]) {
      const added = await page.request.post("/api/inventory/table", {
        headers: { authorization: `Bearer ${token}` },
        data: { hallId, name, seats: 4, shape: name === "G1" ? "round" : "square" },
      });
      expect(added.status()).toBe(200);
    }

    await page.goto(LIST_TABLE);
    await expect(page).toHaveURL(at(LIST_TABLE));
    await page.getByRole("tab", { name: "Layout" }).click();
    await page.getByRole("combobox", { name: "Hall" }).click();
    await page.getByRole("option", { name: hallName }).click();
    await expect(page.getByRole("listbox")).toBeHidden();
    const first = page.getByTestId("floor-table-G1");
    const second = page.getByTestId("floor-table-G2");
    await expect(first).toHaveAttribute("aria-label", "Table G1, 4 seats, at 20, 20");
    await expect(second).toHaveAttribute("aria-label", "Table G2, 4 seats, at 120, 20");

    // Hovering may scroll the canvas into view: the box is read after it, where the mouse now is.
    await first.hover({ position: { x: 30, y: 30 } });
    const box = await first.boundingBox();
    if (!box) throw new Error("table G1 is not on the canvas");
    await page.mouse.down();
    await expect(first).toBeFocused();
    await page.mouse.move(box.x + 130, box.y + 100, { steps: 5 });
    await page.mouse.up();
    await expect(first).toHaveAttribute("aria-label", "Table G1, 4 seats, at 120, 90");
    await second.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    await expect(second).toHaveAttribute("aria-label", "Table G2, 4 seats, at 130, 40");
    await snap(page, "floor-layout-moved");
    await page.getByRole("button", { name: "Save layout" }).click();
    const saved = page.getByRole("dialog", { name: "Success" });
    await expect(saved).toContainText("Layout saved successfully");
    await saved.getByRole("button", { name: "Ok" }).click();

    await page.reload();
    await page.getByRole("tab", { name: "Layout" }).click();
    await page.getByRole("combobox", { name: "Hall" }).click();
    await page.getByRole("option", { name: hallName }).click();
    await expect(page.getByTestId("floor-table-G1")).toHaveAttribute("aria-label", "Table G1, 4 seats, at 120, 90");
    await expect(page.getByTestId("floor-table-G2")).toHaveAttribute("aria-label", "Table G2, 4 seats, at 130, 40");
    await snap(page, "floor-layout-reloaded");
  });

  test("a table upload with a name repeated in a hall shows the error on that row; a clean file saves", async ({
    page,
  }) => {
    const hallName = unique("Patio");
    await openAsAccounts(page, ADMIN, UPLOAD_TABLE);
    const token = await storedToken(page);
    const added = await page.request.post("/api/inventory/hall", {
      headers: { authorization: `Bearer ${token}` },
      data: { name: hallName },
    });
    expect(added.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Upload Table" })).toBeVisible();
    const input = page.locator('input[type="file"]');
    const badFile = `hall,name,seats,shape\n${hallName},P1,4,round\n${hallName},p1,2,square\n`;
    await input.setInputFiles({ name: "tables.csv", mimeType: "text/csv", buffer: Buffer.from(badFile) });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByTestId("checked-row-3")).toContainText(
      "name: This name is repeated for the same hall in the file",
    );
    await expect(page.getByTestId("checked-row-2")).toContainText("OK");
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await snap(page, "floor-upload-checked");

    const goodFile = `hall,name,seats,shape\n${hallName},P1,4,round\n${hallName},P2,2,square\n`;
    await input.setInputFiles({ name: "tables2.csv", mimeType: "text/csv", buffer: Buffer.from(goodFile) });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByTestId("checked-row-3")).toContainText("OK");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved: 2 table(s) created" })).toBeVisible();
  });
});
