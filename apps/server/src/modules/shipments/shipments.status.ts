import {
  type addStatusSchema,
  isTrackingFormat,
  isValidTrackingId,
  type replaceStatusSchema,
  SHIPMENT_MESSAGES,
} from "@cargodesk/shared";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { shipmentStatusHistory, shipments } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { getShipment } from "./shipments.access";
import { checkDeliveryDate, invalid } from "./shipments.rules";

type StatusEntry = z.output<typeof addStatusSchema>["data"];

const entryValues = (shipmentId: number, entry: StatusEntry, userId: number | null, at: Date) => ({
  shipmentId,
  status: entry.status.toUpperCase(),
  statusLocation: entry.status_location.toUpperCase(),
  statusDate: entry.status_date ? new Date(entry.status_date) : at,
  enteredBy: userId,
});

/** The shipment's current status is its latest live history row. */
async function refreshTrackStatus(tx: Db, shipmentId: number): Promise<void> {
  const [latest] = await tx
    .select({ status: shipmentStatusHistory.status })
    .from(shipmentStatusHistory)
    .where(and(eq(shipmentStatusHistory.shipmentId, shipmentId), isNull(shipmentStatusHistory.supersededAt)))
    .orderBy(desc(shipmentStatusHistory.statusDate), desc(shipmentStatusHistory.id))
    .limit(1);
  await tx
    .update(shipments)
    .set({ trackStatus: latest?.status ?? null, updatedAt: new Date() })
    .where(eq(shipments.shipmentId, shipmentId));
}

/** Appends one status to the history. */
export async function addStatus(ctx: Ctx, id: number, entry: StatusEntry): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await getShipment(ctx, tx, id, true);
    await tx.insert(shipmentStatusHistory).values(entryValues(id, entry, ctx.user?.id ?? null, new Date()));
    await refreshTrackStatus(tx, id);
  });
}

/**
 * Replaces the live history and the expected delivery date. The replaced rows stay, marked
 * superseded (when and by whom), for audit; the public page shows live rows only.
 */
export async function replaceStatuses(
  ctx: Ctx,
  id: number,
  input: z.output<typeof replaceStatusSchema>,
): Promise<void> {
  if (input.data.length === 0) throw invalid("data", SHIPMENT_MESSAGES.historyEmpty);
  await ctx.db.transaction(async (tx) => {
    const row = await getShipment(ctx, tx, id, true);
    const date = input.date ?? null;
    if (date !== row.expectedDeliveryDate) checkDeliveryDate(date, todayIn(ctx.config.APP_TZ));
    const now = new Date();
    await tx
      .update(shipmentStatusHistory)
      .set({ supersededAt: now, supersededBy: ctx.user?.id ?? null })
      .where(and(eq(shipmentStatusHistory.shipmentId, id), isNull(shipmentStatusHistory.supersededAt)));
    await tx
      .insert(shipmentStatusHistory)
      .values(input.data.map((entry) => entryValues(id, entry, ctx.user?.id ?? null, now)));
    await tx.update(shipments).set({ expectedDeliveryDate: date }).where(eq(shipments.shipmentId, id));
    await refreshTrackStatus(tx, id);
  });
}

const TrackingRow = z.object({
  tracking_id: col.text,
  expected_delivery_date: col.date.nullable(),
  track_status: col.text.nullable(),
  shipment_type: col.text,
  total_packages: col.int,
  total_weight: col.numeric,
  service: col.text,
  origin_city: col.text.nullable(),
  origin_country: col.text,
  destination_city: col.text.nullable(),
  destination_country: col.text,
  // json_agg of the live history (a timestamp inside JSON is ISO text).
  history: z.array(z.object({ status: col.text, status_location: col.text, status_date: col.timestamp })),
});

/**
 * The public tracking answer: the live history, oldest first, each entry with the shipment's
 * public facts (cities and countries, never names, phones, addresses or e-mails). One indexed
 * statement: the shipment by its unique tracking id, its two parties and its history.
 */
export async function trackingHistory(db: Db, trackingId: string) {
  if (!isTrackingFormat(trackingId)) throw invalid("trackingId", SHIPMENT_MESSAGES.trackingFormat);
  if (!isValidTrackingId(trackingId)) throw new AppError("TRACKING_NOT_FOUND", SHIPMENT_MESSAGES.trackingNotFound);
  const [row] = rowsOf(
    TrackingRow,
    await db.execute(sql`
      select s.tracking_id, s.expected_delivery_date::text, s.track_status, s.shipment_type,
        s.total_packages, s.total_weight::text, st.name as service,
        ps.city as origin_city, cs.name as origin_country, pr.city as destination_city, cr.name as destination_country,
        (select coalesce(json_agg(json_build_object('status', h.status, 'status_location', h.status_location,
            'status_date', h.status_date) order by h.status_date, h.id), '[]')
          from shipment_status_history h where h.shipment_id = s.shipment_id and h.superseded_at is null) as history
      from shipments s
      join service_types st on st.service_type_id = s.service_type_id
      join shipment_parties ps on ps.shipment_id = s.shipment_id and ps.role = 'sender'
      join countries cs on cs.country_id = ps.country_id
      join shipment_parties pr on pr.shipment_id = s.shipment_id and pr.role = 'receiver'
      join countries cr on cr.country_id = pr.country_id
      where s.tracking_id = ${trackingId} and s.deleted_at is null`),
  );
  if (!row) throw new AppError("TRACKING_NOT_FOUND", SHIPMENT_MESSAGES.trackingNotFound);
  const shipment = {
    tracking_id: row.tracking_id,
    expected_delivery_date: row.expected_delivery_date,
    track_status: row.track_status,
    shipment_type: row.shipment_type,
    service_type: { name: row.service },
    total_packages: row.total_packages,
    total_weight: Number(row.total_weight),
    origin: { city: row.origin_city, country: row.origin_country },
    destination: { city: row.destination_city, country: row.destination_country },
  };
  return row.history.map((entry) => ({
    status: entry.status,
    status_location: entry.status_location,
    status_date: new Date(entry.status_date).toISOString(),
    shipment,
  }));
}
