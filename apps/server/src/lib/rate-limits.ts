import type { FastifyInstance } from "fastify";

/**
 * A per-address limit for a public form (sign-in, registration, password reset, uploads), with a
 * message a person can read. LOGIN_RATE_LIMIT sets the base allowance per minute.
 */
export function publicLimit(app: FastifyInstance, max: number, message: string) {
  return app.rateLimit({
    max,
    timeWindow: "1 minute",
    errorResponseBuilder: () => ({ statusCode: 429, code: "RATE_LIMITED", message }),
  });
}
