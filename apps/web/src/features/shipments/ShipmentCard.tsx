import { Box, Card, CardActionArea, CardContent, Chip, Divider, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { formatDay } from "../../lib/dates";
import { placeOf } from "./format";
import type { PartyPlace, ShipmentRow } from "./schemas";

function PartyBlock({ label, party }: { label: string; party: PartyPlace | undefined }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="overline" sx={{ color: "text.secondary", lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
        {party?.name ?? "—"}
      </Typography>
      <Typography variant="body2" noWrap>
        {party?.company ?? "—"}
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {placeOf(party)}
      </Typography>
    </Box>
  );
}

/** One shipment of the cards list: tracking id, date, delivery service, and both parties. */
export function ShipmentCard({ row, to }: { row: ShipmentRow; to: string }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: "none" }}>
      <CardActionArea component={RouterLink} to={to} aria-label={`Shipment ${row.tracking_id}`} sx={{ height: "100%" }}>
        <CardContent>
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: 1 }}>
            <Typography variant="h6" component="h2" sx={{ fontSize: "1.05rem" }}>
              {row.tracking_id}
            </Typography>
            <Typography variant="body2" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
              {formatDay(row.shipment_date)}
            </Typography>
          </Box>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 0.5 }}>
            <Chip size="small" color="primary" variant="outlined" label={row.service_type?.name ?? "No service"} />
            <Chip size="small" variant="outlined" label={row.shipment_type} />
            {row.track_status ? <Chip size="small" label={row.track_status} /> : null}
          </Box>
          <Divider sx={{ my: 1.5 }} />
          <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 2 }}>
            <PartyBlock label="Sender" party={row.shipment_senders[0]} />
            <PartyBlock label="Receiver" party={row.shipment_receivers[0]} />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
