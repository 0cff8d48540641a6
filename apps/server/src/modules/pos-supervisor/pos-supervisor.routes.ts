import {
  AUTH_MESSAGES,
  errorBodySchema,
  perm,
  supervisorApprovalSchema,
  supervisorRequestSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { routeDoc } from "../../lib/crud-routes";
import { publicLimit } from "../../lib/rate-limits";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { createUnknownLogins } from "../auth/index";
import { approveAsSupervisor } from "./pos-supervisor.service";

const doc = routeDoc("pos");

export function posSupervisorRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const rateLimit = publicLimit(app, "supervisor", deps.config.LOGIN_RATE_LIMIT, AUTH_MESSAGES.tooManyAttempts);
    const unknownLogins = createUnknownLogins(deps.db);
    app.post(
      "/pos/supervisor",
      {
        config: { access: access.permission(perm("POS"), perm("Table Order")) },
        onRequest: rateLimit,
        schema: doc(
          "A supervisor (Setting > Day Close) approves one action of the register or a waiter (POS or Table Order) with their password: a one-time token valid 60 s. A wrong password is 403 and counts toward the sign-in lock",
          {
            body: supervisorRequestSchema,
            response: { 200: supervisorApprovalSchema, ...protectedErrors, 429: errorBodySchema },
          },
        ),
      },
      (request) => approveAsSupervisor(ctxOf(deps, request), request.body, unknownLogins),
    );
  };
}
