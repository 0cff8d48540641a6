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

/**
 * A count of events per fixed window over ALL callers, for limits that rotating addresses cannot
 * escape. Kept in this server's memory: with several app servers each counts its own share.
 */
export function windowCounter(max: number, windowMs = 60_000, now: () => number = Date.now) {
  let windowStart = 0;
  let count = 0;
  return {
    /** Counts one event; refused (with the seconds until the window ends) once the allowance is spent. */
    take(): { allowed: boolean; retryAfterSeconds: number } {
      const at = now();
      if (at - windowStart >= windowMs) {
        windowStart = at;
        count = 0;
      }
      count += 1;
      return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)) };
    },
  };
}
