import {
  accountRenamedSchema,
  accountTypeSchema,
  addLevelFourSchema,
  addLevelThreeSchema,
  addLevelTwoSchema,
  CHART_MESSAGES,
  chartNodeAddedSchema,
  chartUploadedSchema,
  errorBodySchema,
  idSchema,
  levelFourSchema,
  levelOneSchema,
  levelThreeSchema,
  levelTwoSchema,
  messageAnswerSchema,
  perm,
  updateAccountSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { findAccount } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import { type AppDeps, ctxOf } from "../../lib/context";
import { idField, readMultipart, requireFile } from "../../lib/multipart";
import { bearer, fileAnswer, idParams, protectedErrors } from "../../lib/route-schemas";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import { listLevelFour, listLevelOne, listLevelThree, listLevelTwo } from "./chart.queries";
import { chartReportPdf, chartReportXlsx } from "./chart.reports";
import { addLevelFour, addLevelThree, addLevelTwo, deleteAccount, renameAccount } from "./chart.service";
import { uploadChildren } from "./chart.upload";

const list = (row: z.ZodType) => ({ response: { 200: z.array(row), ...protectedErrors } });
const levelFourQuery = z.object({
  levelThreeId: idSchema().optional(),
  /** cash or bank: only accounts under the group named in Accounts Integration. */
  book: z.enum(["cash", "bank"]).optional(),
  search: z.string().max(100).optional(),
});

/**
 * The chart is read by the accounts screens, Accounts Integration, the report screens' account
 * pickers, and Setting > Restaurant's pickers (a counter's cash account, a tax class's payable account).
 */
const readChart = access.permission(
  perm("Accounts"),
  perm("Setting", "Accounts Integration"),
  perm("Reports"),
  perm("Setting", "Restaurant", "Add Restaurant"),
);
const level = (name: "Level Two" | "Level Three" | "Level Four", sub: "Add" | "Detail" | "Upload" | "Report") =>
  access.permission(perm("Accounts", name, sub));
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["chart of accounts"],
  summary,
  security: bearer,
  ...extra,
});

