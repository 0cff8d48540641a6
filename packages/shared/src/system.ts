import { z } from "zod";

const databaseKindSchema = z.enum(["pglite", "postgres"]);

/**
 * GET /api/health: the process is alive (it asks the database nothing), with the company settings
 * the web app reads on load.
 */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: databaseKindSchema,
  /** The company's time zone (APP_TZ): the web app shows tracking instants and "today" on it. */
  time_zone: z.string(),
  /** FISCAL_YEAR_START as MM-DD: report periods start on it. */
  fiscal_year_start: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /api/ready, 200 or 503: whether this server should be sent requests. Ready when the database
 * answers and holds every migration of this build, and the server is not shutting down.
 */
export const readinessSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  /** Why not, e.g. "shutting down" or "database did not answer within 2000 ms"; null when ready. */
  reason: z.string().nullable(),
  database: databaseKindSchema,
  /** The newest migration this build carries (its tag, e.g. `0015_pos_orders`). */
  migration: z.string(),
});
export type Readiness = z.infer<typeof readinessSchema>;
