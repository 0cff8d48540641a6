import { ROLE } from "@cargodesk/shared";
import { useSession } from "../../lib/session";
import { useMe } from "../auth/api";

/**
 * The signed-in user's type (role id): the session keeps it as `userType`; after an accounts
 * sign-in it is learned from `/users/me`. null while unknown.
 */
export function useUserType(): number | null {
  const session = useSession();
  const stored = session?.userType ?? null;
  // Nothing is asked once the session has ended (a 401 elsewhere clears it while the page unloads).
  const me = useMe(stored === null && session !== null);
  return stored ?? me.data?.roleId ?? null;
}

/** Types 1 (admin) and 4 (employee) choose the ledger account; customers read their own. */
export const choosesAccount = (userType: number | null): boolean =>
  userType === ROLE.admin || userType === ROLE.employee;
