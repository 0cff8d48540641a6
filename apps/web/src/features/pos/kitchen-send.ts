import type { PosOp, PosOrder } from "@cargodesk/shared";
import { type Draft, heldCourses, sendableLines } from "./draft";
import { newId } from "./useRegister";

/** The register's send: what the server has not seen, then `extra`; the order, or null after a refusal. */
type Send = (extra?: readonly PosOp[]) => Promise<PosOrder | null>;

/**
 * *Send* (design 6.2 step 3): fires the pending lines of the courses started (all of them when the
 * order has one course); a later course is saved on the check and waits for its Fire course N.
 * Answers what the till says after, or null when the server refused (the refusal shows instead).
 */
export async function sendToKitchen(draft: Draft, send: Send): Promise<string | null> {
  const lineUuids = sendableLines(draft);
  const held = heldCourses(draft);
  const sendable = (line: { status: string; course: number }) =>
    line.status === "pending" && !held.includes(line.course);
  const waiting = draft.lines.filter(sendable).length;
  const order = await send(
    lineUuids?.length === 0 ? [] : [{ opUuid: newId(), kind: "fire", ...(lineUuids ? { lineUuids } : {}) }],
  );
  if (!order) return null;
  if (lineUuids?.length === 0) return `Saved: course ${held.join(", ")} waits for Fire course`;
  const left = order.lines.filter((line) => line.dealParentLineId === null && sendable(line)).length;
  return left < waiting || waiting === 0
    ? `Sent to the kitchen: token ${order.token}`
    : "Nothing was sent: these items go to no kitchen station";
}

/** *Fire course N*: that course's pending items go to the kitchen. */
export async function fireCourse(course: number, send: Send): Promise<string | null> {
  const order = await send([{ opUuid: newId(), kind: "fire", course }]);
  return order ? `Course ${course} sent to the kitchen` : null;
}
