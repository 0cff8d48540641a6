import { menuCategories, products, productVariants } from "../db/schema/index";
import type { TestApp } from "./harness";

let made = 0;

/**
 * A menu category (under `parentId` if given) with one product of one variant at `priceMinor`;
 * `availableInPos` puts the product on the POS (the bootstrap lists it).
 */
export async function menuItem(
  t: TestApp,
  name: string,
  priceMinor: bigint,
  parentId: number | null = null,
  availableInPos = false,
) {
  made += 1;
  const [category] = await t.db
    .insert(menuCategories)
    .values({ name: `${name} ${made}`, parentId })
    .returning({ id: menuCategories.id });
  if (!category) throw new Error("no category");
  const [product] = await t.db
    .insert(products)
    .values({ code: `CPN-${made}`, name: `${name} ${made}`, categoryId: category.id, availableInPos })
    .returning({ id: products.id });
  if (!product) throw new Error("no product");
  const [variant] = await t.db
    .insert(productVariants)
    .values({ productId: product.id, priceMinor })
    .returning({ id: productVariants.id });
  if (!variant) throw new Error("no variant");
  return { categoryId: category.id, productId: product.id, variantId: variant.id };
}
