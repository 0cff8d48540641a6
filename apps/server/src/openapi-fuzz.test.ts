import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createTestApp, type TestApp } from "./test/harness";
import {
  type BodyField,
  bodyFields,
  isDateSchema,
  type JsonSchema,
  type Operation,
  operationName,
  operationsOf,
  rowCounter,
  sampleOf,
  typeOf,
  urlOf,
  withField,
} from "./test/openapi";

/**
 * Every operation of the OpenAPI document, called as the admin (so permission checks pass) with one
 * bad value at a time: ids past PostgreSQL's integer, NUL bytes, huge strings, impossible dates,
 * wrong types, nested junk, missing fields. Nothing may answer 5xx; a value the schema refuses must
 * get a 4xx naming the field; a refused request writes no row. New routes are walked automatically.
 */

/** Operations not walked, each with its reason. Everything else in the document is. */
const NOT_FUZZED: Record<string, string> = {
  "GET /api/users/backup": "takes no input at all, and every call writes a whole backup archive to disk",
  "GET /api/kds/stream":
    "an accepted request opens an event stream that never ends; modules/kds/kds.test.ts checks its bad input",
  "GET /api/pos/stream":
    "an accepted request opens an event stream that never ends; modules/pos-tables/pos-tables.stream.test.ts checks its bad input",
};

/** Requests per operation beyond the fixed examples (a NUL in every field, 2^31 in every id). */
const RUNS = 10;
const MAX_ID = 2_147_483_647;

type Target =
  | { where: "path" | "query"; name: string; schema: JsonSchema; required: boolean }
  | { where: "body"; field: BodyField }
  | { where: "wholeBody"; schema: JsonSchema }
  | { where: "extraQuery" };

type BadKind =
  | "nul"
  | "int31"
  | "int53"
  | "negative"
  | "zero"
  | "fraction"
  | "huge"
  | "impossibleDate"
  | "wrongType"
  | "missing"
  | "hugeNumber";

const BAD_KINDS: BadKind[] = [
  "nul",
  "int31",
  "int53",
  "negative",
  "zero",
  "fraction",
  "huge",
  "impossibleDate",
  "wrongType",
  "missing",
  "hugeNumber",
];

const HUGE = "9".repeat(20_000);

function badValue(kind: BadKind, junk: unknown): unknown {
  switch (kind) {
    case "nul":
      return "Fuzz\u0000zz";
    case "int31":
      return MAX_ID + 1;
    case "int53":
      return 2 ** 53 + 2;
    case "negative":
      return -1;
    case "zero":
      return 0;
    case "fraction":
      return 1.5;
    case "huge":
      return HUGE;
    case "impossibleDate":
      return "2026-02-30";
    case "wrongType":
      return junk;
    case "missing":
      return undefined;
    case "hugeNumber":
      return 1e300;
  }
}

const leafName = (target: Target): string | undefined => {
  if (target.where === "path" || target.where === "query") return target.name;
  if (target.where === "body") return target.field.path.filter((key) => typeof key === "string").at(-1);
  return undefined;
};

const isIdLike = (name: string) => /^id$|Id$|_id$/.test(name);

/** Whether the schema (or the route's id rule) must refuse this value: then a 4xx is required. */
function mustRefuse(target: Target, kind: BadKind, junk: unknown = null): boolean {
  if (kind === "nul") return target.where !== "extraQuery" && target.where !== "wholeBody";
  if (target.where === "extraQuery") return false;
  if (target.where === "wholeBody") {
    // A dictionary of junk is still an object (unknown keys are dropped); a list never is.
    return kind === "wrongType" && Array.isArray(junk) && typeOf(target.schema) === "object";
  }
  const schema = target.where === "body" ? target.field.schema : target.schema;
  const required = target.where === "body" ? target.field.required : target.required;
  const name = leafName(target) ?? "";
  const type = typeOf(schema);
  const numeric = type === "integer" || type === "number";
  switch (kind) {
    case "missing":
      return required && schema.default === undefined && target.where !== "query";
    case "impossibleDate":
      return isDateSchema(schema);
    case "int31":
    case "int53":
      return numeric && (isIdLike(name) || (schema.maximum !== undefined && schema.maximum <= MAX_ID));
    case "fraction":
      return type === "integer";
    case "wrongType":
      // A path or query value is always text: junk is refused only where a number is expected.
      return numeric || type === "boolean" || (type === "string" && target.where === "body");
    default:
      return false;
  }
}

function targetsOf(operation: Operation): Target[] {
  const targets: Target[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== "path" && parameter.in !== "query") continue;
    targets.push({
      where: parameter.in,
      name: parameter.name,
      schema: parameter.schema ?? {},
      required: parameter.required === true,
    });
  }
  if (operation.body) {
    targets.push({ where: "wholeBody", schema: operation.body });
    for (const field of bodyFields(operation.body)) targets.push({ where: "body", field });
  }
  targets.push({ where: "extraQuery" });
  return targets;
}

