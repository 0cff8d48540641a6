import { KDS_RECALL_LIMIT, type KdsTicket } from "@cargodesk/shared";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from "@mui/material";
import { toZonedLocal } from "../../lib/dates";
import { ticketTitle } from "./tickets";

interface RecallDialogProps {
  open: boolean;
  /** Null while the list is read. */
  tickets: readonly KdsTicket[] | null;
  /** Why the list could not be read, if it could not. */
  error: string | null;
  busy: boolean;
  onRecall: (ticket: KdsTicket) => void;
  onClose: () => void;
}

/** The last bumped tickets, newest first: one tap brings a ticket back to preparing. */
export function RecallDialog({ open, tickets, error, busy, onRecall, onClose }: RecallDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="kds-recall-title" fullWidth maxWidth="xs">
      <DialogTitle id="kds-recall-title">Recall a ticket</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {error ? (
          <Typography role="alert" sx={{ p: 2, color: "error.main" }}>
            {error}
          </Typography>
        ) : tickets === null ? (
          <Typography sx={{ p: 2, color: "text.secondary" }}>Loading the bumped tickets…</Typography>
        ) : tickets.length === 0 ? (
          <Typography sx={{ p: 2, color: "text.secondary" }}>No bumped tickets to recall.</Typography>
        ) : (
          <List aria-label={`The last ${KDS_RECALL_LIMIT} bumped tickets`}>
            {tickets.map((ticket) => (
              <ListItemButton
                key={ticket.id}
                disabled={busy}
                onClick={() => onRecall(ticket)}
                aria-label={`Recall ${ticketTitle(ticket)}`}
              >
                <ListItemText
                  primary={`${ticketTitle(ticket)}${ticket.tableLabel ? ` · Table ${ticket.tableLabel}` : ""}`}
                  secondary={`${ticket.status === "served" ? "Served" : "Ready"} ${
                    ticket.readyAt ? `at ${toZonedLocal(ticket.readyAt).slice(11)}` : ""
                  } · ${ticket.items.map((item) => item.name).join(", ")}`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
