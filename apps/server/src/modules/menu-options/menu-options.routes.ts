import {
  flavourInputSchema,
  flavourListSchema,
  flavourSavedSchema,
  flavourSchema,
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
import type { AppDeps } from "../../lib/context";
import { registerCrudRoutes } from "../../lib/crud-routes";
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
const option = (menuItem: string) => ({
  tag: "menu",
  idParams: optionIdParams,
  read: access.permission(perm("Master Control", menuItem), ...readers),
  edit: access.permission(perm("Master Control", menuItem)),
});

export function menuOptionRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    registerCrudRoutes(app, deps, {
      ...option("Flavour"),
      path: "/inventory/flavour",
      list: {
        summary: "Flavours by sort, then name, with how many variants use each",
        query: optionListQuerySchema,
        response: flavourListSchema,
        run: listFlavours,
      },
      get: { summary: "One flavour", response: flavourSchema, run: getFlavour },
      body: flavourInputSchema,
      saved: flavourSavedSchema,
      add: {
        summary: "Add a flavour (names are unique ignoring case)",
        message: OPTION_MESSAGES.flavourAdded,
        run: addFlavour,
      },
      update: { summary: "Change a flavour", message: OPTION_MESSAGES.flavourUpdated, run: updateFlavour },
      remove: {
        summary: "Delete a flavour no variant uses (else 409: deactivate it)",
        message: OPTION_MESSAGES.flavourDeleted,
        run: deleteFlavour,
      },
    });
    registerCrudRoutes(app, deps, {
      ...option("Size"),
      path: "/inventory/size",
      list: {
        summary: "Sizes by sort, then name, with how many variants use each",
        query: optionListQuerySchema,
        response: sizeListSchema,
        run: listSizes,
      },
      get: { summary: "One size", response: sizeSchema, run: getSize },
      body: sizeInputSchema,
      saved: sizeSavedSchema,
      add: {
        summary: "Add a size with its short code (names are unique ignoring case)",
        message: OPTION_MESSAGES.sizeAdded,
        run: addSize,
      },
      update: { summary: "Change a size", message: OPTION_MESSAGES.sizeUpdated, run: updateSize },
      remove: {
        summary: "Delete a size no variant uses (else 409: deactivate it)",
        message: OPTION_MESSAGES.sizeDeleted,
        run: deleteSize,
      },
    });
  };
}
