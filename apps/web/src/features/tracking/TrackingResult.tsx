import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";
import { companyZoneName, formatDeliveryDate, formatInstant } from "../../lib/dates";
import type { TrackingEntry } from "./api";

const placeText = (place: { city?: string | null; country?: string | null } | null | undefined): string =>
  [place?.city, place?.country].filter(Boolean).join(", ") || "—";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" sx={{ color: "text.secondary", display: "block" }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One shipment's public facts (cities and countries only, no names) and its history, newest first. */
export function TrackingResult({ entries }: { entries: readonly TrackingEntry[] }) {
  const shipment = entries[0]?.shipment;
  if (!shipment) return null;
  // The server answers oldest first (by instant, then entry order).
  const newestFirst = [...entries].reverse();
  const current = shipment.track_status ?? newestFirst[0]?.status ?? "—";
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-label="Shipment">
        <Typography variant="h6" component="h2">
          Shipment {shipment.tracking_id}: {current}
        </Typography>
        <Typography sx={{ mt: 0.5 }} data-testid="expected-delivery">
          {shipment.expected_delivery_date
            ? `Expected delivery: ${formatDeliveryDate(shipment.expected_delivery_date)}`
            : formatDeliveryDate(null)}
        </Typography>
        <Box
          component="dl"
          sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", gap: 2, mt: 2, mb: 0 }}
        >
          <Fact label="Origin">{placeText(shipment.origin)}</Fact>
          <Fact label="Destination">{placeText(shipment.destination)}</Fact>
          <Fact label="Service">{shipment.service_type?.name ?? "—"}</Fact>
          <Fact label="Pieces">{shipment.total_packages ?? "—"}</Fact>
        </Box>
      </Paper>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Tracking history">
          <TableHead>
            <TableRow>
              <TableCell>Status</TableCell>
              <TableCell>Location</TableCell>
              <TableCell>Date</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {newestFirst.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the public history has no ids; its order is fixed
              <TableRow key={index}>
                <TableCell>{entry.status}</TableCell>
                <TableCell>{entry.status_location}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatInstant(entry.status_date)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" sx={{ color: "text.secondary" }}>
        Times are in {companyZoneName()}.
      </Typography>
    </Box>
  );
}
