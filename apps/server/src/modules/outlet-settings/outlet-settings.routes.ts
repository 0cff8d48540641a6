import {
  counterInputSchema,
  counterListSchema,
  counterSavedSchema,
  counterSchema,
  messageAnswerSchema,
  OUTLET_MESSAGES,
  outletRecordIdParams,
  outletSettingsSavedSchema,
  outletSettingsSchema,
  perm,
  printerInputSchema,
  printerListSchema,
  printerSavedSchema,
  printerSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { recordErrors as errors, registerCrudRoutes, routeDoc } from "../../lib/crud-routes";
import { access } from "../../plugins/access";
import { addCounter, deleteCounter, getCounter, listCounters, updateCounter } from "./counters.service";
import { getOutletSettings, saveOutletSettings } from "./outlet-settings.service";
import { addPrinter, deletePrinter, getPrinter, listPrinters, testPrinter, updatePrinter } from "./printers.service";

/** Setting > Restaurant: List Restaurant reads the outlet's settings, Add Restaurant changes them (design 5.3). */
const read = access.permission(perm("Setting", "Restaurant", "List Restaurant"));
const edit = access.permission(perm("Setting", "Restaurant", "Add Restaurant"));
const tag = "settings";
const doc = routeDoc(tag);

export function outletSettingsRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/setting/outlet",
      {
        config: { access: read },
        schema: doc("The outlet's POS settings: tax, service charge, rounding, cut-off, kitchen and supervisor rules", {
          response: { 200: outletSettingsSchema, ...errors },
        }),
      },
      (request) => getOutletSettings(ctxOf(deps, request)),
    );
    app.put(
      "/setting/outlet",
      {
        config: { access: edit },
        schema: doc("Save the outlet's POS settings", {
          body: outletSettingsSchema,
          response: { 200: outletSettingsSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OUTLET_MESSAGES.saved,
        data: await saveOutletSettings(ctxOf(deps, request), request.body),
      }),
    );

    registerCrudRoutes(app, deps, {
      path: "/setting/counter",
      tag,
      idParams: outletRecordIdParams,
      read,
      edit,
      list: {
        summary: "The outlet's counters by code, each with its cash account",
        response: counterListSchema,
        run: async (ctx) => ({ data: await listCounters(ctx) }),
      },
      get: { summary: "One counter", response: counterSchema, run: getCounter },
      body: counterInputSchema,
      saved: counterSavedSchema,
      add: {
        summary: "Add a counter: its cash account is under the cash group, or createCashAccount opens <CODE> CASH",
        message: OUTLET_MESSAGES.counterAdded,
        run: addCounter,
      },
      update: { summary: "Change a counter", message: OUTLET_MESSAGES.counterUpdated, run: updateCounter },
      remove: { summary: "Delete a counter", message: OUTLET_MESSAGES.counterDeleted, run: deleteCounter },
    });

    registerCrudRoutes(app, deps, {
      path: "/setting/printer",
      tag,
      idParams: outletRecordIdParams,
      read,
      edit,
      list: {
        summary: "The printers by name",
        response: printerListSchema,
        run: async (ctx) => ({ data: await listPrinters(ctx) }),
      },
      get: { summary: "One printer", response: printerSchema, run: getPrinter },
      body: printerInputSchema,
      saved: printerSavedSchema,
      add: {
        summary: "Add a printer (a network ESC/POS printer needs its host)",
        message: OUTLET_MESSAGES.printerAdded,
        run: addPrinter,
      },
      update: { summary: "Change a printer", message: OUTLET_MESSAGES.printerUpdated, run: updatePrinter },
      remove: {
        summary: "Delete a printer no counter or station prints on (else 409)",
        message: OUTLET_MESSAGES.printerDeleted,
        run: deletePrinter,
      },
    });
    app.post(
      "/setting/printer/:id/test",
      {
        config: { access: edit },
        schema: doc("Send a test page to a network printer (409 with the reason when it cannot be reached)", {
          params: outletRecordIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => ({ message: await testPrinter(ctxOf(deps, request), request.params.id) }),
    );
  };
}
