import { POS_BOOTSTRAP_MESSAGES as M, type PosBootstrap } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { catalogVersions, posCounters } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { rowsOf } from "../../lib/sql";
import { automaticPromotions, limitedPromotionUses } from "../coupons";
import { OUTLET_ID } from "../outlet-settings";
import { readCatalogueJson, readOutlet } from "./pos-bootstrap.queries";

/** Raised when the answer's shape changes, so a register's cached copy from an older server is not reused. */
const SHAPE = 2;

const versionRow = z.object({ version: z.string(), micros: z.string(), uses: z.string() });

/**
 * The catalogue version: the row every master-data write raises (migration 0014), with the
 * clock of its last raise in microseconds so a restored database's timeline differs, and the uses
 * of the promotions with a usage limit (a redemption is not a master-data write, but the till must
 * see a promotion whose uses ran out).
 */
export async function catalogVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`
    SELECT coalesce(${catalogVersions.version}, 1)::text AS version,
           coalesce(floor(extract(epoch FROM ${catalogVersions.changedAt}) * 1000000)::bigint, 0)::text AS micros,
           ${limitedPromotionUses} AS uses
    FROM (SELECT 1) AS one LEFT JOIN ${catalogVersions} ON ${catalogVersions.id} = 1`);
  const [row] = rowsOf(versionRow, result);
  if (!row) throw new Error("The catalogue version query answered no row");
  return `${SHAPE}.${row.version}.${row.micros}.${row.uses}`;
}

/** A strong validator for one version as seen by one counter (the answer names the counter). */
export const bootstrapEtag = (version: string, counterId: number | undefined) => `"pos-${version}-${counterId ?? 0}"`;

/** Whether an If-None-Match header names this ETag (a list, `*`, or a weak form of it). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag === etag || tag === `W/${etag}`;
  });
}

/** The asking register's counter: 404 on counterId when it does not exist, 400 when it is inactive. */
export async function counterOf(ctx: Ctx, counterId: number | undefined): Promise<PosBootstrap["counter"]> {
  if (counterId === undefined) return null;
  const [row] = await ctx.db.select().from(posCounters).where(eq(posCounters.id, counterId));
  if (!row || row.outletId !== OUTLET_ID)
    throw new AppError("NOT_FOUND", M.counter, [{ field: "counterId", message: M.counter }]);
  if (!row.active)
    throw new AppError("VALIDATION", M.counterInactive, [{ field: "counterId", message: M.counterInactive }]);
  const defaultOrderType =
    row.defaultOrderType === "dine_in" || row.defaultOrderType === "delivery" ? row.defaultOrderType : "take_away";
  return { id: row.id, code: row.code, name: row.name, receiptPrinterId: row.receiptPrinterId, defaultOrderType };
}

/** The answer as JSON text for every counter (`counter` is spliced in per request), and its version. */
export interface Catalogue {
  version: string;
  json: string;
}

/**
 * Builds the catalogue in one read-only snapshot (repeatable read), so the version it carries is
 * the version of exactly the data in it: a write committed halfway through is in neither. The
 * outlet's settings come through Setting > Restaurant's reader, the promotions through the coupon
 * engine's own reader (its terms, one definition); everything else is one statement
 * whose JSON text PostgreSQL writes (pos-bootstrap.queries).
 */
export async function buildCatalogue(ctx: Ctx): Promise<Catalogue> {
  return ctx.db.transaction(
    async (tx) => {
      const version = await catalogVersion(tx);
      const head = {
        version,
        outlet: await readOutlet({ ...ctx, db: tx }),
        promotions: await automaticPromotions(tx),
      } satisfies Pick<PosBootstrap, "version" | "outlet" | "promotions">;
      const rest = await readCatalogueJson(tx);
      return { version, json: `${JSON.stringify(head).slice(0, -1)},${rest.slice(1)}` };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The last catalogue this server built, reused while the version stands: registers opening after
 * a change share one build. Safe with several servers, since every request reads the version
 * from the database first; it only saves work, it never decides what is current.
 */
export function createCatalogueCache() {
  let last: Catalogue | null = null;
  return async (ctx: Ctx, version: string): Promise<Catalogue> => {
    if (last?.version === version) return last;
    const built = await buildCatalogue(ctx);
    last = built;
    return built;
  };
}

/** The bootstrap's JSON text: the counter, then the catalogue. */
export const withCounter = (catalogue: Catalogue, counter: PosBootstrap["counter"]) =>
  `{"counter":${JSON.stringify(counter)},${catalogue.json.slice(1)}`;
