import type { FastifyBaseLogger } from "fastify";

type UserId = number | null;

/**
 * The domain events services log, with their fields. Each is one info line `{ event, ...fields }`,
 * written after its transaction commits, so a refused or rolled-back action logs nothing.
 * Money is in minor units (paisa) as a number; ids are row ids; `by` is the acting user.
 */
export interface DomainEvents {
  "voucher.posted": { voucherId: number; number: string; type: string; by: UserId };
  "voucher.approved": { voucherId: number; number: string; by: UserId };
  "voucher.disapproved": { voucherId: number; number: string; by: UserId };
  "voucher.reversed": { voucherId: number; number: string; reversalId: number; reversalNumber: string; by: UserId };
  "shipment.charged": {
    shipmentId: number;
    trackingId: string;
    voucherId: number;
    number: string;
    amountMinor: number;
    by: UserId;
  };
  "shipment.deleted": { shipmentId: number; trackingId: string; by: UserId };
  "backup.made": { file: string; bytes: number; by: UserId };
  "restore.done": { archive: string; target: string; method: string; tables: number; rows: number; files: number };
  "user.privileges_changed": { userId: number; granted: string[]; revoked: string[]; by: UserId };
  "user.role_changed": { userId: number; from: number; to: number; by: UserId };
  "user.status_changed": { userId: number; from: number; to: number; by: UserId };
  "sign_in.locked": { userId: number; failures: number; lockedUntil: string };
  "supervisor.approved": { supervisorId: number; action: string; by: UserId };
  "supervisor.refused": { supervisorId: number | null; action: string; by: UserId };
  "day.opened": { dayId: number; businessDate: string; counters: string[]; by: UserId };
  "day.session_closed": { sessionId: number; counter: string; overShortMinor: number; by: UserId };
  "day.closed": {
    dayId: number;
    businessDate: string;
    zNumber: string;
    salesVoucherId: number | null;
    cogsVoucherId: number | null;
    by: UserId;
  };
  "pos.order.opened": { orderId: number; token: number; paid: boolean; by: UserId };
  "pos.order.synced": { orderId: number; late: boolean; priceFlag: boolean; by: UserId };
  "pos.device.claimed": { counterId: number; sessionId: number; deviceId: string; by: UserId };
  "pos.order.changed": { orderId: number; version: number; status: string; by: UserId };
  "pos.order.refunded": { orderId: number; refundId: number; number: string; by: UserId };
}
export type DomainEvent = keyof DomainEvents;

/** What services log through: `ctx.log.event("voucher.approved", { voucherId, number, by })`. */
export interface ServiceLog {
  event<Name extends DomainEvent>(name: Name, fields: DomainEvents[Name]): void;
}

/** Domain events on a pino logger (a request's, so each line also carries its request id). */
export const serviceLog = (logger: FastifyBaseLogger): ServiceLog => ({
  event(name, fields) {
    const line: Record<string, unknown> = { ...fields, event: name };
    logger.info(line, name);
  },
});
