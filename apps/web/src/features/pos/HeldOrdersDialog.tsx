import type { PosOrder } from "@cargodesk/shared";
import { Alert, List, ListItemButton, ListItemText } from "@mui/material";
import { useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { errorMessage } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { money } from "../../lib/format";
import { fetchOrder, useHeldOrders } from "./api";
import { ORDER_TYPE_LABELS } from "./OrderHeader";
import { TillDialog } from "./TillDialog";

/** The counter's held orders (open or billed): pick one up to add to it, send it or take payment. */
export function HeldOrdersDialog({
  counterId,
  onPick,
  onClose,
}: {
  counterId: number;
  onPick: (order: PosOrder) => void;
  onClose: () => void;
}) {
  const held = useHeldOrders(counterId, true);
  const [failure, setFailure] = useState<string | null>(null);
  const rows = held.data ?? [];
  return (
    <TillDialog title="Held orders" onClose={onClose} maxWidth="sm">
      {held.isError ? <Alert severity="error">{errorMessage(held.error)}</Alert> : null}
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {held.isSuccess && rows.length === 0 ? <EmptyState title="No held orders at this counter" /> : null}
      <List aria-label="Held orders">
        {rows.map((row) => (
          <ListItemButton
            key={row.id}
            onClick={() => fetchOrder(row.id).then(onPick, (error: unknown) => setFailure(errorMessage(error)))}
          >
            <ListItemText
              primary={`Token ${row.token} · ${ORDER_TYPE_LABELS[row.orderType]}${row.table ? ` · ${row.table.name}` : ""}${row.status === "billed" ? " · billed" : ""}`}
              secondary={`${formatInstant(row.openedAt)}${row.customer ? ` · ${row.customer.name}` : ""}`}
            />
            {money(row.total)}
          </ListItemButton>
        ))}
      </List>
    </TillDialog>
  );
}
