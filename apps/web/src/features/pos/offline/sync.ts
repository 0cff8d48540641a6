import { type SyncAnswer, syncAnswerSchema } from "@cargodesk/shared";
import { deviceOf, markFailed, type OutboxEntry, outboxEntries, removeEntries } from "./store";

/**
 * Sends the outbox to `POST /api/pos/sync` with the register's device token (design 6.7): in invoice
 * order, 50 orders a request. An entry leaves the outbox only after a 2xx that confirms it; one the
 * server refuses for good is marked failed for a person to look at; the rest wait for the next try.
 * One tab syncs at a time (a Web Lock), so two tabs of the register never send the same batch together
 * (the server would take it once anyway).
 */

const BATCH = 50;

export interface SyncOutcome {
  sent: number;
  failed: number;
  /** The network or the server did not answer: try again later. */
  unreachable: boolean;
}

async function post(token: string, entries: readonly OutboxEntry[]): Promise<SyncAnswer | null> {
  let response: Response;
  try {
    response = await fetch("/api/pos/sync", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-Device-Token": token },
      body: JSON.stringify({ orders: entries.map((entry) => entry.order) }),
    });
  } catch {
    return null;
  }
  if (!response.ok) return null;
  const parsed = syncAnswerSchema.safeParse(await response.json());
  return parsed.success ? parsed.data : null;
}

async function syncCounter(counterId: number, entries: readonly OutboxEntry[]): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { sent: 0, failed: 0, unreachable: false };
  const device = await deviceOf(counterId);
  if (!device) return { ...outcome, unreachable: true };
  for (let start = 0; start < entries.length; start += BATCH) {
    const batch = entries.slice(start, start + BATCH);
    const answer = await post(device.token, batch);
    if (!answer) return { ...outcome, unreachable: true };
    const confirmed = answer.results.flatMap((result) => (result.ok ? [result.clientUuid] : []));
    await removeEntries(confirmed);
    outcome.sent += confirmed.length;
    for (const result of answer.results) {
      if (result.ok || result.retry) continue;
      await markFailed(result.clientUuid, result.message);
      outcome.failed += 1;
    }
    // A refusal to retry later (no open day) holds back the orders numbered after it.
    if (answer.results.some((result) => !result.ok && result.retry)) return outcome;
  }
  return outcome;
}

async function syncAll(): Promise<SyncOutcome> {
  const waiting = (await outboxEntries()).filter((entry) => entry.state === "waiting");
  const total: SyncOutcome = { sent: 0, failed: 0, unreachable: false };
  for (const counterId of new Set(waiting.map((entry) => entry.counterId))) {
    const outcome = await syncCounter(
      counterId,
      waiting.filter((entry) => entry.counterId === counterId),
    );
    total.sent += outcome.sent;
    total.failed += outcome.failed;
    total.unreachable ||= outcome.unreachable;
  }
  return total;
}

/** One sync of the whole outbox, unless another tab is syncing it now (then nothing is done). */
export async function syncOutbox(): Promise<SyncOutcome | null> {
  if (typeof navigator !== "undefined" && navigator.locks)
    return navigator.locks.request("cargodesk-pos-sync", { ifAvailable: true }, (lock) => (lock ? syncAll() : null));
  return syncAll();
}

/** Tells the server this register is alive and how many orders wait in its outbox (Day Close shows it). */
export async function sendHeartbeat(counterId: number, waiting: number): Promise<void> {
  const device = await deviceOf(counterId);
  if (!device) return;
  try {
    await fetch("/api/pos/heartbeat", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Device-Token": device.token },
      body: JSON.stringify({ waiting }),
    });
  } catch {
    // Offline: the next heartbeat tells.
  }
}
