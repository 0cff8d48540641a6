import { Link } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { viewPath } from "./paths";

/**
 * A C/N (tracking) number as a link to its shipment: the view when the shipment's id is known,
 * otherwise the tracking page of that number.
 */
export function CnLink({ trackingId, shipmentId }: { trackingId: string; shipmentId?: number | null }) {
  const to = shipmentId ? viewPath(shipmentId) : `/tracking/${encodeURIComponent(trackingId)}`;
  return (
    <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
      {trackingId}
    </Link>
  );
}
