import { healthSchema, readinessSchema } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../lib/context";
import { access } from "../../plugins/access";
import { type ReadinessDeps, readinessCheck } from "./health.service";

export function healthRoutes(
  deps: AppDeps & Omit<ReadinessDeps, "db" | "draining"> & { draining?: ReadinessDeps["draining"] | undefined },
) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    // Only main.ts drains; an app built for tests never does.
    const readiness = readinessCheck({ ...deps, draining: deps.draining ?? (() => false) });
    app.get(
      "/health",
      {
        config: { access: access.public },
        schema: {
          tags: ["system"],
          summary:
            "Liveness: the process answers (no database call), with the company's time zone and fiscal year start",
          response: { 200: healthSchema },
        },
      },
      async () => ({
        status: "ok" as const,
        database: deps.dbKind,
        time_zone: deps.config.APP_TZ,
        fiscal_year_start: deps.config.FISCAL_YEAR_START,
      }),
    );
    app.get(
      "/ready",
      {
        config: { access: access.public },
        schema: {
          tags: ["system"],
          summary:
            "Readiness: 200 when the database answers and holds this build's migrations; 503 with the reason otherwise, and while the server shuts down",
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_request, reply) => {
        const answer = await readiness();
        return reply.status(answer.status === "ready" ? 200 : 503).send(answer);
      },
    );
  };
}
