import { errorBodySchema, messageAnswerSchema } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Access } from "../plugins/access";
import { type AppDeps, type Ctx, ctxOf } from "./context";
import { bearer, protectedErrors } from "./route-schemas";

/** What a record's routes answer besides success: the protected errors, a missing row and a clash. */
export const recordErrors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema } as const;

/** The OpenAPI part every route of one tag shares. */
export const routeDoc =
  (tag: string) =>
  <T extends object>(summary: string, extra: T) => ({ tags: [tag], summary, security: bearer, ...extra });

type Schema = z.ZodType;
/** What a route hands back: the input side of its response schema (the serializer checks it). */
type Answer<R extends Schema> = Promise<z.input<R>> | z.input<R>;
/** A saved answer `{ message, data }`: the service gives `data`, the route adds the message. */
type SavedAnswer = z.ZodType<unknown, { message: string; data: unknown }>;
type Saved<SR extends SavedAnswer> = Promise<z.input<SR>["data"]>;

/**
 * The usual five routes of one resource (list, get, add, change, delete) with their access gates,
 * schemas, OpenAPI text and error answers:
 * `GET path`, `GET path/:id`, `POST path`, `PUT path/:id`, `DELETE path/:id`.
 * Add and change answer `{ message, data }` with the saved row, delete answers `{ message }`.
 * Routes outside the set (sort, layout, uploads, files) stay in the module, registered beside it.
 */
export interface CrudRoutes<
  P extends z.ZodType<{ id: number }>,
  LQ extends Schema,
  LR extends Schema,
  GR extends Schema,
  B extends Schema,
  SR extends SavedAnswer,
> {
  path: string;
  tag: string;
  /** The `:id` params schema (its bounds make an out-of-range id a 400). */
  idParams: P;
  /** Gates the list and get routes. */
  read: Access;
  /** Gates add, change and delete. */
  edit: Access;
  list: {
    summary: string;
    query?: LQ;
    response: LR;
    run: (ctx: Ctx, query: z.output<LQ>) => Answer<LR>;
  };
  get: { summary: string; response: GR; run: (ctx: Ctx, id: number) => Answer<GR> };
  /** The add and change body, and the `{ message, data }` answer both give. */
  body: B;
  saved: SR;
  add: { summary: string; message: string; run: (ctx: Ctx, body: z.output<B>) => Saved<SR> };
  update: { summary: string; message: string; run: (ctx: Ctx, id: number, body: z.output<B>) => Saved<SR> };
  remove: { summary: string; message: string; run: (ctx: Ctx, id: number) => Promise<unknown> };
}

/**
 * Registers a resource's five routes. The handlers are typed by the spec rather than by Fastify's
 * type provider (which cannot resolve generic schemas); Fastify has validated params, query and body
 * with these same schemas before a handler runs, and serializes each answer through its response schema.
 */
export function registerCrudRoutes<
  P extends z.ZodType<{ id: number }>,
  LQ extends Schema,
  LR extends Schema,
  GR extends Schema,
  B extends Schema,
  SR extends SavedAnswer,
>(app: FastifyInstance, deps: AppDeps, spec: CrudRoutes<P, LQ, LR, GR, B, SR>): void {
  const doc = routeDoc(spec.tag);
  const byId = `${spec.path}/:id`;
  const idOf = (params: unknown) => (params as z.output<P>).id;
  const bodyOf = (body: unknown) => body as z.output<B>;

  app.get(
    spec.path,
    {
      config: { access: spec.read },
      schema: doc(spec.list.summary, {
        ...(spec.list.query ? { querystring: spec.list.query } : {}),
        response: { 200: spec.list.response, ...protectedErrors },
      }),
    },
    (request) => spec.list.run(ctxOf(deps, request), request.query as z.output<LQ>),
  );
  app.get(
    byId,
    {
      config: { access: spec.read },
      schema: doc(spec.get.summary, { params: spec.idParams, response: { 200: spec.get.response, ...recordErrors } }),
    },
    (request) => spec.get.run(ctxOf(deps, request), idOf(request.params)),
  );
  app.post(
    spec.path,
    {
      config: { access: spec.edit },
      schema: doc(spec.add.summary, { body: spec.body, response: { 200: spec.saved, ...recordErrors } }),
    },
    async (request) => ({
      message: spec.add.message,
      data: await spec.add.run(ctxOf(deps, request), bodyOf(request.body)),
    }),
  );
  app.put(
    byId,
    {
      config: { access: spec.edit },
      schema: doc(spec.update.summary, {
        params: spec.idParams,
        body: spec.body,
        response: { 200: spec.saved, ...recordErrors },
      }),
    },
    async (request) => ({
      message: spec.update.message,
      data: await spec.update.run(ctxOf(deps, request), idOf(request.params), bodyOf(request.body)),
    }),
  );
  app.delete(
    byId,
    {
      config: { access: spec.edit },
      schema: doc(spec.remove.summary, {
        params: spec.idParams,
        response: { 200: messageAnswerSchema, ...recordErrors },
      }),
    },
    async (request) => {
      await spec.remove.run(ctxOf(deps, request), idOf(request.params));
      return { message: spec.remove.message };
    },
  );
}
