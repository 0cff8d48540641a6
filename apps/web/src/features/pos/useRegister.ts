import {
  POS_ORDER_MESSAGES,
  type PosBootstrap,
  type PosOp,
  type PosOrder,
  type PosOrderCreateInput,
} from "@cargodesk/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorMessage } from "../../lib/api";
import { useDraft } from "../../lib/drafts";
import { conflictOrder, posKeys, useCreateOrder, useOrderOps } from "./api";
import { deviceId } from "./device";
import {
  type Draft,
  type DraftAction,
  draftReducer,
  draftSchema,
  emptyDraft,
  isOnServer,
  type OrderTypeName,
} from "./draft";
import { createBody, type NewId, toOps } from "./draft-ops";
import { currentPriceMinor } from "./menu";
import { useOnline } from "./offline/useOutbox";

export const newId: NewId = () => crypto.randomUUID();

/** Why the last request failed, as the server said it; `noSession` switches the register to the Day Open screen. */
export interface RegisterProblem {
  message: string;
  code: string;
}

const isNoSession = (error: unknown) =>
  error instanceof ApiError && (error.code === "SESSION_NOT_OPEN" || error.message === POS_ORDER_MESSAGES.noSession);

const pricesChanged = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === "POS_PRICES_CHANGED" || error.message === POS_ORDER_MESSAGES.pricesChanged);

/** The problem's code when a send without network was kept for later: a warning, not a refusal. */
export const KEPT_CODE = "KEPT_FOR_LATER";
const KEPT_FOR_LATER =
  "No network: the order's changes are kept on this device and sent by themselves when the network is back";
const OFFLINE_UNAVAILABLE =
  "No network, and this register cannot sell offline yet: it gets ready (its device token) the first time it opens online in a session";

/**
 * The register's order: a draft kept on this device (it survives a reload) and the one way it
 * reaches the server, `send`: a new order with all its operations, or the operations the server
 * has not seen on an order it holds. A stale version (another device changed the order) is
 * answered with the current order; the same operations are sent once more on top of it (design 6.2
 * step 2: re-apply only its own unsent operations). The draft is kept per counter, or under
 * `draftKey` (Table Order keeps one per check).
 */
