import {
  AUTH_MESSAGES,
  errorBodySchema,
  perm,
  signOutEverywhereResponseSchema,
  signOutOthersResponseSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer } from "../../lib/route-schemas";
import { access, currentUser } from "../../plugins/access";
import { signOutEverywhere } from "./users.service";

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Ending sessions: an admin's "sign out everywhere" for a user, and the user's own for their other sessions. */
export function sessionRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.post(
      "/users/me/sign_out_everywhere",
      {
        config: { access: access.signedIn },
        schema: {
          tags: ["users"],
          summary: "Sign out the caller's other sessions; answers a fresh token for this one",
          security: bearer,
          response: { 200: signOutOthersResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const version = await signOutEverywhere(ctxOf(deps, request), user.id);
        return { message: AUTH_MESSAGES.signedOutOthers, token: await deps.tokens.sign(user.id, version) };
      },
    );

    app.post(
      "/users/:id/sign_out_everywhere",
      {
        config: { access: access.permission(perm("User", "User Edit Status")) },
        schema: {
          tags: ["users"],
          summary: "End every session of a user (Admin, or User Edit Status for non-Admins); audited",
          security: bearer,
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: { 200: signOutEverywhereResponseSchema, ...errors },
        },
      },
      async (request) => {
        await signOutEverywhere(ctxOf(deps, request), request.params.id);
        return { message: AUTH_MESSAGES.signedOutEverywhere };
      },
    );
  };
}
