import { useEffect, useState } from "react";
import type { VoucherCriteria } from "./api";
import { ISO_DATE } from "./lines";

export const SEARCH_PATH = "/accounts/vouchersearch";
export const SEARCH_DETAIL_PATH = "/accounts/voucher-search-detail";

/** Query-string names, so a search result survives a reload and can be bookmarked. */
const PARAM = { type: "type", from: "from", to: "to", text: "q" } as const;

const dateParam = (params: URLSearchParams, name: string): string => {
  const value = params.get(name) ?? "";
  return ISO_DATE.test(value) ? value : "";
};

/** The criteria in a query string, or null without a valid voucher type (1 to 5). */
export function criteriaFromParams(params: URLSearchParams): VoucherCriteria | null {
  const typeId = Number(params.get(PARAM.type));
  if (!Number.isInteger(typeId) || typeId < 1 || typeId > 5) return null;
  return { voucherTypeId: typeId, startedDate: dateParam(params, PARAM.from), endDate: dateParam(params, PARAM.to) };
}

export function criteriaToParams(criteria: VoucherCriteria, text = ""): URLSearchParams {
  const params = new URLSearchParams({ [PARAM.type]: String(criteria.voucherTypeId) });
  if (criteria.startedDate) params.set(PARAM.from, criteria.startedDate);
  if (criteria.endDate) params.set(PARAM.to, criteria.endDate);
  if (text) params.set(PARAM.text, text);
  return params;
}

export const textFromParams = (params: URLSearchParams): string => params.get(PARAM.text) ?? "";

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
