import {
  counterInputSchema,
  counterListSchema,
  counterSavedSchema,
  counterSchema,
  errorBodySchema,
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
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { addCounter, deleteCounter, getCounter, listCounters, updateCounter } from "./counters.service";
import { getOutletSettings, saveOutletSettings } from "./outlet-settings.service";
import { addPrinter, deletePrinter, getPrinter, listPrinters, testPrinter, updatePrinter } from "./printers.service";

/** Setting > Restaurant: List Restaurant reads the outlet's settings, Add Restaurant changes them (design 5.3). */
const canRead = access.permission(perm("Setting", "Restaurant", "List Restaurant"));
const canEdit = access.permission(perm("Setting", "Restaurant", "Add Restaurant"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["settings"],
  summary,
  security: bearer,
  ...extra,
});

export function outletSettingsRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/setting/outlet",
      {
        config: { access: canRead },
        schema: doc("The outlet's POS settings: tax, service charge, rounding, cut-off, kitchen and supervisor rules", {
          response: { 200: outletSettingsSchema, ...errors },
        }),
      },
      (request) => getOutletSettings(ctxOf(deps, request)),
    );
    app.put(
      "/setting/outlet",
      {
        config: { access: canEdit },
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

    app.get(
      "/setting/counter",
      {
        config: { access: canRead },
        schema: doc("The outlet's counters by code, each with its cash account", {
          response: { 200: counterListSchema, ...protectedErrors },
        }),
      },
      async (request) => ({ data: await listCounters(ctxOf(deps, request)) }),
    );
    app.get(
      "/setting/counter/:id",
      {
        config: { access: canRead },
        schema: doc("One counter", { params: outletRecordIdParams, response: { 200: counterSchema, ...errors } }),
      },
      (request) => getCounter(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/setting/counter",
      {
        config: { access: canEdit },
        schema: doc("Add a counter: its cash account is under the cash group, or createCashAccount opens <CODE> CASH", {
          body: counterInputSchema,
          response: { 200: counterSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OUTLET_MESSAGES.counterAdded,
        data: await addCounter(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/setting/counter/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a counter", {
          params: outletRecordIdParams,
          body: counterInputSchema,
          response: { 200: counterSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OUTLET_MESSAGES.counterUpdated,
        data: await updateCounter(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/setting/counter/:id",
      {
        config: { access: canEdit },
        schema: doc("Delete a counter", {
          params: outletRecordIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteCounter(ctxOf(deps, request), request.params.id);
        return { message: OUTLET_MESSAGES.counterDeleted };
      },
    );

    app.get(
      "/setting/printer",
      {
        config: { access: canRead },
        schema: doc("The printers by name", { response: { 200: printerListSchema, ...protectedErrors } }),
      },
      async (request) => ({ data: await listPrinters(ctxOf(deps, request)) }),
    );
    app.get(
      "/setting/printer/:id",
      {
        config: { access: canRead },
        schema: doc("One printer", { params: outletRecordIdParams, response: { 200: printerSchema, ...errors } }),
      },
      (request) => getPrinter(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/setting/printer",
      {
        config: { access: canEdit },
        schema: doc("Add a printer (a network ESC/POS printer needs its host)", {
          body: printerInputSchema,
          response: { 200: printerSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OUTLET_MESSAGES.printerAdded,
        data: await addPrinter(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/setting/printer/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a printer", {
          params: outletRecordIdParams,
          body: printerInputSchema,
          response: { 200: printerSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OUTLET_MESSAGES.printerUpdated,
        data: await updatePrinter(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/setting/printer/:id",
      {
        config: { access: canEdit },
        schema: doc("Delete a printer no counter or station prints on (else 409)", {
          params: outletRecordIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deletePrinter(ctxOf(deps, request), request.params.id);
        return { message: OUTLET_MESSAGES.printerDeleted };
      },
    );
    app.post(
      "/setting/printer/:id/test",
      {
        config: { access: canEdit },
        schema: doc("Send a test page to a network printer (409 with the reason when it cannot be reached)", {
          params: outletRecordIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => ({ message: await testPrinter(ctxOf(deps, request), request.params.id) }),
    );
  };
}