export function chartRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const ok = { message: "Added successfully..." };

    app.get(
      "/levelOne/get_all_levelone",
      { config: { access: readChart }, schema: doc("Level 1 classes", list(levelOneSchema)) },
      () => listLevelOne(deps.db),
    );
    app.get(
      "/levelTwo/get_by_levelOne/:id",
      {
        config: { access: readChart },
        schema: doc("Level 2 groups of a class", { params: idParams, ...list(levelTwoSchema) }),
      },
      (request) => listLevelTwo(deps.db, request.params.id),
    );
    app.get(
      "/levelTwo/get-all-levelTwo",
      { config: { access: readChart }, schema: doc("All level 2 groups with amounts", list(levelTwoSchema)) },
      () => listLevelTwo(deps.db),
    );
    app.get(
      "/levelThree/get_by_levelTwo/:id",
      {
        config: { access: readChart },
        schema: doc("Level 3 groups of a level 2 group", { params: idParams, ...list(levelThreeSchema) }),
      },
      (request) => listLevelThree(deps.db, request.params.id),
    );
    for (const path of ["/levelThree/get_all_levelThree_data", "/levelThree/get_all_data"]) {
      app.get(path, { config: { access: readChart }, schema: doc("All level 3 groups", list(levelThreeSchema)) }, () =>
        listLevelThree(deps.db),
      );
    }
    for (const path of [
      "/levelFour/get_all_levelFour_data",
      "/levelFour/get_levelFour_details",
      "/levelFour/get_levelFour",
    ]) {
      app.get(
        path,
        {
          config: { access: readChart },
          schema: doc("Postable accounts with closing balance and sign", {
            querystring: levelFourQuery,
            ...list(levelFourSchema),
          }),
        },
        async (request) => {
          const { book, levelThreeId, search } = request.query;
          let underGroupKey: string | undefined;
          if (book) {
            const integration = await getIntegration(deps.db);
            const groupId = book === "cash" ? integration?.cashGroupId : integration?.bankGroupId;
            const group = groupId ? await findAccount(deps.db, groupId) : undefined;
            if (!group) return [];
            underGroupKey = group.allLevelKey;
          }
          return listLevelFour(deps.db, { levelThreeId, underGroupKey, search });
        },
      );
    }
    app.get(
      "/levelFour/credit_debit",
      { config: { access: readChart }, schema: doc("Account types: 1 credit, 2 debit", list(accountTypeSchema)) },
      () => [
        { _id: 1, account_type_name: "Credit" },
        { _id: 2, account_type_name: "Debit" },
      ],
    );

    app.post(
      "/levelTwo/add-levelTwo",
      {
        config: { access: level("Level Two", "Add") },
        schema: doc("Add a level 2 group", {
          body: addLevelTwoSchema,
          response: { 200: chartNodeAddedSchema, ...protectedErrors },
        }),
      },
      async (request) => {
        const row = await addLevelTwo(ctxOf(deps, request), request.body);
        return { ...ok, _id: row.id, allLevelKey: row.allLevelKey };
      },
    );
    for (const path of ["/levelThree/add-levelThree", "/levelThree/add_levelThree"]) {
      app.post(
        path,
        {
          config: { access: level("Level Three", "Add") },
          schema: doc("Add a level 3 group", {
            body: addLevelThreeSchema,
            response: { 200: chartNodeAddedSchema, ...protectedErrors },
          }),
        },
        async (request) => {
          const row = await addLevelThree(ctxOf(deps, request), request.body);
          return { ...ok, _id: row.id, allLevelKey: row.allLevelKey };
        },
      );
    }
    app.post(
      "/levelFour/add_levelFour",
      {
        config: { access: level("Level Four", "Add") },
        schema: doc("Add a postable account, with an optional opening amount", {
          body: addLevelFourSchema,
          response: { 200: chartNodeAddedSchema, ...protectedErrors },
        }),
      },
      async (request) => {
        const row = await addLevelFour(ctxOf(deps, request), request.body);
        return { ...ok, _id: row.id, allLevelKey: row.allLevelKey };
      },
    );

    const uploadDoc = (summary: string) =>
      doc(`${summary} (multipart: file as CSV or XLSX; see docs/chart-upload.md)`, {
        consumes: ["multipart/form-data"],
        response: { 200: chartUploadedSchema, ...protectedErrors },
      });
    app.post(
      "/levelTwo/upload-lvlTwo",
      { config: { access: level("Level Two", "Upload") }, schema: uploadDoc("Upload level 2 groups") },
      async (request) => {
        const { fields, file } = await readMultipart(request, "file");
        const levelOneId = idField(fields, "levelOneId", CHART_MESSAGES.levelOneRequired);
        return uploadChildren(ctxOf(deps, request), {
          chain: [levelOneId],
          chainFields: ["levelOneId"],
          file: requireFile(file).buffer,
          withAmounts: false,
        });
      },
    );
    for (const path of ["/levelThree/upload-lvlThree", "/levelThree/upload_levelThree"]) {
      app.post(
        path,
        { config: { access: level("Level Three", "Upload") }, schema: uploadDoc("Upload level 3 groups") },
        async (request) => {
          const { fields, file } = await readMultipart(request, "file");
          const chain = [
            idField(fields, "levelOneId", CHART_MESSAGES.levelOneRequired),
            idField(fields, "levelTwoId", CHART_MESSAGES.levelTwoRequired),
          ];
          return uploadChildren(ctxOf(deps, request), {
            chain,
            chainFields: ["levelOneId", "levelTwoId"],
            file: requireFile(file).buffer,
            withAmounts: false,
          });
        },
      );
    }
    app.post(
      "/levelFour/upload_levelFour",
      { config: { access: level("Level Four", "Upload") }, schema: uploadDoc("Upload postable accounts") },
      async (request) => {
        const { fields, file } = await readMultipart(request, "file");
        const chain = [
          idField(fields, "levelOneId", CHART_MESSAGES.levelOneRequired),
          idField(fields, "levelTwoId", CHART_MESSAGES.levelTwoRequired),
          idField(fields, "levelThreeId", CHART_MESSAGES.levelThreeRequired),
        ];
        return uploadChildren(ctxOf(deps, request), {
          chain,
          chainFields: ["levelOneId", "levelTwoId", "levelThreeId"],
          file: requireFile(file).buffer,
          withAmounts: true,
        });
      },
    );

    app.put(
      "/levelFive/update_level_five/:id",
      {
        config: { access: level("Level Four", "Detail") },
        schema: doc("Rename a postable account", {
          params: idParams,
          body: updateAccountSchema,
          response: { 200: accountRenamedSchema, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request) => {
        const row = await renameAccount(ctxOf(deps, request), request.params.id, request.body.levelFourName);
        return { message: "Updated successfully...", _id: row.id, levelFourName: row.name };
      },
    );
    const reports = [
      ["/levelTwo/report", 2, "Level Two"],
      ["/levelThree/report", 3, "Level Three"],
      ["/levelFour/report", 4, "Level Four"],
    ] as const;
    for (const [path, depth, name] of reports) {
      app.get(
        path,
        {
          config: { access: level(name, "Report") },
          schema: doc(`${name} report as PDF (Level${depth}.pdf) or Excel`, {
            querystring: z.object({ format: z.enum(["pdf", "xlsx"]).default("pdf") }),
            response: {
              200: fileAnswer(["application/pdf", XLSX_TYPE], "The report as PDF or XLSX"),
              ...protectedErrors,
            },
          }),
        },
        async (request, reply) => {
          const pdf = request.query.format === "pdf";
          const file = pdf ? await chartReportPdf(deps.db, depth) : await chartReportXlsx(deps.db, depth);
          return reply
            .type(pdf ? "application/pdf" : XLSX_TYPE)
            .header("content-disposition", `attachment; filename="Level${depth}.${request.query.format}"`)
            .send(file);
        },
      );
    }

    const deletions = [
      ["/levelFive/delete-data/:id", 4, "Level Four"],
      ["/levelThree/delete/:id", 3, "Level Three"],
      ["/levelTwo/delete/:id", 2, "Level Two"],
    ] as const;
    for (const [path, depth, name] of deletions) {
      app.delete(
        path,
        {
          config: { access: level(name, "Detail") },
          schema: doc(`Delete a ${name} entry that has no children and no entries (else 409)`, {
            params: idParams,
            response: { 200: messageAnswerSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
          }),
        },
        async (request) => {
          await deleteAccount(ctxOf(deps, request), request.params.id, depth);
          return { message: "Deleted successfully..." };
        },
      );
    }
  };
}
