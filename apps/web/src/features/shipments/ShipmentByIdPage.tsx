import { useCan } from "../../lib/hooks";
import { EditShipmentScreen } from "./EditShipmentPage";
import { SHIPMENT_PERMISSIONS, SHIPMENT_ROUTES } from "./paths";
import { ShipmentViewPage } from "./ShipmentViewPage";

/**
 * /cargo/shipment/shipment_by_id, where a click in a shipment list lands: the edit form for those
 * holding Shipment Edit (the spec's edit rules apply here too), the read-only view for everyone else
 * (customers, who may not change a booked shipment).
 */
export default function ShipmentByIdPage() {
  const canEdit = useCan(SHIPMENT_PERMISSIONS.edit);
  return canEdit ? (
    <EditShipmentScreen route={SHIPMENT_ROUTES.byId} />
  ) : (
    <ShipmentViewPage route={SHIPMENT_ROUTES.byId} />
  );
}
