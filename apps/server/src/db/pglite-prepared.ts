import {
  type PGlite,
  parse,
  protocol,
  type Results,
  type Transaction,
  types,
  messages as wire,
} from "@electric-sql/pglite";
import { DrizzleQueryError } from "drizzle-orm/errors";

/**
 * Named prepared statements on PGlite (`executePrepared` in lib/sql.ts). PGlite's own `query` sends
 * every statement as an unnamed one, so the embedded database parses, analyses and plans the text on
 * every call: most of a POS sale's time on PGlite. Here each text is parsed once per database under
 * its name (Parse and Describe), and each call only binds and runs it (Bind, Execute, Sync: one trip
 * into the database). The answer is built by PGlite's own `parseResults` with the parsers drizzle
 * uses for raw SQL, so it is the same as `db.execute` gives.
 */

interface Prepared {
  paramTypes: readonly number[];
  /** The statement's row description (none for a statement that returns no rows). */
  rowDescription: wire.RowDescriptionMessage | undefined;
}

interface Owner {
  pglite: PGlite;
  /** Names this database has prepared, with their parameter types and columns. */
  statements: Map<string, Prepared>;
}

/** The database behind each PGlite instance and each of its open transactions. */
const owners = new WeakMap<object, Owner>();

/** Raw SQL answers keep dates, timestamps and intervals as text, as drizzle's PGlite driver does. */
const asText = (value: string) => value;
const RAW_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

/**
 * Makes `pglite` and the transactions it opens known here, so `runPrepared` can reach the database
 * from a drizzle transaction (whose client is PGlite's transaction object).
 */
export function registerPglite(pglite: PGlite): void {
  const owner: Owner = { pglite, statements: new Map() };
  owners.set(pglite, owner);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      owners.set(tx, owner);
      return callback(tx);
    });
}

/** Whether `client` (a drizzle session's client) is a PGlite database or transaction known here. */
export const isRegisteredPglite = (client: unknown): client is object =>
  typeof client === "object" && client !== null && owners.has(client);

const joined = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

async function prepare(owner: Owner, name: string, text: string): Promise<Prepared> {
  const known = owner.statements.get(name);
  if (known) return known;
  const messages = await owner.pglite.execProtocolStream(
    joined([
      protocol.serialize.parse({ name, text }),
      protocol.serialize.describe({ type: "S", name }),
      protocol.serialize.sync(),
    ]),
    { syncToFs: false },
  );
  const prepared: Prepared = {
    paramTypes: parse.parseDescribeStatementResults(messages),
    rowDescription: messages.find(
      (message): message is wire.RowDescriptionMessage => message.name === "rowDescription",
    ),
  };
  owner.statements.set(name, prepared);
  return prepared;
}

async function bindAndRun(owner: Owner, name: string, text: string, params: readonly unknown[]): Promise<Results> {
  const prepared = await prepare(owner, name, text);
  const { serializers } = owner.pglite;
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = serializers[prepared.paramTypes[index] ?? 0];
    return serializer ? serializer(value) : String(value);
  });
  let answer: wire.BackendMessage[];
  try {
    answer = await owner.pglite.execProtocolStream(
      joined([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
  } catch (error) {
    // A statement dropped behind our back (DEALLOCATE) is prepared again on the next call.
    if (error instanceof wire.DatabaseError && error.code === "26000") owner.statements.delete(name);
    throw error;
  }
  const withColumns = prepared.rowDescription ? [prepared.rowDescription, ...answer] : answer;
  const [result] = parse.parseResults(withColumns, owner.pglite.parsers, { rowMode: "object", parsers: RAW_PARSERS });
  return result ?? { rows: [], fields: [], affectedRows: 0 };
}

/**
 * Runs `text` with `params` as the named prepared statement `name` on the PGlite database or
 * transaction `client` (registered with `registerPglite`), with PGlite's own locking: inside a
 * transaction only the query lock (the transaction holds the database), outside it both, and the
 * data synced to disk afterwards as PGlite does after a statement outside a transaction.
 */
export async function runPrepared(
  client: object,
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<Results> {
  const owner = owners.get(client);
  if (!owner) throw new Error("runPrepared: the client is not a registered PGlite database");
  const { pglite } = owner;
  try {
    if (client !== pglite) return await pglite._runExclusiveQuery(() => bindAndRun(owner, name, text, params));
    await pglite._checkReady();
    return await pglite._runExclusiveTransaction(async () => {
      const result = await pglite._runExclusiveQuery(() => bindAndRun(owner, name, text, params));
      await pglite.syncToFs();
      return result;
    });
  } catch (error) {
    throw new DrizzleQueryError(text, [...params], error instanceof Error ? error : new Error(String(error)));
  }
}
