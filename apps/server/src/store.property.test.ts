/**
 * The Store's invariants (design section 7.4) under random work: receivings (on credit or paid cash,
 * with tax and freight), issuances, counts at either location and reversals, all through the API.
 * After every run: each bin equals the sum of its moves, the daily and monthly totals regroup the
 * moves, an empty bin is worth nothing, no store bin is negative, each inventory account's ledger
 * balance equals the value of the bins of its locations, and the books balance.
 */

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { todayIn } from "./lib/dates";
import { col, rowsOf } from "./lib/sql";
import { adminToken, bearer, createTestApp, type TestApp } from "./test/harness";

const STORE = 1;
const KITCHEN = 2;
const KG = 2;

let t: TestApp;
let token: string;
let today: string;
let vendorId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  today = todayIn(t.config.APP_TZ);
  const vendor = await call("POST", "/api/inventory/vendor", { name: "Property Farms" });
  vendorId = vendor.json<{ data: { id: number } }>().data.id;
});
afterAll(() => t.close());

async function call(method: "POST" | "PUT", url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: bearer(token), payload });
  // A refusal is part of the game (too little stock); a crash or a bad request is not.
  expect([200, 201, 409], `${method} ${url} ${response.body}`).toContain(response.statusCode);
  return response;
}

type Op =
  | { kind: "receive"; product: number; qty: number; cost: number; cash: boolean; tax: boolean; freight: number }
  | { kind: "issue"; product: number; qty: number }
  | { kind: "count"; product: number; kitchen: boolean; counted: number }
  | { kind: "reverseReceiving"; pick: number }
  | { kind: "reverseIssuance"; pick: number };

const qty = fc.integer({ min: 1, max: 20_000 }).map((grams) => grams / 1000);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("receive" as const),
    product: fc.nat(2),
    qty,
    cost: fc.integer({ min: 1, max: 50_000 }).map((minor) => minor / 100),
    cash: fc.boolean(),
    tax: fc.boolean(),
    freight: fc.integer({ min: 0, max: 5_000 }).map((minor) => minor / 100),
  }),
  fc.record({ kind: fc.constant("issue" as const), product: fc.nat(2), qty }),
  fc.record({
    kind: fc.constant("count" as const),
    product: fc.nat(2),
    kitchen: fc.boolean(),
    counted: fc.integer({ min: 0, max: 25_000 }).map((grams) => grams / 1000),
  }),
  fc.record({ kind: fc.constant("reverseReceiving" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("reverseIssuance" as const), pick: fc.nat() }),
);

let run = 0;
/** What went through, so the test can show it did real work (not only refusals). */
const done = { receive: 0, issue: 0, count: 0, reverse: 0 };
async function play(ops: readonly Op[]): Promise<void> {
  run += 1;
  const products: number[] = [];
  for (const index of [0, 1, 2]) {
    const created = await call("POST", "/api/inventory/store_product", {
      name: `PROPERTY ${run}-${index}`,
      group: "PROPERTY",
      stockUomId: KG,
    });
    products.push(created.json<{ data: { id: number } }>().data.id);
  }
  const receivings: number[] = [];
  const issuances: number[] = [];
  for (const step of ops) {
    if (step.kind === "receive") {
      const response = await call("POST", "/api/inventory/receiving", {
        vendorId,
        businessDate: today,
        locationId: STORE,
        payment: step.cash ? "cash" : "credit",
        charges: step.freight > 0 ? [{ label: "Freight", amount: step.freight }] : [],
        lines: [
          {
            storeProductId: products[step.product],
            qty: step.qty,
            uomId: KG,
            unitCost: step.cost,
            taxRate: step.tax ? 16 : 0,
          },
        ],
        post: true,
      });
      if (response.statusCode !== 409) {
        receivings.push(response.json<{ id: number }>().id);
        done.receive += 1;
      }
    } else if (step.kind === "issue") {
      const response = await call("POST", "/api/inventory/issuance", {
        fromLocationId: STORE,
        toLocationId: KITCHEN,
        businessDate: today,
        lines: [{ storeProductId: products[step.product], qty: step.qty, uomId: KG }],
        post: true,
      });
      if (response.statusCode !== 409) {
        issuances.push(response.json<{ id: number }>().id);
        done.issue += 1;
      }
    } else if (step.kind === "count") {
      const draft = await call("POST", "/api/inventory/stock_count", {
        locationId: step.kitchen ? KITCHEN : STORE,
        businessDate: today,
      });
      const id = draft.json<{ id: number }>().id;
      await call("PUT", `/api/inventory/stock_count/${id}`, {
        lines: [{ storeProductId: products[step.product], countedQty: step.counted, uomId: KG, reason: "count_error" }],
      });
      if ((await call("POST", `/api/inventory/stock_count/${id}/post`)).statusCode !== 409) done.count += 1;
    } else {
      const list = step.kind === "reverseReceiving" ? receivings : issuances;
      if (list.length === 0) continue;
      const [id] = list.splice(step.pick % list.length, 1);
      const base = step.kind === "reverseReceiving" ? "receiving" : "issuance";
      if ((await call("POST", `/api/inventory/${base}/${id}/reverse`)).statusCode !== 409) done.reverse += 1;
    }
  }
}

