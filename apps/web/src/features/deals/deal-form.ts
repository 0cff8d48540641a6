import { ALL_WEEKDAYS, type Deal, type DealForm } from "@cargodesk/shared";

/** A new deal: every day, every order type, active, one empty fixed line to fill in. */
export const EMPTY_DEAL: DealForm = {
  code: "",
  name: "",
  categoryId: "",
  // Empty until typed: the number box shows nothing rather than 0.
  price: null as unknown as number,
  imagePath: null,
  validFrom: "",
  validTo: "",
  weekdays: ALL_WEEKDAYS,
  timeFrom: "",
  timeTo: "",
  orderTypes: 7,
  active: true,
  fixed: [{ variantId: 0, qty: 1 }],
  choices: [],
};

/** What the form and the list's active toggle send back for a stored deal. */
export const dealFormOf = (deal: Deal): DealForm => ({
  code: deal.code,
  name: deal.name,
  categoryId: deal.categoryId ?? "",
  price: deal.price,
  imagePath: deal.imagePath,
  validFrom: deal.validFrom ?? "",
  validTo: deal.validTo ?? "",
  weekdays: deal.weekdays,
  timeFrom: deal.timeFrom ?? "",
  timeTo: deal.timeTo ?? "",
  orderTypes: deal.orderTypes,
  active: deal.active,
  fixed: deal.fixed.map((line) => ({ variantId: line.variantId, qty: line.qty })),
  choices: deal.choices.map((choice) => ({
    label: choice.label,
    minChoose: choice.minChoose,
    maxChoose: choice.maxChoose,
    options: choice.options.map((option) => ({
      variantId: option.variantId,
      qty: option.qty,
      extraPrice: option.extraPrice,
      isDefault: option.isDefault,
    })),
  })),
});

export interface KnownVariant {
  label: string;
  price: number;
}

/** The variants a stored deal names, with the label and list price the form shows beside each picker. */
export function variantsOf(deal: Deal): Map<number, KnownVariant> {
  const known = new Map<number, KnownVariant>();
  for (const line of deal.fixed) known.set(line.variantId, { label: line.label, price: line.unitPrice });
  for (const choice of deal.choices)
    for (const option of choice.options) known.set(option.variantId, { label: option.label, price: option.unitPrice });
  return known;
}
