import type { KdsTicket } from "@cargodesk/shared";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import { Box, Chip, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { ORDER_TYPE_LABELS } from "../order-view/chips";
import { type ExpoOrder, ticketTitle } from "./tickets";

const STATE_WORDS: Record<KdsTicket["status"], string> = {
  new: "New",
  preparing: "Preparing",
  ready: "Ready",
  served: "Served",
  cancelled: "Cancelled",
};
const STATE_COLOURS = {
  new: "info",
  preparing: "warning",
  ready: "success",
  served: "default",
  cancelled: "default",
} as const;

/** The board's cards in a grid, as a list (a station's screen, or one order's cards in the expo view). */
export function TicketGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="list"
      aria-label={label}
      sx={{
        display: "grid",
        gridTemplateColumns: "repeat(auto-fill, minmax(270px, 1fr))",
        gap: 1.5,
        alignItems: "start",
      }}
    >
      {children}
    </Box>
  );
}

/**
 * One order in the expo view: its title, type and table, each station's state ("Grill: Ready",
 * "Fry: Preparing") and "All ready" when every station is done, then its cards.
 */
export function ExpoOrderRow({ order, children }: { order: ExpoOrder; children: ReactNode }) {
  const [first] = order.cards;
  if (!first) return null;
  const title = ticketTitle(first.ticket);
  const { orderType, tableLabel } = first.ticket;
  const where = [ORDER_TYPE_LABELS[orderType], tableLabel ? `Table ${tableLabel}` : null].filter(Boolean).join(" · ");
  return (
    <Box
      component="section"
      aria-label={`Order ${title}`}
      sx={{
        p: 1.5,
        borderRadius: 2,
        border: 2,
        borderColor: order.allReady ? "success.main" : "divider",
        bgcolor: "background.paper",
      }}
    >
      <Stack direction="row" sx={{ alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
        <Typography component="h2" sx={{ fontWeight: 800, fontSize: 18 }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mr: 1 }}>
          {where}
        </Typography>
        <Box role="list" aria-label="Stations" sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", flex: 1 }}>
          {order.stations.map((station) => (
            <Chip
              key={station.name}
              role="listitem"
              size="small"
              variant={station.status === "ready" ? "filled" : "outlined"}
              color={STATE_COLOURS[station.status]}
              label={`${station.name}: ${STATE_WORDS[station.status]}`}
            />
          ))}
        </Box>
        {order.allReady ? <Chip icon={<DoneAllIcon />} color="success" label="All ready" /> : null}
      </Stack>
      <TicketGrid label={`Tickets of ${title}`}>{children}</TicketGrid>
    </Box>
  );
}
