import {
  errorBodySchema,
  listQuerySchema,
  MASTER_MESSAGES,
  masterPageSchema,
  masterSavedSchema,
  messageAnswerSchema,
  type PermissionEntry,
} from "@cargodesk/shared";
import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type AppDeps, type Ctx, ctxOf } from "../../lib/context";
import { bearer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";

/**
 * One master-data kind served as the spec's REST calls: GET list (size, page, search), GET one,
 * POST, PUT and DELETE, each behind its permission, all validated by the shared schema.
 */
export interface CrudSpec<Input, Row extends Record<string, unknown>> {
  path: string;
  tag: string;
  table: PgTable;
  id: AnyPgColumn;
  schema: ZodType<Input>;
  /** What PUT accepts, when it differs from what POST requires (fields that may be left as they are). */
  updateSchema?: ZodType<Input>;
  searchable: AnyPgColumn[];
  order: AnyPgColumn;
  permissions: { add: PermissionEntry[]; view: PermissionEntry[]; edit: PermissionEntry[]; remove: PermissionEntry[] };
  /** Turns validated input into column values (after checks that need the database). */
  values: (ctx: Ctx, input: Input, tx: Db) => Promise<Record<string, unknown>>;
  /** The answer shape of one row (the shared schema), and how a table row becomes it. */
  row: ZodType;
  view: (row: Row, db: Db) => Promise<object> | object;
  /** Restricts what a caller sees and may change (a customer's own address book). */
  scope?: (ctx: Ctx) => SQL | undefined;
  /** Column values a new row gets from the caller (its owner). */
  stamp?: (ctx: Ctx) => Record<string, unknown>;
  /** Why a row cannot be deleted, or null. */
  inUse?: (db: Db, id: number) => Promise<string | null>;
  noun: string;
  /** The field a unique-index clash is about, for the 409 message. */
  uniqueField?: string;
  /** False when the kind keeps a list call of its own shape (countries answer a plain array). */
  list?: boolean;
}

export function crudRoutes<Input, Row extends Record<string, unknown>>(deps: AppDeps, spec: CrudSpec<Input, Row>) {
  const where = (ctx: Ctx, ...extra: (SQL | undefined)[]) => and(spec.scope?.(ctx), ...extra);
  const findOne = async (ctx: Ctx, id: number, db: Db = deps.db): Promise<Row> => {
    const [row] = await db
      .select()
      .from(spec.table)
      .where(where(ctx, eq(spec.id, id)));
    if (!row) throw new AppError("NOT_FOUND", `No such ${spec.noun}`);
    return row as Row;
  };
  const doc = <T extends object>(summary: string, extra: T) => ({
    tags: [spec.tag],
    summary,
    security: bearer,
    ...extra,
  });

  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    if (spec.list !== false)
      app.get(
        spec.path,
        {
          config: { access: access.permission(...spec.permissions.view) },
          schema: doc(`List ${spec.noun}s (page is 1-based)`, {
            querystring: listQuerySchema,
            response: { 200: masterPageSchema(spec.row), ...protectedErrors },
          }),
        },
        async (request) => {
          const ctx = ctxOf(deps, request);
          const { size, page, search } = request.query;
          // % and _ are searched for as themselves, not as patterns.
          const literal = search?.replace(/[\\%_]/g, (char) => `\\${char}`);
          const match = literal ? or(...spec.searchable.map((column) => ilike(column, `%${literal}%`))) : undefined;
          const rows = await deps.db
            .select()
            .from(spec.table)
            .where(where(ctx, match))
            .orderBy(asc(spec.order))
            .limit(size)
            .offset((page - 1) * size);
          const [{ total } = { total: 0 }] = await deps.db
            .select({ total: sql<number>`count(*)::int` })
            .from(spec.table)
            .where(where(ctx, match));
          return {
            data: await Promise.all(rows.map((row) => spec.view(row as Row, deps.db))),
            page,
            total_results: total,
          };
        },
      );
    app.get(
      `${spec.path}/:id`,
      {
        config: { access: access.permission(...spec.permissions.view) },
        schema: doc(`One ${spec.noun}`, {
          params: idParams,
          response: { 200: spec.row, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request) => spec.view(await findOne(ctxOf(deps, request), request.params.id), deps.db),
    );
    app.post(
      spec.path,
      {
        config: { access: access.permission(...spec.permissions.add) },
        schema: doc(`Add a ${spec.noun}`, {
          body: spec.schema,
          response: { 200: masterSavedSchema(spec.row), ...protectedErrors, 409: errorBodySchema },
        }),
      },
      async (request) => {
        const ctx = ctxOf(deps, request);
        const row = await uniqueName(spec.uniqueField ?? "name", () =>
          deps.db.transaction(async (tx) => {
            const values = { ...(await spec.values(ctx, request.body as Input, tx)), ...spec.stamp?.(ctx) };
            const [created] = await tx.insert(spec.table).values(values).returning();
            return created as Row;
          }),
        );
        return { message: "Added successfully...", data: await spec.view(row, deps.db) };
      },
    );
    app.put(
      `${spec.path}/:id`,
      {
        config: { access: access.permission(...spec.permissions.edit) },
        schema: doc(`Change a ${spec.noun}`, {
          params: idParams,
          body: spec.updateSchema ?? spec.schema,
          response: {
            200: masterSavedSchema(spec.row),
            ...protectedErrors,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        }),
      },
      async (request) => {
        const ctx = ctxOf(deps, request);
        const row = await uniqueName(spec.uniqueField ?? "name", () =>
          deps.db.transaction(async (tx) => {
            await findOne(ctx, request.params.id, tx);
            const [updated] = await tx
              .update(spec.table)
              .set(await spec.values(ctx, request.body as Input, tx))
              .where(eq(spec.id, request.params.id))
              .returning();
            return updated as Row;
          }),
        );
        return { message: "success", data: await spec.view(row, deps.db) };
      },
    );
    app.delete(
      `${spec.path}/:id`,
      {
        config: { access: access.permission(...spec.permissions.remove) },
        schema: doc(`Delete a ${spec.noun} nothing uses (else 409)`, {
          params: idParams,
          response: { 200: messageAnswerSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
        }),
      },
      async (request) => {
        const ctx = ctxOf(deps, request);
        await deps.db.transaction(async (tx) => {
          await findOne(ctx, request.params.id, tx);
          const reason = await spec.inUse?.(tx, request.params.id);
          if (reason) throw new AppError("RECORD_IN_USE", `${MASTER_MESSAGES.inUse}: ${reason}`);
          await tx.delete(spec.table).where(eq(spec.id, request.params.id));
        });
        return { message: "Deleted successfully..." };
      },
    );
  };
}

/** A unique-name clash (PostgreSQL 23505) becomes a 409 naming the field. */
export async function uniqueName<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("RECORD_DUPLICATE", `${field}: This ${field} already exists`, { field });
    }
    throw error;
  }
}

/** PostgreSQL's unique violation (23505), also when Drizzle wraps the driver's error as its cause. */
function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === "object";
    current = "cause" in current ? current.cause : undefined
  ) {
    if ("code" in current && current.code === "23505") return true;
  }
  return false;
}
