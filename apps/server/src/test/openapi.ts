import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client";
import { col, rowsOf } from "../lib/sql";

/** The part of a JSON schema (as @fastify/swagger writes it) the generated tests read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/api/shipment/{id}`. */
  path: string;
  /** Fastify's form of the same path, e.g. `/api/shipment/:id`. */
  route: string;
  parameters: Parameter[];
  /** The JSON body schema, if the operation takes a JSON body. */
  body: JsonSchema | undefined;
  multipart: boolean;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every operation of the app's OpenAPI document (the app must be ready). */
export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        route: path.replace(/\{([^}]+)\}/g, ":$1"),
        parameters: operation.parameters ?? [],
        body: content["application/json"]?.schema,
        multipart: "multipart/form-data" in content,
      });
    }
  }
  return operations;
}

export const operationName = (operation: Pick<Operation, "method" | "path">) => `${operation.method} ${operation.path}`;

/** The options a schema offers (anyOf/oneOf flattened), nullable ones last. */
function alternatives(schema: JsonSchema): JsonSchema[] {
  const options = schema.anyOf ?? schema.oneOf;
  if (!options) return [schema];
  return options.flatMap(alternatives).sort((a, b) => Number(a.type === "null") - Number(b.type === "null"));
}

/** The scalar type a schema describes: the first non-null type. */
export function typeOf(schema: JsonSchema): string | undefined {
  const first = alternatives(schema)[0] ?? schema;
  const type = Array.isArray(first.type) ? first.type.find((each) => each !== "null") : first.type;
  if (type) return type;
  if (first.properties) return "object";
  if (first.enum) return typeof first.enum[0];
  return undefined;
}

export const isDateSchema = (schema: JsonSchema) =>
  alternatives(schema).some((each) => each.format === "date" || each.pattern?.includes("\\d{4}-\\d{2}-\\d{2}"));

/** A plausible value for a schema: the shape is right; business rules may still refuse it. */
export function sampleOf(schema: JsonSchema, depth = 0): unknown {
  const first = alternatives(schema)[0] ?? schema;
  if (first.default !== undefined) return first.default;
  if (first.const !== undefined) return first.const;
  if (first.enum?.length) return first.enum[0];
  if (isDateSchema(first)) return "2026-01-15";
  switch (typeOf(first)) {
    case "string": {
      if (first.format === "email") return "fuzz@test.local";
      return "Fuzz1234".padEnd(first.minLength ?? 0, "x").slice(0, first.maxLength ?? 100);
    }
    case "integer":
    case "number": {
      const minimum = typeof first.minimum === "number" ? first.minimum : 0;
      return Math.min(minimum + 1, first.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return true;
    case "array": {
      if (depth > 3 || !first.items) return [];
      return Array.from({ length: Math.max(first.minItems ?? 1, 1) }, () => sampleOf(first.items ?? {}, depth + 1));
    }
    case "object": {
      if (depth > 3) return {};
      const entries = Object.entries(first.properties ?? {}).map(([key, value]) => [key, sampleOf(value, depth + 1)]);
      return Object.fromEntries(entries);
    }
    default:
      return null;
  }
}

/** A leaf of a JSON body: the keys to reach it (array items as index 0) and its schema. */
export interface BodyField {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** The fields of a body schema, down to three levels, arrays entered through their first item. */
export function bodyFields(schema: JsonSchema, prefix: (string | number)[] = [], depth = 0): BodyField[] {
  const first = alternatives(schema)[0] ?? schema;
  const fields: BodyField[] = [];
  if (depth > 3) return fields;
  if (typeOf(first) === "object") {
    const required = new Set(first.required ?? []);
    for (const [key, value] of Object.entries(first.properties ?? {})) {
      const path = [...prefix, key];
      fields.push({ path, schema: value, required: required.has(key) });
      fields.push(...bodyFields(value, path, depth + 1));
    }
  } else if (typeOf(first) === "array" && first.items) {
    fields.push(...bodyFields(first.items, [...prefix, 0], depth + 1));
  }
  return fields;
}

/** A copy of `value` with the leaf at `path` replaced (or removed when `replacement` is `remove`). */
export function withField(value: unknown, path: (string | number)[], replacement: unknown, remove = false): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    const index = typeof head === "number" ? head : 0;
    if (rest.length === 0 && remove) copy.splice(index, 1);
    else copy[index] = withField(copy[index], rest, replacement, remove);
    return copy;
  }
  const record = value !== null && typeof value === "object" ? { ...(value as Record<string, unknown>) } : {};
  const key = String(head);
  if (rest.length === 0 && remove) delete record[key];
  else record[key] = withField(record[key], rest, replacement, remove);
  return record;
}

/** Fills an OpenAPI path's parameters: `/api/x/{id}` with `{ id: "7" }`. */
export function urlOf(operation: Operation, path: Record<string, string>, query: Record<string, string>): string {
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeURIComponent(path[name] ?? ""));
  const search = new URLSearchParams(query).toString();
  return search ? `${filled}?${search}` : filled;
}

/**
 * Row counts of every table as one string, from one statement: a refused request must leave it
 * unchanged. Table names come from the catalogue, so new tables are counted without editing this.
 * The rows are counted again only when a transaction id was handed out since the last count: any
 * write takes one, even one rolled back, so while the next id stays the same nothing can have
 * changed (most refused requests never reach the database). On PostgreSQL other databases move the
 * id too, and then the rows are simply counted. The request bookkeeping tables (rate-limit
 * counters, sign-ins to unknown user names) are left out: a refused request is meant to count there.
 */
const REQUEST_BOOKKEEPING = new Set(["rate_limit_counters", "unknown_sign_ins"]);

export async function rowCounter(db: Db): Promise<() => Promise<string>> {
  const tables = rowsOf(
    z.object({ table_name: col.text }),
    await db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((row) => row.table_name)
    .filter((name) => !REQUEST_BOOKKEEPING.has(name));
  const columns = tables.map((name) => `(select count(*) from "${name.replaceAll('"', '""')}")::int as "${name}"`);
  const statement = sql.raw(`select ${columns.join(", ")}`);
  const nextId = sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next_id`;
  let last = { nextId: "", counts: "" };
  return async () => {
    const [now] = rowsOf(z.object({ next_id: col.text }), await db.execute(nextId));
    if (now && now.next_id === last.nextId) return last.counts;
    const counts = JSON.stringify(rowsOf(z.record(z.string(), col.int), await db.execute(statement))[0] ?? {});
    last = { nextId: now?.next_id ?? "", counts };
    return counts;
  };
}