/** Rows an invariant expects none of: any columns, shown in full when one turns up. */
const AnyRow = z.record(z.string(), z.unknown());

async function single<Schema extends z.ZodType>(schema: Schema, query: ReturnType<typeof sql>) {
  return rowsOf(schema, await t.db.execute(query));
}

async function checkInvariants(): Promise<void> {
  const drift = await single(
    AnyRow,
    sql`
    select b.store_product_id, b.location_id from stock_bins b
    left join (select store_product_id, location_id, sum(qty_micro) q, sum(value_minor) v from stock_moves group by 1, 2) m
      using (store_product_id, location_id)
    where b.qty_micro <> coalesce(m.q, 0) or b.value_minor <> coalesce(m.v, 0)`,
  );
  expect(drift, "bins equal the sum of their moves").toEqual([]);
  for (const [table, period] of [
    ["stock_daily", "business_date"],
    ["stock_monthly", "date_trunc('month', business_date)::date"],
  ] as const) {
    const regroup = await single(
      AnyRow,
      sql.raw(`select * from (
        select store_product_id, location_id, ${period} as p,
          coalesce(sum(qty_micro) filter (where qty_micro > 0), 0) iq, coalesce(-sum(qty_micro) filter (where qty_micro < 0), 0) oq,
          coalesce(sum(value_minor) filter (where qty_micro > 0), 0) iv, coalesce(-sum(value_minor) filter (where qty_micro < 0), 0) ov
        from stock_moves group by 1, 2, 3) m
      full join ${table} d on d.store_product_id = m.store_product_id and d.location_id = m.location_id
        and d.${table === "stock_daily" ? "day" : "month"} = m.p
      where d.store_product_id is null or m.store_product_id is null or d.in_qty_micro <> m.iq or d.out_qty_micro <> m.oq
        or d.in_value_minor <> m.iv or d.out_value_minor <> m.ov`),
    );
    expect(regroup, `${table} regroups the moves`).toEqual([]);
  }
  const bad = await single(
    AnyRow,
    sql`
    select b.store_product_id from stock_bins b join stock_locations l on l.id = b.location_id
    where (b.qty_micro = 0 and b.value_minor <> 0) or (l.kind = 'store' and b.qty_micro < 0)`,
  );
  expect(bad, "an empty bin is worth nothing and no store bin is negative").toEqual([]);
  const accounts = await single(
    z.object({ account: col.int.nullable(), ledger: col.text, bins: col.text }),
    sql`
    with mapped as (
      select l.id, coalesce(l.inventory_account_id,
        case when l.kind = 'store' then i.store_inventory_account_id else i.kitchen_inventory_account_id end) account
      from stock_locations l cross join account_integration i)
    select m.account, (select coalesce(sum(debit - credit), 0) from ledger_entries where account_id = m.account)::text ledger,
      coalesce(sum(b.value_minor), 0)::text bins
    from mapped m left join stock_bins b on b.location_id = m.id group by m.account`,
  );
  for (const row of accounts) expect(row.ledger, `inventory account ${row.account}`).toBe(row.bins);
  const [books] = await single(
    z.object({ debit: col.text, credit: col.text }),
    sql`select coalesce(sum(debit), 0)::text debit, coalesce(sum(credit), 0)::text credit from ledger_entries`,
  );
  expect(books?.debit).toBe(books?.credit);
}

describe("Store invariants under random receivings, issuances, counts and reversals", () => {
  it("keep bins, totals and the inventory accounts equal to the moves", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        await play(ops);
        await checkInvariants();
      }),
      { numRuns: 8 },
    );
    expect(done.receive).toBeGreaterThan(0);
    expect(done.issue + done.count + done.reverse).toBeGreaterThan(0);
  }, 180_000);
});
