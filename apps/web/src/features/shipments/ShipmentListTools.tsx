import type { ShipmentBulkPostAnswer, ShipmentSort } from "@cargodesk/shared";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
} from "@mui/material";
import { companyToday } from "../../lib/dates";
import { useStatusOptions } from "./api";
import type { ListParams } from "./useListParams";

export const SORT_LABELS: Record<ShipmentSort, string> = {
  date: "Booking date",
  tracking: "Tracking ID",
  customer: "Customer",
  status: "Status",
  amount: "Amount",
};

const SORT_OPTIONS = (Object.keys(SORT_LABELS) as ShipmentSort[]).flatMap((sort) =>
  (["desc", "asc"] as const).map((order) => ({
    value: `${sort}:${order}`,
    sort,
    order,
    label: `${SORT_LABELS[sort]} ${order === "asc" ? "(ascending)" : "(descending)"}`,
  })),
);

interface FiltersProps {
  state: ListParams;
  onChange: (change: Partial<ListParams>) => void;
}

/** Booking dates (the company's calendar: nothing after its today), the current status and the sort. */
export function ShipmentFilters({ state, onChange }: FiltersProps) {
  const statuses = useStatusOptions();
  const today = companyToday();
  const dateProps = (min: string, max: string) => ({
    inputLabel: { shrink: true },
    htmlInput: { min: min || undefined, max: max || today },
  });
  return (
    <>
      <TextField
        type="date"
        size="small"
        label="Booked from"
        value={state.from}
        onChange={(event) => onChange({ from: event.target.value })}
        slotProps={dateProps("", state.to)}
      />
      <TextField
        type="date"
        size="small"
        label="Booked to"
        value={state.to}
        onChange={(event) => onChange({ to: event.target.value })}
        slotProps={dateProps(state.from, "")}
      />
      <TextField
        select
        size="small"
        label="Status"
        value={state.status}
        onChange={(event) => onChange({ status: event.target.value })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">Any status</MenuItem>
        {(statuses.data ?? []).map((option) => (
          <MenuItem key={option.id} value={option.name}>
            {option.name}
          </MenuItem>
        ))}
        {state.status && !statuses.data?.some((option) => option.name === state.status) ? (
          <MenuItem value={state.status}>{state.status}</MenuItem>
        ) : null}
      </TextField>
      <TextField
        select
        size="small"
        label="Sort by"
        value={`${state.sort}:${state.order}`}
        onChange={(event) => {
          const chosen = SORT_OPTIONS.find((option) => option.value === event.target.value);
          if (chosen) onChange({ sort: chosen.sort, order: chosen.order });
        }}
        sx={{ minWidth: 200 }}
      >
        {SORT_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      {state.from || state.to || state.status ? (
        <Button size="small" onClick={() => onChange({ from: "", to: "", status: "" })}>
          Clear filters
        </Button>
      ) : null}
    </>
  );
}

const OUTCOME_LABELS: Record<ShipmentBulkPostAnswer["results"][number]["outcome"], string> = {
  posted: "Posted",
  already_posted: "Already posted",
  no_charge: "No charge",
  not_found: "Not found",
  refused: "Not posted",
};

/** What a bulk post did to each shipment. */
export function BulkPostResults({ answer, onClose }: { answer: ShipmentBulkPostAnswer | null; onClose: () => void }) {
  return (
    <Dialog open={answer !== null} onClose={onClose} aria-labelledby="bulk-post-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-post-title">Post charges: {answer?.message}</DialogTitle>
      <DialogContent>
        <List dense aria-label="Posting results">
          {(answer?.results ?? []).map((result) => (
            <ListItem key={result.shipment_id} disableGutters>
              <ListItemText
                primary={`${result.tracking_id ?? `Shipment ${result.shipment_id}`}: ${OUTCOME_LABELS[result.outcome]}`}
                secondary={result.message}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function BulkError({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert severity="error" onClose={onClose}>
      {message}
    </Alert>
  );
}
