import {
  errorBodySchema,
  OUTLET_TABLE_MESSAGES as M,
  messageAnswerSchema,
  outletRecordIdParams,
  paymentMethodInputSchema,
  paymentMethodListSchema,
  paymentMethodSavedSchema,
  paymentMethodSchema,
  perm,
  stationInputSchema,
  stationListSchema,
  stationSavedSchema,
  stationSchema,
  taxClassInputSchema,
  taxClassListSchema,
  taxClassSavedSchema,
  taxClassSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import {
  addPaymentMethod,
  deletePaymentMethod,
  getPaymentMethod,
  listPaymentMethods,
  updatePaymentMethod,
} from "./payment-methods.service";
import { addStation, deleteStation, getStation, listStations, updateStation } from "./stations.service";
import { addTaxClass, deleteTaxClass, getTaxClass, listTaxClasses, updateTaxClass } from "./tax-classes.service";

/** Setting > Restaurant: any of its permissions reads these tables, Add Restaurant changes them. */
const canRead = access.permission(perm("Setting", "Restaurant"));
const canEdit = access.permission(perm("Setting", "Restaurant", "Add Restaurant"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["settings"],
  summary,
  security: bearer,
  ...extra,
});

/** Tax classes (with rates per payment method), payment methods and kitchen stations. */
export function outletTableRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/setting/tax_class",
      {
        config: { access: canRead },
        schema: doc("The tax classes", { response: { 200: taxClassListSchema, ...protectedErrors } }),
      },
      async (request) => ({ data: await listTaxClasses(ctxOf(deps, request)) }),
    );
    app.get(
      "/setting/tax_class/:id",
      {
        config: { access: canRead },
        schema: doc("One tax class", { params: outletRecordIdParams, response: { 200: taxClassSchema, ...errors } }),
      },
      (request) => getTaxClass(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/setting/tax_class",
      {
        config: { access: canEdit },
        schema: doc("Add a tax class (a level-4 tax payable account under LIABILITIES; rates per payment method)", {
          body: taxClassInputSchema,
          response: { 200: taxClassSavedSchema, ...errors },
        }),
      },
      async (request) => ({ message: M.taxAdded, data: await addTaxClass(ctxOf(deps, request), request.body) }),
    );
    app.put(
      "/setting/tax_class/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a tax class", {
          params: outletRecordIdParams,
          body: taxClassInputSchema,
          response: { 200: taxClassSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: M.taxUpdated,
        data: await updateTaxClass(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/setting/tax_class/:id",
      {
        config: { access: canEdit },
        schema: doc("Delete a tax class nothing uses (else 409: deactivate it)", {
          params: outletRecordIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteTaxClass(ctxOf(deps, request), request.params.id);
        return { message: M.taxDeleted };
      },
    );
    app.get(
      "/setting/payment_method",
      {
        config: { access: canRead },
        schema: doc("The payment methods", { response: { 200: paymentMethodListSchema, ...protectedErrors } }),
      },
      async (request) => ({ data: await listPaymentMethods(ctxOf(deps, request)) }),
    );
    app.get(
      "/setting/payment_method/:id",
      {
        config: { access: canRead },
        schema: doc("One payment method", {
          params: outletRecordIdParams,
          response: { 200: paymentMethodSchema, ...errors },
        }),
      },
      (request) => getPaymentMethod(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/setting/payment_method",
      {
        config: { access: canEdit },
        schema: doc("Add a payment method (a card or bank method's account is under the bank group; cash has none)", {
          body: paymentMethodInputSchema,
          response: { 200: paymentMethodSavedSchema, ...errors },
        }),
      },
      async (request) => ({ message: M.methodAdded, data: await addPaymentMethod(ctxOf(deps, request), request.body) }),
    );
    app.put(
      "/setting/payment_method/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a payment method", {
          params: outletRecordIdParams,
          body: paymentMethodInputSchema,
          response: { 200: paymentMethodSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: M.methodUpdated,
        data: await updatePaymentMethod(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/setting/payment_method/:id",
      {
        config: { access: canEdit },
        schema: doc("Delete a payment method nothing uses (else 409: deactivate it)", {
          params: outletRecordIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deletePaymentMethod(ctxOf(deps, request), request.params.id);
        return { message: M.methodDeleted };
      },
    );
    app.get(
      "/setting/station",
      {
        config: { access: canRead },
        schema: doc("The kitchen stations", { response: { 200: stationListSchema, ...protectedErrors } }),
      },
      async (request) => ({ data: await listStations(ctxOf(deps, request)) }),
    );
    app.get(
      "/setting/station/:id",
      {
        config: { access: canRead },
        schema: doc("One kitchen station", {
          params: outletRecordIdParams,
          response: { 200: stationSchema, ...errors },
        }),
      },
      (request) => getStation(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/setting/station",
      {
        config: { access: canEdit },
        schema: doc("Add a kitchen station", {
          body: stationInputSchema,
          response: { 200: stationSavedSchema, ...errors },
        }),
      },
      async (request) => ({ message: M.stationAdded, data: await addStation(ctxOf(deps, request), request.body) }),
    );
    app.put(
      "/setting/station/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a kitchen station", {
          params: outletRecordIdParams,
          body: stationInputSchema,
          response: { 200: stationSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: M.stationUpdated,
        data: await updateStation(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/setting/station/:id",
      {
        config: { access: canEdit },
        schema: doc("Delete a kitchen station nothing uses (else 409: deactivate it)", {
          params: outletRecordIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteStation(ctxOf(deps, request), request.params.id);
        return { message: M.stationDeleted };
      },
    );
  };
}
