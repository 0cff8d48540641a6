import type { Product, ProductForm } from "@cargodesk/shared";
import type { FieldPath } from "react-hook-form";
import { buildGrid } from "./grid";

export const EMPTY_PRODUCT: ProductForm = {
  code: "",
  name: "",
  categoryId: null as unknown as number,
  description: "",
  imagePath: null,
  taxClassId: null,
  stationId: null,
  prepMinutes: 0,
  track: "recipe",
  orderTypes: 7,
  availableInPos: false,
  active: true,
  sizeIds: [],
  flavourIds: [],
  variants: buildGrid([], [], []) as ProductForm["variants"],
};

/** The form for a stored product; a copy gets a blank code, "(copy)" after the name and no barcodes or image. */
export function formOf(product: Product, copy: boolean): ProductForm {
  const cells = product.variants.map((variant) => ({
    sizeId: variant.sizeId,
    flavourId: variant.flavourId,
    price: variant.price,
    barcode: copy ? null : variant.barcode,
    active: variant.active,
    directStoreProductId: variant.directStoreProductId,
    directQty: variant.directQty,
  }));
  return {
    code: copy ? "" : product.code,
    name: copy ? `${product.name} (copy)` : product.name,
    categoryId: product.categoryId,
    description: product.description,
    imagePath: copy ? null : product.imagePath,
    taxClassId: product.taxClassId,
    stationId: product.stationId,
    prepMinutes: product.prepMinutes,
    track: product.track,
    orderTypes: product.orderTypes,
    availableInPos: copy ? false : product.availableInPos,
    active: product.active,
    sizeIds: product.sizeIds,
    flavourIds: product.flavourIds,
    variants: buildGrid(
      product.sizeIds,
      product.flavourIds,
      copy ? cells.filter((cell) => cell.active) : cells,
    ) as ProductForm["variants"],
  };
}

const FIELDS: FieldPath<ProductForm>[] = [
  "code",
  "name",
  "categoryId",
  "description",
  "imagePath",
  "taxClassId",
  "stationId",
  "prepMinutes",
  "track",
  "orderTypes",
  "availableInPos",
  "sizeIds",
  "flavourIds",
  "variants",
];
const VARIANT_FIELDS = ["price", "barcode", "directStoreProductId", "directQty"] as const;
export const fieldsFor = (count: number): FieldPath<ProductForm>[] => [
  ...FIELDS,
  ...Array.from({ length: count }, (_, index) => [
    `variants.${index}` as const,
    ...VARIANT_FIELDS.map((part) => `variants.${index}.${part}` as const),
  ]).flat(),
];
