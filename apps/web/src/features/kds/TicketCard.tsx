import type { KdsTicket } from "@cargodesk/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import PushPinIcon from "@mui/icons-material/PushPin";
import { Box, Button, Card, Chip, List, ListItemButton, Stack, Typography } from "@mui/material";
import { ORDER_TYPE_LABELS } from "../order-view/chips";
import {
  formatElapsed,
  type KdsItem,
  lineQuantities,
  noteParts,
  qtyText,
  type TimerLevel,
  ticketTimer,
  ticketTitle,
} from "./tickets";

const TIMER_COLOURS: Record<TimerLevel, string> = { ok: "success.main", due: "warning.main", late: "error.main" };
const TIMER_WORDS: Record<TimerLevel, string> = { ok: "on time", due: "at target", late: "late" };
const STATUS_WORDS: Record<KdsTicket["status"], string> = {
  new: "New",
  preparing: "Preparing",
  ready: "Ready",
  served: "Served",
  cancelled: "Cancelled",
};

export type CardAction = "start" | "bump" | "priority" | "serve";

interface TicketCardProps {
  ticket: KdsTicket;
  /** Its place on the board (1-9 selects it from the keyboard). */
  index: number;
  selected: boolean;
  /** The server's clock now. */
  nowMs: number;
  /** The expo view: the station's name and Serve for ready tickets. */
  expo: boolean;
  busy: boolean;
  onSelect: () => void;
  onAction: (action: CardAction) => void;
  onItemDone: (item: KdsItem) => void;
}

function ItemLine({
  ticket,
  item,
  onDone,
  busy,
}: {
  ticket: KdsTicket;
  item: KdsItem;
  onDone: () => void;
  busy: boolean;
}) {
  const { live, struck } = lineQuantities(ticket, item);
  const done = item.doneAt !== null;
  const allVoided = live === 0 && struck > 0;
  const label = `${qtyText(item.qty)} × ${item.name}`;
  return (
    <ListItemButton
      dense
      disabled={busy || done || allVoided || ticket.kind === "void"}
      onClick={onDone}
      aria-label={done ? `${label} done` : `Mark ${label} done`}
      sx={{ alignItems: "flex-start", gap: 1, px: 1, borderRadius: 1, "&.Mui-disabled": { opacity: 1 } }}
    >
      <Typography
        component="span"
        aria-label={struck > 0 ? `${qtyText(live)} to cook, ${qtyText(struck)} voided` : undefined}
        sx={{ fontWeight: 700, minWidth: 32, fontSize: 18, whiteSpace: "nowrap" }}
      >
        {struck > 0 ? (
          // The quantity first sent, struck through, then what is still to cook.
          <Box component="s" sx={{ color: "error.main", mr: 0.5 }}>
            {qtyText(item.qty)}
          </Box>
        ) : null}
        {live > 0 ? qtyText(live) : null}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          sx={{
            fontSize: 17,
            fontWeight: 600,
            textDecoration: allVoided || done ? "line-through" : "none",
            color: done ? "text.disabled" : allVoided ? "error.main" : "text.primary",
          }}
        >
          {item.name}
        </Typography>
        {item.modifiers ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {item.modifiers}
          </Typography>
        ) : null}
        {item.note ? (
          <Typography variant="body2" sx={{ fontStyle: "italic" }}>
            {noteParts(item.note).map((part, at) =>
              part.allergy ? (
                <Box
                  // biome-ignore lint/suspicious/noArrayIndexKey: the note's parts never reorder
                  key={at}
                  component="mark"
                  data-testid="allergy-word"
                  sx={{
                    bgcolor: "error.main",
                    color: "error.contrastText",
                    fontWeight: 700,
                    px: 0.5,
                    borderRadius: 0.5,
                  }}
                >
                  {part.text}
                </Box>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the note's parts never reorder
                <span key={at}>{part.text}</span>
              ),
            )}
          </Typography>
        ) : null}
      </Box>
      {done ? <CheckCircleIcon color="success" fontSize="small" aria-hidden /> : null}
    </ListItemButton>
  );
}

