import {
  errorBodySchema,
  flavourInputSchema,
  flavourListSchema,
  flavourSavedSchema,
  flavourSchema,
  messageAnswerSchema,
  OPTION_MESSAGES,
  optionIdParams,
  optionListQuerySchema,
  perm,
  sizeInputSchema,
  sizeListSchema,
  sizeSavedSchema,
  sizeSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import {
  addFlavour,
  addSize,
  deleteFlavour,
  deleteSize,
  getFlavour,
  getSize,
  listFlavours,
  listSizes,
  updateFlavour,
  updateSize,
} from "./menu-options.service";

/** Master Control > Flavour and > Size keep the lists; products (variant grids), the POS and Table Order read them. */
const readers = [perm("Master Control", "Product"), perm("POS"), perm("Table Order")];
const flavourEdit = access.permission(perm("Master Control", "Flavour"));
const flavourRead = access.permission(perm("Master Control", "Flavour"), ...readers);
const sizeEdit = access.permission(perm("Master Control", "Size"));
const sizeRead = access.permission(perm("Master Control", "Size"), ...readers);

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["menu"], summary, security: bearer, ...extra });

export function menuOptionRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/flavour",
      {
        config: { access: flavourRead },
        schema: doc("Flavours by sort, then name, with how many variants use each", {
          querystring: optionListQuerySchema,
          response: { 200: flavourListSchema, ...protectedErrors },
        }),
      },
      (request) => listFlavours(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/flavour/:id",
      {
        config: { access: flavourRead },
        schema: doc("One flavour", { params: optionIdParams, response: { 200: flavourSchema, ...errors } }),
      },
      (request) => getFlavour(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/flavour",
      {
        config: { access: flavourEdit },
        schema: doc("Add a flavour (names are unique ignoring case)", {
          body: flavourInputSchema,
          response: { 200: flavourSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OPTION_MESSAGES.flavourAdded,
        data: await addFlavour(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/flavour/:id",
      {
        config: { access: flavourEdit },
        schema: doc("Change a flavour", {
          params: optionIdParams,
          body: flavourInputSchema,
          response: { 200: flavourSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OPTION_MESSAGES.flavourUpdated,
        data: await updateFlavour(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/inventory/flavour/:id",
      {
        config: { access: flavourEdit },
        schema: doc("Delete a flavour no variant uses (else 409: deactivate it)", {
          params: optionIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteFlavour(ctxOf(deps, request), request.params.id);
        return { message: OPTION_MESSAGES.flavourDeleted };
      },
    );

    app.get(
      "/inventory/size",
      {
        config: { access: sizeRead },
        schema: doc("Sizes by sort, then name, with how many variants use each", {
          querystring: optionListQuerySchema,
          response: { 200: sizeListSchema, ...protectedErrors },
        }),
      },
      (request) => listSizes(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/size/:id",
      {
        config: { access: sizeRead },
        schema: doc("One size", { params: optionIdParams, response: { 200: sizeSchema, ...errors } }),
      },
      (request) => getSize(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/size",
      {
        config: { access: sizeEdit },
        schema: doc("Add a size with its short code (names are unique ignoring case)", {
          body: sizeInputSchema,
          response: { 200: sizeSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OPTION_MESSAGES.sizeAdded,
        data: await addSize(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/size/:id",
      {
        config: { access: sizeEdit },
        schema: doc("Change a size", {
          params: optionIdParams,
          body: sizeInputSchema,
          response: { 200: sizeSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: OPTION_MESSAGES.sizeUpdated,
        data: await updateSize(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/inventory/size/:id",
      {
        config: { access: sizeEdit },
        schema: doc("Delete a size no variant uses (else 409: deactivate it)", {
          params: optionIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteSize(ctxOf(deps, request), request.params.id);
        return { message: OPTION_MESSAGES.sizeDeleted };
      },
    );
  };
}
