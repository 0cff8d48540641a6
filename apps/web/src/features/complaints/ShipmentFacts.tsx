import { Box, TextField, Typography } from "@mui/material";
import { formatDay } from "../../lib/dates";
import { kg } from "../../lib/format";
import type { CnShipment } from "./api";

/** A field the user reads but does not type in. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
    />
  );
}

/** The shipment the C/N names, as the complaint form shows it: read-only, empty until a search finds one. */
export function ShipmentFacts({ shipment }: { shipment: CnShipment | null }) {
  const shipper = shipment?.shipment_senders[0];
  const consignee = shipment?.shipment_receivers[0];
  const facts: [string, string][] = [
    ["C/N Date", shipment ? formatDay(shipment.shipment_date) : ""],
    ["Dox Type", shipment?.shipment_type ?? ""],
    ["Unit", shipment ? String(shipment.total_packages) : ""],
    ["Weight", shipment ? kg(shipment.total_weight) : ""],
  ];
  const parties: [string, typeof shipper][] = [
    ["Shipper", shipper],
    ["Consignee", consignee],
  ];
  return (
    <Box sx={{ mt: 3 }} aria-live="polite">
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
        {facts.map(([label, value]) => (
          <ReadOnlyField key={label} label={label} value={value} />
        ))}
      </Box>
      {parties.map(([role, party]) => (
        <Box key={role} sx={{ mt: 2 }}>
          <Typography variant="overline" component="h3" sx={{ color: "text.secondary" }}>
            {role}
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr 1fr" } }}>
            <ReadOnlyField label={`${role} Name`} value={party?.name ?? ""} />
            <ReadOnlyField label={`${role} City`} value={party?.city ?? ""} />
            <ReadOnlyField label={`${role} Country`} value={party?.country.name ?? ""} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
