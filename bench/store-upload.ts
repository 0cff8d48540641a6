/**
 * The Store's two write targets (issue 16, design WP1): a 5,000-row store product upload checked
 * (the dry run) and saved, with opening quantities, the way POST /api/inventory/store_product/upload
 * calls the services (the file parsed in the worker pool); then a 100-line GRN saved and posted
 * through the receiving service. Each is timed once: a second save of the same file would be updates.
 */
import {
  allPermissionEntries,
  type ReceivingCreateInput,
  receivingCreateSchema,
  vendorInputSchema,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import pino from "pino";
import { z } from "zod";
import { loadConfig } from "../apps/server/src/config";
import type { Db } from "../apps/server/src/db/client";
import type { Ctx } from "../apps/server/src/lib/context";
import { todayIn } from "../apps/server/src/lib/dates";
import { serviceLog } from "../apps/server/src/lib/service-log";
import { col, rowsOf } from "../apps/server/src/lib/sql";
import { createTokenService } from "../apps/server/src/lib/tokens";
import { createReceiving } from "../apps/server/src/modules/receiving/receiving.service";
import { uploadStoreProducts } from "../apps/server/src/modules/store-products/store-products.service";
import { readUpload } from "../apps/server/src/modules/store-products/store-products.sheets";
import { addVendor } from "../apps/server/src/modules/vendors/vendors.service";

export const UPLOAD_ROWS = 5000;
export const GRN_LINES = 100;

function adminCtx(db: Db): Ctx {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  return {
    db,
    config,
    tokens: createTokenService("b".repeat(40), "1h"),
    log: serviceLog(pino({ level: config.LOG_LEVEL })),
    user: {
      id: 1,
      userName: "admin",
      email: "",
      firstName: "",
      lastName: "",
      roleId: 1,
      roleName: "Admin",
      lastLogin: null,
      permissions: allPermissionEntries(),
    },
  };
}

/** 5,000 rows as a kitchen sends them: auto codes, a few units, every fourth one in boxes of 24, opening stock. */
export function uploadCsv(prefix: string, rows = UPLOAD_ROWS): Buffer {
  const lines = [
    "code,name,group,stock_uom,purchase_uom,purchase_factor,reorder_level,par_level,barcode,opening_qty,opening_unit_cost",
  ];
  const units = ["KG", "LITRE", "PCS", "GRAM"];
  for (let index = 1; index <= rows; index += 1) {
    const boxed = index % 4 === 0;
    const unit = boxed ? "PCS" : (units[index % units.length] ?? "PCS");
    lines.push(
      [
        "",
        `${prefix} ITEM ${String(index).padStart(5, "0")}`,
        `GROUP ${index % 20}`,
        unit,
        boxed ? "BOX" : "",
        boxed ? "24" : "",
        String(index % 50),
        String(index % 10),
        boxed ? `${prefix.length}${String(index).padStart(12, "0")}` : "",
        `${(index % 97) + 1}.5`,
        `${(index % 900) + 10}.25`,
      ].join(","),
    );
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

export interface StoreWriteTimes {
  checkMs: number;
  saveMs: number;
  grnMs: number;
  created: number;
}

/** Checks then saves the file (each parse included, as each request parses), then posts one 100-line GRN. */
export async function timeStoreWrites(db: Db, prefix: string): Promise<StoreWriteTimes> {
  const ctx = adminCtx(db);
  const file = uploadCsv(prefix);
  const checkStarted = performance.now();
  const checked = await uploadStoreProducts(ctx, await readUpload(db, file), true);
  const checkMs = performance.now() - checkStarted;
  if (!("rows" in checked) || checked.rows.some((row) => row.errors.length > 0))
    throw new Error("the benchmark's upload file has errors");
  const saveStarted = performance.now();
  const saved = await uploadStoreProducts(ctx, await readUpload(db, file), false);
  const saveMs = performance.now() - saveStarted;
  if (!("created" in saved) || saved.created !== UPLOAD_ROWS) throw new Error("the upload did not create every row");

  const vendor = await addVendor(ctx, vendorInputSchema.parse({ name: `${prefix} VENDOR` }));
  const products = rowsOf(
    z.object({ id: col.int, stock_uom_id: col.int }),
    await db.execute(sql`SELECT id, stock_uom_id FROM store_products WHERE name LIKE ${`${prefix} ITEM %`}
      ORDER BY id LIMIT ${GRN_LINES}`),
  );
  const input: ReceivingCreateInput = receivingCreateSchema.parse({
    vendorId: vendor.id,
    vendorBillNo: `${prefix}-GRN`,
    businessDate: todayIn(ctx.config.APP_TZ),
    payment: "credit",
    post: true,
    lines: products.map((row, index) => ({
      storeProductId: Number(row.id),
      uomId: Number(row.stock_uom_id),
      qty: 1 + (index % 7),
      unitCost: 100 + index,
      taxRate: index % 2 === 0 ? 16 : 0,
    })),
  });
  const grnStarted = performance.now();
  await createReceiving(ctx, input);
  const grnMs = performance.now() - grnStarted;
  return { checkMs, saveMs, grnMs, created: saved.created };
}
