import { countryRowSchema, perm } from "@cargodesk/shared";
import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { countries } from "../../db/schema/index";
import type { AppDeps } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";

export function countryRoutes(deps: AppDeps) {
  const listCountries = () =>
    deps.db
      .select({
        country_id: countries.countryId,
        name: countries.name,
        code: countries.code,
        iso2: countries.iso2,
        dial_code: countries.dialCode,
      })
      .from(countries)
      .orderBy(asc(countries.name));

  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/country",
      {
        config: { access: access.permission(perm("Country", "Country View")) },
        schema: {
          tags: ["countries"],
          summary: "Countries with ISO numeric code, alpha-2 code and dial code",
          security: bearer,
          response: { 200: z.array(countryRowSchema), ...protectedErrors },
        },
      },
      listCountries,
    );
    app.get(
      "/country/get_country",
      {
        config: { access: access.public },
        schema: {
          tags: ["countries"],
          summary: "Countries for public pickers (rate calculator, tracking)",
          response: { 200: z.array(countryRowSchema) },
        },
      },
      listCountries,
    );
  };
}
