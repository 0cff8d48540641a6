import { isStaffRole } from "@cargodesk/shared";
import { useSession } from "../../lib/session";

/** True for a signed-in customer (roles 2 and 3), who edits only their own shipments. */
export function useIsCustomer(): boolean {
  const session = useSession();
  return session?.userType !== null && session?.userType !== undefined && !isStaffRole(session.userType);
}

/** A customer may change their shipment only until its charge is posted (the server answers 409 after). */
export const lockedForCustomer = (customer: boolean, shipment: { voucher_id?: number | null | undefined }): boolean =>
  customer && shipment.voucher_id !== null && shipment.voucher_id !== undefined;
