import {
  errorBodySchema,
  messageAnswerSchema,
  perm,
  unitInputSchema,
  unitSavedSchema,
  unitUsageRowSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { addUnit, deleteUnit, unitUsage, updateUnit } from "./units.service";

/** Master Control > UOM edits units; Store > UOM reads them with their usage. */
const canEdit = access.permission(perm("Master Control", "UOM"));
const canRead = access.permission(perm("Store", "UOM"), perm("Master Control", "UOM"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["units"], summary, security: bearer, ...extra });

/** Units of measure: the usage list (GET /api/uom, open to everyone signed in, is in master-data's lookups). */
export function unitRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/uom/usage",
      {
        config: { access: canRead },
        schema: doc("Every unit with how many store products, packs, shipment and store document lines use it", {
          response: { 200: z.array(unitUsageRowSchema), ...protectedErrors },
        }),
      },
      (request) => unitUsage(ctxOf(deps, request)),
    );

    app.post(
      "/inventory/uom",
      {
        config: { access: canEdit },
        schema: doc("Add a unit (name, symbol, dimension, factor to the dimension's base)", {
          body: unitInputSchema,
          response: { 200: unitSavedSchema, ...errors },
        }),
      },
      (request) => addUnit(ctxOf(deps, request), request.body),
    );

    app.put(
      "/inventory/uom/:id",
      {
        config: { access: canEdit },
        schema: doc(
          "Change a unit; its dimension and factor only while no store product uses it; PCS keeps its dimension",
          {
            params: idParams,
            body: unitInputSchema,
            response: { 200: unitSavedSchema, ...errors },
          },
        ),
      },
      (request) => updateUnit(ctxOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      "/inventory/uom/:id",
      {
        config: { access: canEdit },
        schema: doc("Delete a unit nothing uses (409 when used; PCS never)", {
          params: idParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      (request) => deleteUnit(ctxOf(deps, request), request.params.id),
    );
  };
}
