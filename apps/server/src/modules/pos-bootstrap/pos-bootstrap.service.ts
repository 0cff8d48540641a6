import { POS_BOOTSTRAP_MESSAGES as M, type PosBootstrap, type PosBootstrapQuery } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { catalogVersions, posCounters } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { OUTLET_ID } from "../outlet-settings";
import { readDeals, readPromotions } from "./pos-bootstrap.offers";
import {
  readCategories,
  readCounters,
  readHalls,
  readOutlet,
  readPaymentMethods,
  readPrinters,
  readProducts,
  readStations,
  readTaxClasses,
} from "./pos-bootstrap.queries";

/** Raised when the answer's shape changes, so a register's cached copy from an older server is not reused. */
const SHAPE = 1;

/**
 * The catalogue version: the row every master-data write raises (migration 0014), with the
 * clock of its last raise in microseconds so a restored database's timeline differs.
 */
export async function catalogVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({
      version: sql<string>`${catalogVersions.version}::text`,
      micros: sql<string>`floor(extract(epoch FROM ${catalogVersions.changedAt}) * 1000000)::bigint::text`,
    })
    .from(catalogVersions)
    .where(eq(catalogVersions.id, 1));
  return row ? `${SHAPE}.${row.version}.${row.micros}` : `${SHAPE}.0.0`;
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

async function counterOf(tx: Db, counterId: number | undefined): Promise<PosBootstrap["counter"]> {
  if (counterId === undefined) return null;
  const [row] = await tx.select().from(posCounters).where(eq(posCounters.id, counterId));
  if (!row || row.outletId !== OUTLET_ID)
    throw new AppError("NOT_FOUND", M.counter, [{ field: "counterId", message: M.counter }]);
  if (!row.active)
    throw new AppError("VALIDATION", M.counterInactive, [{ field: "counterId", message: M.counterInactive }]);
  const defaultOrderType =
    row.defaultOrderType === "dine_in" || row.defaultOrderType === "delivery" ? row.defaultOrderType : "take_away";
  return { id: row.id, code: row.code, name: row.name, receiptPrinterId: row.receiptPrinterId, defaultOrderType };
}

/**
 * Builds the bootstrap in one read-only snapshot (repeatable read), so the version it carries is
 * the version of exactly the data in it: a write committed halfway through is in neither.
 */
export async function buildBootstrap(ctx: Ctx, query: PosBootstrapQuery): Promise<PosBootstrap> {
  return ctx.db.transaction(
    async (tx) => {
      const version = await catalogVersion(tx);
      const counter = await counterOf(tx, query.counterId);
      const { tree, stationOf } = await readCategories(tx);
      const { promotions, hasCodeCoupons } = await readPromotions(tx);
      return {
        version,
        outlet: await readOutlet(tx, OUTLET_ID),
        counter,
        counters: await readCounters(tx, OUTLET_ID),
        taxClasses: await readTaxClasses(tx),
        paymentMethods: await readPaymentMethods(tx),
        stations: await readStations(tx, OUTLET_ID),
        printers: await readPrinters(tx),
        categories: tree,
        products: await readProducts(tx, stationOf),
        deals: await readDeals(tx),
        promotions,
        hasCodeCoupons,
        halls: await readHalls(tx, OUTLET_ID),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
