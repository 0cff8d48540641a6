import { hasPermission, type PermissionEntry } from "@cargodesk/shared";
import { useEffect, useState } from "react";
import { useSession } from "./session";

/** `value`, once it has stayed the same for `ms` (a search box asks the server only after typing stops). */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Whether the signed-in user holds `entry` (actions are hidden without it). */
export function useCan(entry: PermissionEntry): boolean {
  const session = useSession();
  return hasPermission(session?.permissions ?? [], entry);
}
