import { type complaintCreateSchema, SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { complaintStatuses, complaints, shipments } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { ownScope } from "../shipments";
import { type ComplaintView, findComplaints } from "./complaints.queries";

export const COMPLAINT_MESSAGES = {
  added: "Complaint Added Successfully",
  /** The spec's edit screen shows this plain text. */
  updated: "success",
  notFound: "No such complaint",
  status: "Please choose a status",
  shipmentMismatch: "The shipment does not match the C/N number",
} as const;

export type ComplaintCreate = z.output<typeof complaintCreateSchema>;

const invalid = (field: string, message: string) =>
  new AppError("VALIDATION", `${field}: ${message}`, [{ field, message }]);

/** The caller's complaints: a customer's own, everyone's for staff. */
export const listComplaints = (ctx: Ctx): Promise<ComplaintView[]> =>
  findComplaints(ctx.db, { customerUserId: ownScope(ctx) });

/** One complaint the caller may see, or 404 (another customer's complaint included). */
export async function getComplaint(ctx: Ctx, id: number): Promise<ComplaintView> {
  const [found] = await findComplaints(ctx.db, { customerUserId: ownScope(ctx), complaintId: id });
  if (!found) throw new AppError("NOT_FOUND", COMPLAINT_MESSAGES.notFound);
  return found;
}

export const complaintStatusList = (ctx: Ctx) =>
  ctx.db
    .select({ status_id: complaintStatuses.statusId, status: complaintStatuses.status })
    .from(complaintStatuses)
    .orderBy(asc(complaintStatuses.statusId));

/**
 * Files a complaint against a consignment the caller may see (a customer's own shipment), in its
 * first status (OPEN). The complaint belongs to the shipment's customer, whoever files it.
 */
export async function addComplaint(ctx: Ctx, input: ComplaintCreate): Promise<{ complaintId: number }> {
  return ctx.db.transaction(async (tx) => {
    const scope = ownScope(ctx);
    const [shipment] = await tx
      .select({ id: shipments.shipmentId, trackingId: shipments.trackingId, customerUserId: shipments.customerUserId })
      .from(shipments)
      .where(
        and(
          eq(shipments.trackingId, input.cn_number),
          isNull(shipments.deletedAt),
          scope === undefined ? undefined : eq(shipments.customerUserId, scope),
        ),
      );
    if (!shipment) throw new AppError("NOT_FOUND", SHIPMENT_MESSAGES.cnNotFound);
    if (input.shipment_id !== undefined && input.shipment_id !== shipment.id)
      throw invalid("shipment_id", COMPLAINT_MESSAGES.shipmentMismatch);
    const [open] = await tx
      .select({ id: complaintStatuses.statusId })
      .from(complaintStatuses)
      .orderBy(asc(complaintStatuses.statusId))
      .limit(1);
    if (!open) throw new Error("no complaint statuses are seeded");
    const [row] = await tx
      .insert(complaints)
      .values({
        cnNumber: shipment.trackingId,
        complaintStatement: input.complaint_satement,
        shipmentId: shipment.id,
        statusId: open.id,
        complaintDate: input.complaint_date ?? todayIn(ctx.config.APP_TZ),
        customerUserId: shipment.customerUserId,
        createdBy: ctx.user?.id ?? null,
      })
      .returning({ complaintId: complaints.complaintId });
    if (!row) throw new Error("complaint not stored");
    return row;
  });
}

/** Moves a complaint the caller may see to another status from the server's list. */
export async function updateComplaintStatus(ctx: Ctx, id: number, statusId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const scope = ownScope(ctx);
    const [complaint] = await tx
      .select({ id: complaints.complaintId })
      .from(complaints)
      .where(
        and(eq(complaints.complaintId, id), scope === undefined ? undefined : eq(complaints.customerUserId, scope)),
      )
      .for("update");
    if (!complaint) throw new AppError("NOT_FOUND", COMPLAINT_MESSAGES.notFound);
    const [status] = await tx
      .select({ id: complaintStatuses.statusId })
      .from(complaintStatuses)
      .where(eq(complaintStatuses.statusId, statusId));
    if (!status) throw invalid("status_id", COMPLAINT_MESSAGES.status);
    await tx.update(complaints).set({ statusId }).where(eq(complaints.complaintId, id));
  });
}
