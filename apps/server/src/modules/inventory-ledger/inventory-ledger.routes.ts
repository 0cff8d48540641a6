import {
  inventoryLedgerRequestSchema,
  inventoryLedgerSchema,
  perm,
  stockBalanceQuerySchema,
  stockBalanceSchema,
  stockLocationRowSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { documentHeaders, jsonOrFile, recordPdf, recordXlsx } from "../../lib/record-document";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { ledgerDocument } from "./inventory-ledger.documents";
import { activeLocations, inventoryLedger, stockBalances } from "./inventory-ledger.queries";

const canLedger = access.permission(perm("Store", "Inventory Ledger"));
/** Balances feed the product list, the issuance and count screens and the ledger's pickers. */
const storeReaders = [
  perm("Store", "Store Product", "Store Product List"),
  perm("Store", "Store Product", "Difference Report"),
  perm("Store", "Issuance", "Issuance Add"),
  perm("Store", "Issuance", "Issuance List"),
  perm("Store", "Inventory Ledger"),
];
const canReadBalances = access.permission(...storeReaders);
const canReadLocations = access.permission(
  ...storeReaders,
  perm("Store", "Issuance", "Issuance Report With Dates"),
  perm("Store", "Receiving", "Receiving Add"),
  perm("Store", "Receiving", "Receiving List"),
);

const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["store"], summary, security: bearer, ...extra });

/** The inventory ledger, as-of stock balances and the stock locations (design 5.1 items 2 and 12). */
export function inventoryLedgerRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.post(
      "/inventory/ledger",
      {
        config: { access: canLedger },
        schema: doc("A store product's ledger: opening, a page of moves with running balance, closing; pdf or xlsx", {
          body: inventoryLedgerRequestSchema,
          response: { 200: jsonOrFile(inventoryLedgerSchema), ...protectedErrors },
        }),
      },
      async (request, reply) => {
        const { format, ...input } = request.body;
        const ledger = await inventoryLedger(deps.db, { ...input, timeZone: deps.config.APP_TZ });
        if (format === "json") return ledger;
        const document = ledgerDocument(ledger);
        const file = format === "pdf" ? await recordPdf(deps.db, document) : await recordXlsx(document);
        const headers = documentHeaders(format, document.fileName);
        return reply.type(headers.type).header("content-disposition", headers.disposition).send(file);
      },
    );

    app.get(
      "/inventory/stock_balance",
      {
        config: { access: canReadBalances },
        schema: doc("As-of quantity, value and average per product and location (default: today)", {
          querystring: stockBalanceQuerySchema,
          response: { 200: stockBalanceSchema, ...protectedErrors },
        }),
      },
      (request) =>
        stockBalances(deps.db, {
          locationId: request.query.locationId ?? null,
          asOf: request.query.asOf ?? todayIn(deps.config.APP_TZ),
        }),
    );

    app.get(
      "/inventory/stock_location",
      {
        config: { access: canReadLocations },
        schema: doc("Active stock locations (Store, Kitchen ...)", {
          response: { 200: z.array(stockLocationRowSchema), ...protectedErrors },
        }),
      },
      () => activeLocations(deps.db),
    );
  };
}
