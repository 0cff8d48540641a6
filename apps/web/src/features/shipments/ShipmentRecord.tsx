import { Button } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { ApiError, errorMessage } from "../../lib/api";
import { useShipment } from "./api";
import { idFromParams, SHIPMENT_ROUTES } from "./paths";
import { ShipmentChooser } from "./ShipmentChooser";
import type { ShipmentDetail } from "./schemas";

interface ShipmentRecordProps {
  /** The page's own route, where the chooser sends `?id=N`. */
  route: string;
  purpose: "view" | "edit";
  children: (shipment: ShipmentDetail, id: number) => ReactNode;
}

/**
 * The shipment named by `?id=N`, with the states around it: a chooser when no id is given, a
 * loader, "no such shipment" (404) or a retry when loading failed, then the page itself.
 */
export function ShipmentRecord({ route, purpose, children }: ShipmentRecordProps) {
  const [params] = useSearchParams();
  const id = idFromParams(params);
  const record = useShipment(id);

  if (params.get("id") === null) return <ShipmentChooser route={route} purpose={purpose} />;
  const back = (
    <Button component={RouterLink} to={SHIPMENT_ROUTES.list} variant="outlined">
      Go to Shipment Details
    </Button>
  );
  if (id === null) return <EmptyState title="That is not a shipment number." action={back} />;
  if (record.isPending) return <PageLoader label="Loading the shipment" />;
  if (record.error) {
    const missing = record.error instanceof ApiError && record.error.status === 404;
    return (
      <EmptyState
        title={missing ? "There is no such shipment." : "The shipment could not be loaded."}
        description={missing ? undefined : errorMessage(record.error)}
        action={
          missing ? (
            back
          ) : (
            <Button variant="outlined" onClick={() => void record.refetch()}>
              Retry
            </Button>
          )
        }
      />
    );
  }
  return children(record.data, id);
}
