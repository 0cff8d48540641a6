/**
 * Set-up of the Kitchen Display browser test through the API: this test's own station, a dish
 * cooked there, a cook who holds only Kitchen Display System, and orders fired to the kitchen.
 */
import { type PermissionEntry, type PosOrder, posOrderSchema } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { ADMIN } from "./fixtures";
import { expect } from "./helpers";
import { apiJson } from "./pos-helpers";
import { newStaffMember } from "./users-helpers";

const idOf = (answer: unknown): number => (answer as { data: { id: number } }).data.id;
const uuid = () => crypto.randomUUID();

/** "Grill <tag>" (target 1 minute, red 1 minute later) and "Burger <tag>" in size "L <tag>" cooked there. */
export async function grillWithBurger(page: Page, token: string, tag: string) {
  const post = async (url: string, data: object) => idOf(await apiJson(page, token, "POST", url, data));
  const station = `Grill ${tag}`;
  const stationId = await post("/api/setting/station", {
    name: station,
    printerId: null,
    mode: "display",
    targetMinutes: 1,
    alertMinutes: 1,
  });
  const taxes = (await apiJson(page, token, "GET", "/api/setting/tax_class")) as {
    data: { id: number; rateBp: number }[];
  };
  const taxClassId = taxes.data.find((taxClass) => taxClass.rateBp === 1600)?.id;
  expect(taxClassId, "the seeded 16% Food tax class").toBeTruthy();
  const categoryId = await post("/api/inventory/category", { name: `Grill ${tag}`, stationId });
  const sizeId = await post("/api/inventory/size", { name: `L ${tag}`, code: "L" });
  const name = `Burger ${tag}`;
  const product = (await apiJson(page, token, "POST", "/api/inventory/product", {
    name,
    categoryId,
    taxClassId,
    track: "none",
    availableInPos: true,
    sizeIds: [sizeId],
    variants: [{ sizeId, price: 700 }],
  })) as { data: { variants: { id: number }[] } };
  const variantId = product.data.variants[0]?.id ?? 0;
  expect(variantId, `${name} has a variant`).toBeGreaterThan(0);
  return { station, stationId, dish: name, variantId };
}

/** A take-away order of `qty` × the dish with `note`, not yet sent to the kitchen. */
export async function openOrder(
  page: Page,
  token: string,
  order: { counterId: number; variantId: number; qty: number; note: string },
): Promise<PosOrder> {
  return posOrderSchema.parse(
    await apiJson(page, token, "POST", "/api/pos/order", {
      clientUuid: uuid(),
      counterId: order.counterId,
      orderType: "take_away",
      ops: [
        {
          opUuid: uuid(),
          kind: "add_line",
          lineUuid: "l1",
          variantId: order.variantId,
          qty: order.qty,
          note: order.note,
        },
      ],
    }),
  );
}

/** Adds a line to an open order (an addition once the order was fired). */
export async function addLine(page: Page, token: string, order: PosOrder, variantId: number, qty: number) {
  return posOrderSchema.parse(
    await apiJson(page, token, "POST", `/api/pos/order/${order.id}/ops`, {
      expectedVersion: order.version,
      ops: [{ opUuid: uuid(), kind: "add_line", lineUuid: uuid(), variantId, qty }],
    }),
  );
}

/** Sends every pending line of the order to the kitchen. */
export async function fire(page: Page, token: string, orderId: number): Promise<void> {
  await apiJson(page, token, "POST", `/api/pos/order/${orderId}/fire`, {});
}

/** The admin's cargo sign-in, for making staff. */
async function cargoToken(page: Page): Promise<string> {
  const answer = await page.request.post("/api/user_cargo/cargo_login", {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** An approved employee of this test alone holding `permissions`, made through the API. */
export async function newEmployee(page: Page, permissions: PermissionEntry[]) {
  return newStaffMember(page.request, await cargoToken(page), { permissions });
}
