import { perm } from "@cargodesk/shared";
import { asc, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currencies } from "../../db/schema/index";
import type { AppDeps } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";

const currencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sign: z.string(),
  code: z.string(),
  rate: z.number(),
});
const pageQuery = z.object({
  size: z.coerce.number().int().min(1).max(1000).default(50),
  page: z.coerce.number().int().min(1).default(1),
});

export function currencyRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/currency",
      {
        config: { access: access.permission(perm("Currency", "Currency View"), perm("Shipment", "Shipment Add")) },
        schema: {
          tags: ["currencies"],
          summary: "Currencies, paged (page is 1-based)",
          security: bearer,
          querystring: pageQuery,
          response: {
            200: z.object({ data: z.array(currencySchema), page: z.number().int(), total_results: z.number().int() }),
            ...protectedErrors,
          },
        },
      },
      async (request) => {
        const { size, page } = request.query;
        const rows = await deps.db
          .select({
            id: currencies.id,
            name: currencies.name,
            sign: currencies.sign,
            code: currencies.code,
            rate: sql<number>`${currencies.rate}::float8`,
            total: sql<number>`count(*) over ()::int`,
          })
          .from(currencies)
          .orderBy(asc(currencies.id))
          .limit(size)
          .offset((page - 1) * size);
        return {
          data: rows.map(({ total: _total, ...row }) => row),
          page,
          total_results: rows[0]?.total ?? 0,
        };
      },
    );
  };
}