export function useRegister(counterId: number, orderType: OrderTypeName, draftKey = `pos.order.${counterId}`) {
  const initial = emptyDraft("", orderType);
  const [draft, setDraft, clearDraft] = useDraft<Draft>(draftKey, initial, { schema: draftSchema });
  const client = useQueryClient();
  const create = useCreateOrder();
  const opsCall = useOrderOps();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<RegisterProblem | null>(null);
  const [noSession, setNoSession] = useState(false);
  /** Whether the last send failed for want of a network (then a new sale may go on offline). */
  const unreachable = useRef(false);

  const dispatch = useCallback(
    (action: DraftAction) => setDraft((current) => draftReducer(current, action)),
    [setDraft],
  );

  const push = async (current: Draft, extra: readonly PosOp[]): Promise<PosOrder> => {
    if (!current.server) return create.mutateAsync(createBody(current, counterId, deviceId(), newId, extra));
    // The cashier's own changes since the server's last answer: re-applied as they are if another
    // device changed the order meanwhile (its lines and discounts are then left as they are).
    const ops = [...toOps(current, newId), ...extra];
    if (ops.length === 0) return current.server;
    try {
      return await opsCall.mutateAsync({ id: current.server.id, version: current.server.version, ops });
    } catch (error) {
      const newer = conflictOrder(error);
      if (!newer) throw error;
      return opsCall.mutateAsync({ id: newer.id, version: newer.version, ops });
    }
  };

  const sendDraft = async (next: Draft, extra: readonly PosOp[]): Promise<PosOrder | null> => {
    // The order's id is fixed before the first try, so a retry after a lost answer is the same order.
    const current = next.clientUuid === "" ? { ...next, clientUuid: newId() } : next;
    setDraft(current);
    setBusy(true);
    setProblem(null);
    unreachable.current = false;
    try {
      const order = await push(current, extra);
      dispatch({ type: "synced", order });
      return order;
    } catch (error) {
      unreachable.current = error instanceof ApiError && error.code === "NETWORK";
      if (unreachable.current && !extra.some((op) => op.kind === "pay")) {
        // No network: the changes and the operations stay on this device and go when it is back.
        setDraft({ ...current, queued: [...extra] });
        setProblem({ message: KEPT_FOR_LATER, code: KEPT_CODE });
        return null;
      }
      if (isNoSession(error)) setNoSession(true);
      // The menu changed under the till: load it again (the register then reprices its new lines).
      if (pricesChanged(error)) void client.invalidateQueries({ queryKey: posKeys.bootstrapAll() });
      setProblem({ message: errorMessage(error), code: error instanceof ApiError ? error.code : "NETWORK" });
      return null;
    } finally {
      setBusy(false);
    }
  };

  /**
   * Sends what the server has not seen, with `extra` operations (a fire, a bill, a pay, an
   * approved void), and takes the server's order as the draft. Answers the order, or null after a
   * refusal (shown in `problem`).
   */
  const send = (extra: readonly PosOp[] = []) => sendDraft(draft, extra);

  /** Applies a change and sends it at once (an approved discount: the approval lives 60 seconds). */
  const sendNow = (action: DraftAction, extra: readonly PosOp[] = []) => sendDraft(draftReducer(draft, action), extra);

  /**
   * Takes payment: sent with the order to the server; or, for a new take-away or delivery sale when
   * the network is down (the browser says so, or the request could not reach the server), handed to
   * `queue` with the very request it would have been (design 6.7), for the outbox. `queue` answers
   * what it kept, or null when this register cannot sell offline (then the problem says why).
   */
  const payOrQueue = async <Kept>(
    pay: PosOp,
    queue: ((body: PosOrderCreateInput) => Promise<Kept | null>) | null,
  ): Promise<{ order: PosOrder } | { kept: Kept } | null> => {
    const current = draft.clientUuid === "" ? { ...draft, clientUuid: newId() } : draft;
    const canQueue = queue !== null && current.server === null && current.orderType !== "dine_in";
    const keep = async () => {
      if (!queue) return null;
      setDraft(current);
      const kept = await queue(createBody(current, counterId, deviceId(), newId, [pay]));
      if (kept === null) setProblem({ message: OFFLINE_UNAVAILABLE, code: "NETWORK" });
      else setProblem(null);
      return kept === null ? null : { kept };
    };
    if (canQueue && !navigator.onLine) return keep();
    const order = await sendDraft(current, [pay]);
    if (order) return { order };
    return canQueue && unreachable.current ? keep() : null;
  };

  // What a send without network left queued goes again as soon as the network is back (and when the
  // screen opens online with something queued); the operations' ids make a repeat harmless.
  const online = useOnline();
  const latest = useRef({ draft, busy, sendDraft });
  latest.current = { draft, busy, sendDraft };
  useEffect(() => {
    const { draft: kept, busy: sending, sendDraft: resend } = latest.current;
    if (online && kept.queued && !sending) void resend(kept, kept.queued);
  }, [online]);

  /** The menu's current prices on the lines the server has not seen yet. */
  const reprice = useCallback(
    (bootstrap: PosBootstrap) =>
      setDraft((current) => {
        const prices: Record<string, number> = {};
        for (const line of current.lines) {
          const price = currentPriceMinor(bootstrap, line);
          if (price !== null) prices[line.lineUuid] = price;
        }
        return draftReducer(current, { type: "reprice", prices });
      }),
    [setDraft],
  );
  /** A fresh order (after payment, a hold, or a picked-up held order being put back). */
  const reset = () => {
    clearDraft();
    setProblem(null);
  };

  return {
    draft,
    dispatch,
    send,
    sendNow,
    payOrQueue,
    isOnServer: (lineUuid: string) => isOnServer(draft, lineUuid),
    reset,
    reprice,
    replace: (order: PosOrder) => dispatch({ type: "synced", order }),
    busy,
    problem,
    clearProblem: () => setProblem(null),
    noSession,
  };
}
