import { errorBodySchema, perm, posBootstrapQuerySchema, posBootstrapSchema } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { bootstrapEtag, buildBootstrap, catalogVersion, matchesEtag } from "./pos-bootstrap.service";

/** The register (POS), a waiter's tablet (Table Order) and a kitchen screen all start from it. */
const read = access.permission(perm("POS"), perm("Table Order"), perm("Kitchen Display System"));

export function posBootstrapRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/pos/bootstrap",
      {
        config: { access: read },
        schema: {
          tags: ["pos"],
          summary:
            "Everything a register needs in one answer (settings, taxes, methods, counters, stations, printers, menu, deals, promotions, halls and tables), with a strong ETag: If-None-Match answers 304 with no body until master data changes",
          security: bearer,
          querystring: posBootstrapQuerySchema,
          response: {
            200: posBootstrapSchema,
            304: z.null().describe("Not modified: the ETag sent in If-None-Match is current; no body"),
            ...protectedErrors,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        // The 304 path reads one row: the answer is built only when the register's copy is stale.
        const current = bootstrapEtag(await catalogVersion(deps.db), request.query.counterId);
        reply.header("cache-control", "private, no-cache");
        if (matchesEtag(request.headers["if-none-match"], current)) {
          return reply.code(304).header("etag", current).send(null);
        }
        const answer = await buildBootstrap(ctxOf(deps, request), request.query);
        return reply.header("etag", bootstrapEtag(answer.version, request.query.counterId)).send(answer);
      },
    );
  };
}
