/**
 * Set-up of the Table Order browser test through the API: this test's own hall with tables T5, T7
 * and T9 laid out on the floor, and the device's counter remembered for seating.
 */
import { type PosFloor, posFloorSchema } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { expect } from "./helpers";
import { apiJson } from "./pos-helpers";

const idOf = (answer: unknown): number => (answer as { data: { id: number } }).data.id;

/** "Hall <tag>" with T5, T7 and T9 side by side (placed, so the floor shows the layout). */
export async function tableHall(page: Page, token: string, tag: string) {
  const hall = `Hall ${tag}`;
  const hallId = idOf(await apiJson(page, token, "POST", "/api/inventory/hall", { name: hall }));
  const ids: Record<string, number> = {};
  for (const name of ["T5", "T7", "T9"])
    ids[name] = idOf(await apiJson(page, token, "POST", "/api/inventory/table", { hallId, name, seats: 4 }));
  await apiJson(page, token, "PUT", "/api/inventory/table/layout", {
    tables: ["T5", "T7", "T9"].map((name, index) => ({ id: ids[name], x: 40 + index * 220, y: 40, w: 180, h: 130 })),
  });
  return { hall, hallId, t5: ids.T5 ?? 0, t9: ids.T9 ?? 0 };
}

/** The hall's floor as the server shows it. */
export async function floorOf(page: Page, token: string, hallId: number): Promise<PosFloor> {
  return posFloorSchema.parse(await apiJson(page, token, "GET", `/api/pos/floor?hallId=${hallId}`));
}

/** Remembers `counterId` as this browser's counter (as a device set up once does). */
export async function rememberCounter(page: Page, counterId: number): Promise<void> {
  await page.evaluate((id) => localStorage.setItem("cargodesk.device.pos.counterId", String(id)), counterId);
}

/** A table on the floor plan, by name. */
export const floorTable = (page: Page, name: string) =>
  page.getByRole("button", { name: new RegExp(`^Table ${name}, `) });

/** Seats `guests` at a free table and waits for its check to open. */
export async function seat(page: Page, name: string, guests: number): Promise<void> {
  await floorTable(page, name).click();
  const dialog = page.getByRole("dialog", { name: `Seat table ${name}` });
  await dialog.getByRole("spinbutton", { name: "Guests" }).fill(String(guests));
  await dialog.getByRole("button", { name: "Open table" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: `Table ${name}` })).toBeVisible();
}

/** A menu tile by its item name. */
export const tile = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name},`) });
