import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../lib/context";
import { access } from "../../plugins/access";

const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  /** The company's time zone (APP_TZ): the web app shows tracking instants and "today" on it. */
  time_zone: z.string(),
  /** FISCAL_YEAR_START as MM-DD: report periods start on it. */
  fiscal_year_start: z.string(),
});

export function healthRoutes(deps: AppDeps & { dbKind: "pglite" | "postgres" }) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/health",
      {
        config: { access: access.public },
        schema: {
          tags: ["system"],
          summary: "Liveness: the server answers and the database responds",
          response: { 200: healthSchema },
        },
      },
      async () => {
        await deps.db.execute(sql`select 1`);
        return {
          status: "ok" as const,
          database: deps.dbKind,
          time_zone: deps.config.APP_TZ,
          fiscal_year_start: deps.config.FISCAL_YEAR_START,
        };
      },
    );
  };
}
