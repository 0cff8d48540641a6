import AddIcon from "@mui/icons-material/Add";
import PrintIcon from "@mui/icons-material/Print";
import VisibilityIcon from "@mui/icons-material/Visibility";
import { Alert, AlertTitle, Box, Button, CircularProgress, Typography } from "@mui/material";
import { useEffect, useRef } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/api";
import { useShipmentDocuments } from "../documents";
import { viewPath } from "../paths";
import type { SavedShipment } from "./useSaveShipment";

export interface BookedPanelProps {
  saved: SavedShipment;
  /** Staff booked for a customer: the next shipment may start with that customer chosen. */
  onBookAnother: (sameCustomer: boolean) => void;
  staff: boolean;
}

/**
 * What was just booked stays on screen: its tracking number, View, and the waybill and invoice,
 * each opened by its own click (one window per click, so no pop-up blocker stops the second).
 */
export function BookedPanel({ saved, onBookAnother, staff }: BookedPanelProps) {
  const documents = useShipmentDocuments();
  const shipment = { shipment_id: saved.shipmentId, tracking_id: saved.trackingId };
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const busy = (document: "waybill" | "invoice") =>
    documents.pending === document ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PrintIcon />;

  return (
    <Box component="section" aria-label="Shipment booked" sx={{ display: "grid", gap: 2 }}>
      <Alert severity="success" variant="outlined">
        <AlertTitle ref={heading} tabIndex={-1} sx={{ outline: "none" }}>
          {saved.message}
        </AlertTitle>
        <Typography>
          Tracking number{" "}
          <Typography component="strong" data-testid="booked-tracking" sx={{ fontWeight: 700, letterSpacing: 1 }}>
            {saved.trackingId}
          </Typography>
        </Typography>
      </Alert>
      {documents.error ? (
        <Alert severity="error" onClose={documents.reset}>
          The document could not be opened: {errorMessage(documents.error)}
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
        <Button
          component={RouterLink}
          to={viewPath(saved.shipmentId)}
          variant="outlined"
          startIcon={<VisibilityIcon />}
        >
          View
        </Button>
        <Button variant="outlined" startIcon={busy("waybill")} onClick={() => documents.open(shipment, "waybill")}>
          Print waybill
        </Button>
        {saved.hasInvoice ? (
          <Button variant="outlined" startIcon={busy("invoice")} onClick={() => documents.open(shipment, "invoice")}>
            Print invoice
          </Button>
        ) : null}
        {staff && saved.customerUserId !== null ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => onBookAnother(true)}>
            Book another for this customer
          </Button>
        ) : (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => onBookAnother(false)}>
            Book another shipment
          </Button>
        )}
      </Box>
    </Box>
  );
}
