import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import DescriptionIcon from "@mui/icons-material/Description";
import EditIcon from "@mui/icons-material/Edit";
import ReceiptIcon from "@mui/icons-material/Receipt";
import { Alert, Box, Button, Chip, CircularProgress, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../lib/api";
import { formatDay } from "../../lib/dates";
import { useCan } from "../../lib/hooks";
import { lockedForCustomer, useIsCustomer } from "./customer-edit";
import { type ShipmentDocument, useShipmentDocuments } from "./documents";
import { editPath, SHIPMENT_PERMISSIONS, SHIPMENT_ROUTES } from "./paths";
import { ShipmentRecord } from "./ShipmentRecord";
import type { ShipmentDetail } from "./schemas";
import { HistorySection, LinesSection, PackagesSection, PartySection, SummarySection } from "./ViewSections";

/** The invoice exists for a Pack shipment with the custom invoice (type 1). */
/** The spec's view: Invoice is enabled only when the invoice type is 1 (custom invoice), Doc or Pack. */
export const hasInvoice = (shipment: Pick<ShipmentDetail, "invoice_type">): boolean => shipment.invoice_type === 1;

function ShipmentView({ shipment }: { shipment: ShipmentDetail }) {
  const documents = useShipmentDocuments();
  const customer = useIsCustomer();
  const canEdit = useCan(SHIPMENT_PERMISSIONS.edit) && !lockedForCustomer(customer, shipment);
  const canList = useCan(SHIPMENT_PERMISSIONS.view);
  const button = (document: ShipmentDocument, label: string, icon: ReactNode, disabled = false) => (
    <Button
      variant="outlined"
      disabled={disabled || documents.pending !== null}
      startIcon={documents.pending === document ? <CircularProgress size={16} aria-hidden /> : icon}
      onClick={() => documents.open(shipment, document)}
    >
      {label}
    </Button>
  );

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 2.5 }, display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}
      >
        <Box sx={{ mr: "auto" }}>
          <Typography
            variant="h5"
            component="h2"
            sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap" }}
          >
            {shipment.tracking_id}
            <Chip size="small" color="primary" label={shipment.track_status ?? "No status yet"} />
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Booked {formatDay(shipment.shipment_date)} · {shipment.service_type?.name ?? "No service"}
          </Typography>
        </Box>
        {canList ? (
          <Button component={RouterLink} to={SHIPMENT_ROUTES.list} startIcon={<ArrowBackIcon />}>
            Back
          </Button>
        ) : null}
        {button("waybill", "Waybill", <DescriptionIcon />)}
        {button("invoice", "Invoice", <ReceiptIcon />, !hasInvoice(shipment))}
        {canEdit ? (
          <Button component={RouterLink} to={editPath(shipment.shipment_id)} startIcon={<EditIcon />}>
            Edit
          </Button>
        ) : null}
      </Paper>
      {documents.error ? (
        <Alert severity="error" onClose={documents.reset}>
          The document could not be opened. {errorMessage(documents.error)}
        </Alert>
      ) : null}
      <SummarySection shipment={shipment} />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <PartySection title="Ship From" party={shipment.shipment_senders[0]} />
        <PartySection title="Ship To" party={shipment.shipment_receivers[0]} />
      </Box>
      <PackagesSection shipment={shipment} />
      {shipment.shipment_type === "Pack" ? <LinesSection shipment={shipment} /> : null}
      <HistorySection shipment={shipment} />
    </Box>
  );
}

/** The read-only shipment view (view_shipment_by_id and shipment_by_id), opened as `?id=N`. */
export function ShipmentViewPage({ route }: { route: string }) {
  return (
    <ShipmentRecord route={route} purpose="view">
      {(shipment) => <ShipmentView shipment={shipment} />}
    </ShipmentRecord>
  );
}
