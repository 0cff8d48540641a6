import { expect } from "vitest";
import { menuCategories, products, productVariants } from "../../db/schema/index";
import { bearer, type TestApp } from "../../test/harness";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** inject() as the given token. */
export const caller =
  (t: TestApp, token: () => string) =>
  (method: Method, url: string, payload?: object, as = token()) =>
    t.app.inject({ method, url, payload, headers: bearer(as) });

let made = 0;

/** A menu category (under `parentId` if given) with one product of one variant at `priceMinor`. */
export async function menuItem(t: TestApp, name: string, priceMinor: bigint, parentId: number | null = null) {
  made += 1;
  const [category] = await t.db
    .insert(menuCategories)
    .values({ name: `${name} ${made}`, parentId })
    .returning({ id: menuCategories.id });
  if (!category) throw new Error("no category");
  const [product] = await t.db
    .insert(products)
    .values({ code: `CPN-${made}`, name: `${name} ${made}`, categoryId: category.id })
    .returning({ id: products.id });
  if (!product) throw new Error("no product");
  const [variant] = await t.db
    .insert(productVariants)
    .values({ productId: product.id, priceMinor })
    .returning({ id: productVariants.id });
  if (!variant) throw new Error("no variant");
  return { categoryId: category.id, productId: product.id, variantId: variant.id };
}

/** Adds a coupon through the API and returns it. */
export async function addCoupon(api: ReturnType<typeof caller>, body: object) {
  const response = await api("POST", "/api/inventory/coupon", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; code: string | null; usedCount: number };
}
