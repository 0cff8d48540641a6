import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api";

/** A country as `GET /api/country` lists it: `code` is the ISO 3166-1 numeric code (DESIGN section 9). */
export const countryRowSchema = z.object({
  country_id: z.number().int(),
  name: z.string(),
  code: z.union([z.string(), z.number()]),
  iso2: z.string().nullish(),
  dial_code: z.string().nullish(),
});
export type CountryRow = z.infer<typeof countryRowSchema>;

export const countryKeys = {
  all: ["countries"] as const,
  list: () => [...countryKeys.all, "list"] as const,
};

export function useCountries() {
  return useQuery({
    queryKey: countryKeys.list(),
    queryFn: ({ signal }) => api.get("/country", z.array(countryRowSchema), signal),
  });
}