/** A request that is plausible everywhere except at its target. Path ids point at no row. */
function requestOf(operation: Operation, target: Target, kind: BadKind, junk: unknown) {
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === "path") {
      const type = typeOf(parameter.schema ?? {});
      path[parameter.name] = type === "integer" || type === "number" ? String(MAX_ID) : "Fuzz1234";
    }
  }
  let body = operation.body ? sampleOf(operation.body) : undefined;
  const bad = badValue(kind, junk);
  // A parameter arrives as text: junk becomes text too.
  const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
  if (target.where === "path") {
    path[target.name] = kind === "missing" ? "" : asText(bad);
  } else if (target.where === "query") {
    if (kind !== "missing") query[target.name] = asText(bad);
  } else if (target.where === "extraQuery") {
    query.fuzz = asText(bad ?? "");
  } else if (target.where === "wholeBody") {
    body = kind === "missing" ? undefined : bad;
  } else if (target.where === "body") {
    body = withField(body, target.field.path, bad, kind === "missing");
  }
  return {
    method: operation.method,
    url: urlOf(operation, path, query),
    body,
  };
}

const junkArbitrary = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 3 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 3 }),
);

interface Case {
  target: Target;
  kind: BadKind;
  junk: unknown;
}

/** The fixed cases every operation gets: a NUL in every field, and each id or date past what it allows. */
function examplesOf(targets: Target[]): [Case][] {
  return targets.flatMap((target) => {
    const text = target.where !== "body" || typeOf(target.field.schema) === "string";
    const kinds: BadKind[] = ["nul", "int31", "impossibleDate"].filter(
      (kind): kind is BadKind => (kind === "nul" && text) || mustRefuse(target, kind as BadKind),
    );
    return kinds.map((kind): [Case] => [{ target, kind, junk: { junk: [1, { $ne: null }] } }]);
  });
}

let t: TestApp;
let token: string;
let countRows: () => Promise<string>;
/** The row counts after the last request, so each write request costs one count. */
let lastCounts = "";

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  countRows = await rowCounter(t.db);
});
afterAll(() => t.close());

/** One bad request: what went wrong with it, if anything. */
async function check(operation: Operation, { target, kind, junk }: Case): Promise<string[]> {
  const request = requestOf(operation, target, kind, junk);
  // Reads are counted once per operation (below); writes after every request.
  const response = await t.app.inject({
    method: operation.method as "GET",
    url: request.url,
    headers: request.body === undefined ? bearer(token) : { ...bearer(token), "content-type": "application/json" },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
  const status = response.statusCode;
  const name = leafName(target);
  const label = `${operationName(operation)} ${kind} at ${target.where}:${name ?? ""} -> ${status} ${response.body.slice(0, 160)}`;
  const problems: string[] = [];
  if (status >= 500) problems.push(`5xx: ${label}`);
  else if (mustRefuse(target, kind, junk)) {
    if (status < 400) problems.push(`accepted: ${label}`);
    else if (status === 400 && name && !response.body.includes(name)) problems.push(`field not named: ${label}`);
  }
  if (operation.method !== "GET") {
    const after = await countRows();
    if (status >= 400 && after !== lastCounts) problems.push(`row written: ${label}`);
    lastCounts = after;
  }
  // An operation that ends sessions (sign out everywhere) must not stop the walk.
  if (status === 401) token = await adminToken(t.app);
  return problems;
}

describe("bad input on every operation of the OpenAPI document", () => {
  it("lists every operation it does not walk, with a reason, and each of them exists", () => {
    const names = new Set(operationsOf(t.app).map(operationName));
    for (const name of Object.keys(NOT_FUZZED)) expect(names.has(name), name).toBe(true);
  });

  it("answers no 5xx, refuses what the schema forbids with a 4xx naming the field, and writes no row", async () => {
    const operations = operationsOf(t.app).filter((operation) => !(operationName(operation) in NOT_FUZZED));
    expect(operations.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const operation of operations) {
      const targets = targetsOf(operation);
      const examples = examplesOf(targets);
      lastCounts = await countRows();
      const before = lastCounts;
      await fc.assert(
        fc.asyncProperty(
          fc.record({ target: fc.constantFrom(...targets), kind: fc.constantFrom(...BAD_KINDS), junk: junkArbitrary }),
          async (badCase) => {
            problems.push(...(await check(operation, badCase)));
          },
        ),
        { numRuns: RUNS + examples.length, examples, seed: 13 },
      );
      if (operation.method === "GET" && (await countRows()) !== before)
        problems.push(`row written: ${operationName(operation)}`);
    }
    expect([...new Set(problems)]).toEqual([]);
  }, 300_000);
});
