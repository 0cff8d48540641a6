import {
  errorBodySchema,
  messageAnswerSchema,
  perm,
  VENDOR_MESSAGES,
  vendorIdParams,
  vendorInputSchema,
  vendorListQuerySchema,
  vendorPageSchema,
  vendorSavedSchema,
  vendorSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { addVendor, deleteVendor, getVendor, listVendors, updateVendor } from "./vendors.service";

/** Master Control > Vendor keeps the vendors; Receiving Add picks from them. */
const canEdit = access.permission(perm("Master Control", "Vendor"));
const canRead = access.permission(perm("Master Control", "Vendor"), perm("Store", "Receiving"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["store"], summary, security: bearer, ...extra });

export function vendorRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/vendor",
      {
        config: { access: canRead },
        schema: doc("Vendors by name (search in name and code; page is 1-based), with what each is owed", {
          querystring: vendorListQuerySchema,
          response: { 200: vendorPageSchema, ...protectedErrors },
        }),
      },
      (request) => listVendors(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/vendor/:id",
      {
        config: { access: canRead },
        schema: doc("One vendor", { params: vendorIdParams, response: { 200: vendorSchema, ...errors } }),
      },
      (request) => getVendor(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/vendor",
      {
        config: { access: canEdit },
        schema: doc("Add a vendor; its payable account is opened under the Vendors group of Accounts Integration", {
          body: vendorInputSchema,
          response: { 200: vendorSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: VENDOR_MESSAGES.added,
        data: await addVendor(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/vendor/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a vendor (its payable account is renamed with it)", {
          params: vendorIdParams,
          body: vendorInputSchema,
          response: { 200: vendorSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: VENDOR_MESSAGES.updated,
        data: await updateVendor(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/inventory/vendor/:id",
      {
        config: { access: canEdit },
        schema: doc("Delete a vendor with no receivings and no ledger entries (else 409: deactivate it)", {
          params: vendorIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteVendor(ctxOf(deps, request), request.params.id);
        return { message: VENDOR_MESSAGES.deleted };
      },
    );
  };
}
