import { useEffect, useRef } from "react";
import { toOps } from "./draft-ops";
import type { WaiterMode } from "./Register";
import { newId, type useRegister } from "./useRegister";

/**
 * A waiter's check (Table Order) against the server's: the panel shows the server's latest version
 * (another device may have changed it), unless this device holds changes it has not sent, which go on
 * top of it with the next send (design 6.2 step 2); and it tells `onUnsent` whether it holds any.
 */
export function useWaiterSync(waiter: WaiterMode | undefined, register: ReturnType<typeof useRegister>): void {
  const { draft } = register;
  const taken = useRef(0);
  useEffect(() => {
    if (!waiter || waiter.order.version <= taken.current) return;
    taken.current = waiter.order.version;
    const held = draft.server;
    if (held && held.id === waiter.order.id && held.version >= waiter.order.version) return;
    if (toOps(draft, newId).length === 0) register.replace(waiter.order);
  }, [waiter, draft, register]);
  const onUnsent = waiter?.onUnsent;
  const unsent = onUnsent ? toOps(draft, newId).length > 0 : false;
  useEffect(() => onUnsent?.(unsent), [onUnsent, unsent]);
}
