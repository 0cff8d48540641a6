/**
 * Set-up of the Order View and Day Close browser tests through the API: a menu item sold from a
 * kitchen station (optionally taking a store product from stock), sales with a pay operation, and
 * a day left open by an earlier spec file closed so the day's checks start from nothing.
 */
import {
  dayClosePreviewSchema,
  dayOpenCurrentSchema,
  type PosBootstrap,
  type PosOrder,
  posBootstrapSchema,
  posOrderSchema,
} from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { companyDay } from "./dates";
import { USERS } from "./fixtures";
import { expect } from "./helpers";
import { apiJson } from "./pos-helpers";

const idOf = (answer: unknown): number => (answer as { data: { id: number } }).data.id;
const uuid = () => crypto.randomUUID();
/** The device the set-up's sales are recorded on (the operation log names it). */
export const SALES_DEVICE = "e2e-front-till";

export async function bootstrap(page: Page, token: string, counterId?: number): Promise<PosBootstrap> {
  const query = counterId === undefined ? "" : `?counterId=${counterId}`;
  return posBootstrapSchema.parse(await apiJson(page, token, "GET", `/api/pos/bootstrap${query}`));
}

export const methodOf = (boot: PosBootstrap, kind: "cash" | "card"): number => {
  const method = boot.paymentMethods.find((candidate) => candidate.kind === kind);
  expect(method, `a ${kind} payment method`).toBeTruthy();
  return method?.id ?? 0;
};

/**
 * "Zinger <tag>" in size "L <tag>" at `price` before tax, in a category sent to the first kitchen
 * station, taxed by the seeded Food class; `direct` takes that much of a store product per portion.
 */
export async function kitchenItem(
  page: Page,
  token: string,
  tag: string,
  price: number,
  direct?: { storeProductId: number; qty: number },
) {
  const boot = await bootstrap(page, token);
  const post = async (url: string, data: object) => idOf(await apiJson(page, token, "POST", url, data));
  const stationId = boot.stations[0]?.id;
  const taxClassId = boot.taxClasses.find((candidate) => candidate.name === "Food")?.id;
  expect(stationId && taxClassId, "the seeded Kitchen station and Food tax class").toBeTruthy();
  const categoryId = await post("/api/inventory/category", { name: `Grill ${tag}`, stationId });
  const sizeId = await post("/api/inventory/size", { name: `L ${tag}`, code: "L" });
  const name = `Zinger ${tag}`;
  await post("/api/inventory/product", {
    name,
    categoryId,
    taxClassId,
    track: direct ? "direct" : "none",
    availableInPos: true,
    sizeIds: [sizeId],
    variants: [{ sizeId, price, directStoreProductId: direct?.storeProductId ?? null, directQty: direct?.qty ?? null }],
  });
  const product = (await bootstrap(page, token)).products.find((candidate) => candidate.name === name);
  const variantId = product?.variants[0]?.id;
  expect(variantId, `${name} on the POS`).toBeTruthy();
  return { name, size: `L ${tag}`, variantId: variantId ?? 0, line: `${name} (L ${tag})` };
}

/** A take-away sale in one request: the item, then a pay operation with one tender. */
export async function sell(
  page: Page,
  token: string,
  sale: {
    counterId: number;
    variantId: number;
    qty: number;
    methodId: number;
    amount: number;
    tendered?: number;
    reference?: string;
  },
): Promise<PosOrder> {
  const order = posOrderSchema.parse(
    await apiJson(page, token, "POST", "/api/pos/order", {
      clientUuid: uuid(),
      counterId: sale.counterId,
      orderType: "take_away",
      deviceId: SALES_DEVICE,
      ops: [
        { opUuid: uuid(), kind: "add_line", lineUuid: "l1", variantId: sale.variantId, qty: sale.qty },
        {
          opUuid: uuid(),
          kind: "pay",
          clientUuid: uuid(),
          payments: [
            { methodId: sale.methodId, amount: sale.amount, tendered: sale.tendered, reference: sale.reference ?? "" },
          ],
        },
      ],
    }),
  );
  expect(order.status, "the sale is paid").toBe("paid");
  return order;
}

/**
 * Closes a business day another spec file left open (on this worker's database), so this file
 * starts with no open day: open orders are paid in cash, counters counted as expected, stock
 * exceptions accepted, then the day closes.
 */
export async function closeOpenDay(page: Page, token: string): Promise<void> {
  const current = dayOpenCurrentSchema.parse(await apiJson(page, token, "GET", "/api/setting/day_open/current"));
  if (!current.day) return;
  const dayId = current.day.id;
  const preview = async () =>
    dayClosePreviewSchema.parse(await apiJson(page, token, "GET", `/api/setting/day_close/preview?dayId=${dayId}`));
  const first = await preview();
  const cash = methodOf(await bootstrap(page, token), "cash");
  for (const order of first.openOrders) {
    await apiJson(page, token, "POST", `/api/pos/order/${order.id}/pay`, {
      clientUuid: uuid(),
      payments: [{ methodId: cash, amount: Math.ceil(order.total * 1.2) + 1 }],
    });
  }
  for (const exception of first.exceptions) {
    await apiJson(page, token, "POST", `/api/setting/day_close/exception/${exception.id}/accept`, {
      reason: "Closed before the Day Close browser test",
    });
  }
  for (const session of (await preview()).counters.filter((candidate) => candidate.status === "open")) {
    const counted = Object.fromEntries(
      session.methods
        .filter((method) => method.countedAtClose)
        .map((method) => [String(method.methodId), method.expected]),
    );
    await apiJson(page, token, "POST", `/api/setting/day_close/session/${session.id}`, { counted });
  }
  const ready = await preview();
  expect(ready.blockers, "what still stops the leftover day from closing").toEqual([]);
  await apiJson(page, token, "POST", "/api/setting/day_close", { dayId });
}

/**
 * Opens a business day `daysBack` days before today (with the first counter, float 0) unless one is
 * open. A day may not be dated after today and each date opens once, so tests that open days date
 * them in the past and leave today to the register's tests on the same database.
 */
export async function openPastDay(page: Page, token: string, daysBack: number): Promise<void> {
  const current = dayOpenCurrentSchema.parse(await apiJson(page, token, "GET", "/api/setting/day_open/current"));
  if (current.day) return;
  const counter = current.counters[0];
  const cashier = current.cashiers.find((person) => person.userName === USERS.posCashier.userName);
  expect(counter && cashier, "a counter and the POS cashier").toBeTruthy();
  await apiJson(page, token, "POST", "/api/setting/day_open", {
    businessDate: companyDay(-daysBack),
    counters: [{ counterId: counter?.id, cashierId: cashier?.id, openingFloat: 0 }],
  });
}