/** One kitchen ticket: heading, timer, banners, its lines (tap to mark done) and its actions. */
export function TicketCard(props: TicketCardProps) {
  const { ticket, index, selected, nowMs, expo, busy, onSelect, onAction, onItemDone } = props;
  const timer = ticketTimer(ticket, nowMs);
  const title = ticketTitle(ticket);
  const where = [ORDER_TYPE_LABELS[ticket.orderType], ticket.tableLabel ? `Table ${ticket.tableLabel}` : null]
    .filter(Boolean)
    .join(" · ");
  const banner =
    ticket.kind === "addition"
      ? { text: "ADDITION", colour: "info.main" }
      : ticket.kind === "void"
        ? { text: "VOID", colour: "error.main" }
        : null;
  return (
    <Card
      component="article"
      aria-label={`Ticket ${title}`}
      data-testid={`kds-ticket-${ticket.id}`}
      onClick={onSelect}
      variant="outlined"
      sx={{
        display: "flex",
        flexDirection: "column",
        borderWidth: selected ? 3 : 1,
        borderColor: selected ? "primary.main" : ticket.priority ? "warning.main" : "divider",
        minHeight: 220,
      }}
    >
      <Box sx={{ bgcolor: TIMER_COLOURS[timer.level], color: "common.white", px: 1.5, py: 1 }}>
        <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
          <Typography component="span" sx={{ fontWeight: 700, opacity: 0.85 }} aria-label={`Card ${index + 1}`}>
            {index + 1}
          </Typography>
          <Typography component="h2" sx={{ fontWeight: 800, fontSize: 20, flex: 1, minWidth: 0 }} noWrap>
            {title}
          </Typography>
          {ticket.priority ? <PushPinIcon fontSize="small" aria-label="Priority" /> : null}
          <Typography
            component="span"
            data-testid="ticket-timer"
            data-level={timer.level}
            aria-label={`${formatElapsed(timer.seconds)} elapsed, ${TIMER_WORDS[timer.level]}`}
            sx={{ fontWeight: 800, fontSize: 20, fontVariantNumeric: "tabular-nums" }}
          >
            {formatElapsed(timer.seconds)}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ opacity: 0.95 }}>
          {[where, ticket.waiter, ticket.course > 1 ? `Course ${ticket.course}` : null].filter(Boolean).join(" · ")}
        </Typography>
      </Box>
      {banner ? (
        <Box
          sx={{
            bgcolor: banner.colour,
            color: "common.white",
            textAlign: "center",
            fontWeight: 800,
            letterSpacing: 2,
            py: 0.25,
          }}
        >
          {banner.text}
        </Box>
      ) : null}
      <Stack direction="row" sx={{ gap: 0.5, px: 1, pt: 1, flexWrap: "wrap" }}>
        <Chip
          size="small"
          label={STATUS_WORDS[ticket.status]}
          color={ticket.status === "new" ? "info" : ticket.status === "ready" ? "success" : "warning"}
        />
        {expo ? <Chip size="small" variant="outlined" label={ticket.stationName} /> : null}
        {ticket.printedOffline ? (
          <Chip
            size="small"
            color="secondary"
            label="Printed offline"
            title="The register printed this ticket while it was offline: it may be cooked already"
          />
        ) : null}
        {ticket.recalledCount > 0 ? (
          <Chip size="small" color="secondary" label={`Recalled ${ticket.recalledCount}×`} />
        ) : null}
      </Stack>
      <List dense aria-label={`Lines of ${title}`} sx={{ flex: 1, py: 0.5 }}>
        {ticket.items.map((item) => (
          <ItemLine key={item.id} ticket={ticket} item={item} busy={busy} onDone={() => onItemDone(item)} />
        ))}
      </List>
      <Stack direction="row" sx={{ gap: 1, p: 1, borderTop: 1, borderColor: "divider" }}>
        {ticket.status === "new" && ticket.kind !== "void" ? (
          <Button size="small" variant="outlined" disabled={busy} onClick={() => onAction("start")}>
            Start
          </Button>
        ) : null}
        {ticket.status === "new" || ticket.status === "preparing" ? (
          <Button size="small" variant="contained" disabled={busy} onClick={() => onAction("bump")}>
            Bump
          </Button>
        ) : null}
        {expo && ticket.status === "ready" ? (
          <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => onAction("serve")}>
            Serve
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button
          size="small"
          color="warning"
          variant={ticket.priority ? "contained" : "text"}
          aria-pressed={ticket.priority}
          disabled={busy}
          onClick={() => onAction("priority")}
        >
          Priority
        </Button>
      </Stack>
    </Card>
  );
}
