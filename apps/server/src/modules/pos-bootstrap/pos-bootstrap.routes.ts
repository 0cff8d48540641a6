import {
  errorBodySchema,
  type PosBootstrap,
  perm,
  posBootstrapQuerySchema,
  posBootstrapSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { droppedPaths } from "../../lib/answer-serializer";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import {
  bootstrapEtag,
  catalogVersion,
  counterOf,
  createCatalogueCache,
  matchesEtag,
  withCounter,
} from "./pos-bootstrap.service";

/** The register (POS), a waiter's tablet (Table Order) and a kitchen screen all start from it. */
const read = access.permission(perm("POS"), perm("Table Order"), perm("Kitchen Display System"));

/**
 * The answer is JSON text built by PostgreSQL, so the serializer that checks other answers does not
 * see it; under tests it is checked here the same way: it parses with the shared schema and has no
 * field the schema does not describe.
 */
function checkAnswer(body: string): void {
  const sent: unknown = JSON.parse(body);
  const kept = posBootstrapSchema.parse(sent);
  const dropped = droppedPaths(sent, JSON.parse(JSON.stringify(kept)));
  if (dropped.length > 0) throw new Error(`GET /api/pos/bootstrap answered undescribed fields: ${dropped.join(", ")}`);
}

export function posBootstrapRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const catalogueFor = createCatalogueCache();

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
        const version = await catalogVersion(deps.db);
        const current = bootstrapEtag(version, request.query.counterId);
        reply.header("cache-control", "private, no-cache");
        if (matchesEtag(request.headers["if-none-match"], current)) {
          return reply.code(304).header("etag", current).send(null);
        }
        const ctx = ctxOf(deps, request);
        const counter = await counterOf(ctx, request.query.counterId);
        const catalogue = await catalogueFor(ctx, version);
        const body = withCounter(catalogue, counter);
        if (deps.config.NODE_ENV === "test") checkAnswer(body);
        // JSON text already: Fastify sends it as it is (see checkAnswer for the contract).
        return reply
          .header("etag", bootstrapEtag(catalogue.version, request.query.counterId))
          .type("application/json; charset=utf-8")
          .send(body as unknown as PosBootstrap);
      },
    );
  };
}
