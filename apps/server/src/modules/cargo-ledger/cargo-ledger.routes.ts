import { cargoLedgerRequestSchema, cargoLedgerResponseSchema, levelFiveAccountSchema, perm } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { asDocument } from "../../lib/documents/render";
import { bearer, fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { levelFiveFor } from "./accounts";
import { cargoLedgerPdf } from "./cargo-ledger.pdf";
import { cargoLedger } from "./cargo-ledger.service";

/** Ledger > Ledger Search or Reporting > Ledger Report opens the cargo ledger; customers read only their own. */
export const readCargoLedger = access.permission(perm("Ledger", "Ledger Search"), perm("Reporting", "Ledger Report"));

const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["cargo ledger"],
  summary,
  security: bearer,
  ...extra,
});

export function cargoLedgerRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    for (const path of ["/cargo_accounts/get_levelFive", "/shipment/get_levelFive_account"]) {
      app.get(
        path,
        {
          config: { access: readCargoLedger },
          schema: doc(
            "Ledger accounts to choose from: staff every postable account (with the groups above it in `path`), a customer only their own",
            { response: { 200: z.array(levelFiveAccountSchema), ...protectedErrors } },
          ),
        },
        (request) => levelFiveFor(ctxOf(deps, request)),
      );
    }

    app.post(
      "/cargo_accounts/get_ledger",
      {
        config: { access: readCargoLedger },
        schema: doc(
          "A ledger account's entries with the shipment columns, running balance (sign 1 credit, 2 debit) and totals; customers always get their own",
          { body: cargoLedgerRequestSchema, response: { 200: cargoLedgerResponseSchema, ...protectedErrors } },
        ),
      },
      async (request) => (await cargoLedger(ctxOf(deps, request), request.body)).response,
    );

    app.post(
      "/cargo_accounts/get_ledger_pdf",
      {
        config: { access: readCargoLedger },
        schema: doc("The same ledger as a landscape A4 PDF", {
          body: cargoLedgerRequestSchema,
          response: { 200: fileAnswer("application/pdf", "The ledger as a PDF"), ...protectedErrors },
        }),
      },
      // The ledger's rows are read and drawn as one document's turn (lib/documents/render.ts).
      (request, reply) =>
        asDocument(async () => {
          const result = await cargoLedger(ctxOf(deps, request), request.body);
          const file = await cargoLedgerPdf(deps.db, result);
          return reply
            .type("application/pdf")
            .header("content-disposition", `inline; filename="ledger-${result.response.allLevelKey}.pdf"`)
            .send(file);
        }),
    );
  };
}
