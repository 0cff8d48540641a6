import { INTEGRATION_MESSAGES, integrationSchema, perm } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { getIntegrationSettings, saveIntegrationSettings } from "./integration.service";

const canRead = access.permission(perm("Setting", "Accounts Integration"), perm("Accounts"));
const canSave = access.permission(perm("Setting", "Accounts Integration", "Add Accounts Integration"));

export function integrationRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/setting/account_integration",
      {
        config: { access: canRead },
        schema: {
          tags: ["settings"],
          summary: "Accounts Integration: the accounts and groups the system posts to",
          security: bearer,
        },
      },
      () => getIntegrationSettings(deps.db),
    );
    app.put(
      "/setting/account_integration",
      {
        config: { access: canSave },
        schema: {
          tags: ["settings"],
          summary: "Replace the Accounts Integration settings",
          security: bearer,
          body: integrationSchema,
        },
      },
      async (request) => {
        await saveIntegrationSettings(ctxOf(deps, request), request.body);
        return { message: INTEGRATION_MESSAGES.saved, data: await getIntegrationSettings(deps.db) };
      },
    );
  };
}
