import {
  errorBodySchema,
  messageAnswerSchema,
  POS_CUSTOMER_MESSAGES,
  perm,
  posCustomerIdParams,
  posCustomerInputSchema,
  posCustomerListQuerySchema,
  posCustomerLookupQuerySchema,
  posCustomerLookupSchema,
  posCustomerPageSchema,
  posCustomerSavedSchema,
  posCustomerSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import {
  addCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  lookupCustomer,
  updateCustomer,
} from "./pos-customers.service";

/** Master Control > Customer keeps the customers; the POS and Table Order search them and quick-add. */
const canManage = access.permission(perm("Master Control", "Customer"));
const atTheTill = access.permission(perm("Master Control", "Customer"), perm("POS"), perm("Table Order"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["master control"],
  summary,
  security: bearer,
  ...extra,
});

export function posCustomerRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/customer",
      {
        config: { access: atTheTill },
        schema: doc("Restaurant customers by name (search in name, phone and e-mail; page is 1-based), with balances", {
          querystring: posCustomerListQuerySchema,
          response: { 200: posCustomerPageSchema, ...protectedErrors },
        }),
      },
      (request) => listCustomers(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/customer/lookup",
      {
        config: { access: atTheTill },
        schema: doc("The customer with this phone (any way of typing it), or data: null", {
          querystring: posCustomerLookupQuerySchema,
          response: { 200: posCustomerLookupSchema, ...protectedErrors },
        }),
      },
      (request) => lookupCustomer(ctxOf(deps, request), request.query.phone),
    );
    app.get(
      "/inventory/customer/:id",
      {
        config: { access: canManage },
        schema: doc("One restaurant customer", {
          params: posCustomerIdParams,
          response: { 200: posCustomerSchema, ...errors },
        }),
      },
      (request) => getCustomer(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/customer",
      {
        config: { access: atTheTill },
        schema: doc(
          "Add a customer; credit opens a house account under the Restaurant Customers group, an opening balance posts an approved JV",
          { body: posCustomerInputSchema, response: { 200: posCustomerSavedSchema, ...errors } },
        ),
      },
      async (request) => ({
        message: POS_CUSTOMER_MESSAGES.added,
        ...(await addCustomer(ctxOf(deps, request), request.body)),
      }),
    );
    app.put(
      "/inventory/customer/:id",
      {
        config: { access: canManage },
        schema: doc(
          "Change a customer (its house account is renamed with it, or opened when credit is first allowed)",
          {
            params: posCustomerIdParams,
            body: posCustomerInputSchema,
            response: { 200: posCustomerSavedSchema, ...errors },
          },
        ),
      },
      async (request) => ({
        message: POS_CUSTOMER_MESSAGES.updated,
        ...(await updateCustomer(ctxOf(deps, request), request.params.id, request.body)),
      }),
    );
    app.delete(
      "/inventory/customer/:id",
      {
        config: { access: canManage },
        schema: doc("Delete a customer whose house account has no entries (else 409: deactivate it)", {
          params: posCustomerIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteCustomer(ctxOf(deps, request), request.params.id);
        return { message: POS_CUSTOMER_MESSAGES.deleted };
      },
    );
  };
}
