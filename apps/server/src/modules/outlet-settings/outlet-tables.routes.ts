import {
  OUTLET_TABLE_MESSAGES as M,
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
import type { AppDeps } from "../../lib/context";
import { registerCrudRoutes } from "../../lib/crud-routes";
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
const gates = {
  tag: "settings",
  idParams: outletRecordIdParams,
  read: access.permission(perm("Setting", "Restaurant")),
  edit: access.permission(perm("Setting", "Restaurant", "Add Restaurant")),
};

/** Tax classes (with rates per payment method), payment methods and kitchen stations. */
export function outletTableRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    registerCrudRoutes(app, deps, {
      ...gates,
      path: "/setting/tax_class",
      list: {
        summary: "The tax classes",
        response: taxClassListSchema,
        run: async (ctx) => ({ data: await listTaxClasses(ctx) }),
      },
      get: { summary: "One tax class", response: taxClassSchema, run: getTaxClass },
      body: taxClassInputSchema,
      saved: taxClassSavedSchema,
      add: {
        summary: "Add a tax class (a level-4 tax payable account under LIABILITIES; rates per payment method)",
        message: M.taxAdded,
        run: addTaxClass,
      },
      update: { summary: "Change a tax class", message: M.taxUpdated, run: updateTaxClass },
      remove: {
        summary: "Delete a tax class nothing uses (else 409: deactivate it)",
        message: M.taxDeleted,
        run: deleteTaxClass,
      },
    });
    registerCrudRoutes(app, deps, {
      ...gates,
      path: "/setting/payment_method",
      list: {
        summary: "The payment methods",
        response: paymentMethodListSchema,
        run: async (ctx) => ({ data: await listPaymentMethods(ctx) }),
      },
      get: { summary: "One payment method", response: paymentMethodSchema, run: getPaymentMethod },
      body: paymentMethodInputSchema,
      saved: paymentMethodSavedSchema,
      add: {
        summary: "Add a payment method (a card or bank method's account is under the bank group; cash has none)",
        message: M.methodAdded,
        run: addPaymentMethod,
      },
      update: { summary: "Change a payment method", message: M.methodUpdated, run: updatePaymentMethod },
      remove: {
        summary: "Delete a payment method nothing uses (else 409: deactivate it)",
        message: M.methodDeleted,
        run: deletePaymentMethod,
      },
    });
    registerCrudRoutes(app, deps, {
      ...gates,
      path: "/setting/station",
      list: {
        summary: "The kitchen stations",
        response: stationListSchema,
        run: async (ctx) => ({ data: await listStations(ctx) }),
      },
      get: { summary: "One kitchen station", response: stationSchema, run: getStation },
      body: stationInputSchema,
      saved: stationSavedSchema,
      add: { summary: "Add a kitchen station", message: M.stationAdded, run: addStation },
      update: { summary: "Change a kitchen station", message: M.stationUpdated, run: updateStation },
      remove: {
        summary: "Delete a kitchen station nothing uses (else 409: deactivate it)",
        message: M.stationDeleted,
        run: deleteStation,
      },
    });
  };
}
