import { perm } from "@cargodesk/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shipments } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { access } from "../../plugins/access";
import { ownScope } from "./shipments.rules";

const shipment = (cat: string) => perm("Shipment", cat);
export const canAdd = access.permission(shipment("Shipment Add"));
/** The list hosts every row action, so each shipment permission opens it. */
export const canList = access.permission(
  shipment("Shipment View"),
  shipment("Shipment Edit"),
  shipment("Shipment Delete"),
  shipment("Shipment Post"),
  shipment("Shipment Edit Status"),
);
export const canListByDates = access.permission(
  shipment("Shipment View"),
  shipment("Shipment Edit"),
  perm("Dashboard", "Dashboard View"),
);
export const canView = access.permission(shipment("Shipment View"), shipment("Shipment Edit"));
export const canLookUpCn = access.permission(
  shipment("Shipment View"),
  perm("Complain", "Complaint Add"),
  perm("Complain", "Complaint View"),
);
export const canEdit = access.permission(shipment("Shipment Edit"));
export const canDelete = access.permission(shipment("Shipment Delete"));
export const canPost = access.permission(shipment("Shipment Post"));
export const canEditStatus = access.permission(shipment("Shipment Edit Status"));

export const SHIPMENT_NOT_FOUND = "No such shipment";

export type ShipmentRow = typeof shipments.$inferSelect;

/** A live shipment the caller may see (a customer's own), or 404; `lock` holds it until the transaction ends. */
export async function getShipment(ctx: Ctx, db: Db, id: number, lock = false): Promise<ShipmentRow> {
  const scope = ownScope(ctx);
  const query = db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.shipmentId, id),
        isNull(shipments.deletedAt),
        scope === undefined ? undefined : eq(shipments.customerUserId, scope),
      ),
    );
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", SHIPMENT_NOT_FOUND);
  return row;
}
