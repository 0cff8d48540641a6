import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";

export const currencyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sign: z.string().nullish(),
  code: z.string(),
  // NUMERIC columns may arrive as strings.
  rate: z.coerce.number(),
});
export type CurrencyRow = z.infer<typeof currencyRowSchema>;

const currencyPageSchema = z.object({
  data: z.array(currencyRowSchema),
  page: z.coerce.number(),
  total_results: z.coerce.number(),
});

/** The spec fetches currencies as one page of up to 1000. */
export const CURRENCY_FETCH = { size: 1000, page: 1 } as const;

export const currencyKeys = {
  all: ["currencies"] as const,
  list: () => [...currencyKeys.all, "list", CURRENCY_FETCH] as const,
};

export function useCurrencies() {
  return useQuery({
    queryKey: currencyKeys.list(),
    queryFn: ({ signal }) =>
      api.get(`/currency?size=${CURRENCY_FETCH.size}&page=${CURRENCY_FETCH.page}`, currencyPageSchema, signal),
  });
}
