import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { $ZodType, safeEncode } from "zod/v4/core";

/** A JSON value after `JSON.stringify` (dates become text, undefined keys vanish). */
const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The paths present in `sent` but missing from `kept`: fields the answer schema does not describe. */
export function droppedPaths(sent: unknown, kept: unknown, at = "$"): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => droppedPaths(item, kept[index], `${at}[${index}]`));
  }
  if (typeof sent !== "object" || sent === null || typeof kept !== "object" || kept === null) return [];
  const keptRecord = kept as Record<string, unknown>;
  return Object.entries(sent as Record<string, unknown>).flatMap(([key, value]) =>
    key in keptRecord ? droppedPaths(value, keptRecord[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`An answer schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Serializes every JSON answer through the route's shared zod schema. With `strict` (tests), an
 * answer carrying a field its schema does not describe fails instead of losing the field quietly,
 * so a schema can only be as wide as the real answer, never narrower.
 */
export function answerSerializer(strict: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    return (data) => {
      const result = safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const dropped = droppedPaths(plain(data), plain(result.data));
        if (dropped.length > 0) {
          throw new Error(`${method} ${url} answered fields its schema does not describe: ${dropped.join(", ")}`);
        }
      }
      return JSON.stringify(result.data);
    };
  };
}
