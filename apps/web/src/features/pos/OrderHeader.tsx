import type { PosHall } from "@cargodesk/shared";
import PersonAddAlt1OutlinedIcon from "@mui/icons-material/PersonAddAlt1Outlined";
import {
  Box,
  Button,
  Chip,
  ListSubheader,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { CoursePicker } from "./Courses";
import type { Draft, DraftAction, OrderTypeName } from "./draft";

export const ORDER_TYPE_LABELS: Record<OrderTypeName, string> = {
  take_away: "Take-away",
  dine_in: "Dine-in",
  delivery: "Delivery",
};

interface OrderHeaderProps {
  draft: Draft;
  halls: readonly PosHall[];
  dispatch: (action: DraftAction) => void;
  onCustomer: () => void;
  /** A waiter's check (Table Order): its type and table are fixed and named in the bar above; guests stay. */
  tableFixed?: boolean;
}

/** Order type, table, guests and the course of new items for dine-in, and the customer. */
export function OrderHeader({ draft, halls, dispatch, onCustomer, tableFixed = false }: OrderHeaderProps) {
  const server = draft.server;
  const guestsField = (
    <TextField
      size="small"
      label="Guests"
      type="number"
      value={draft.guests ?? ""}
      onChange={(event) => {
        const guests = Number(event.target.value);
        dispatch({
          type: "guests",
          guests: Number.isInteger(guests) && guests >= 1 && guests <= 99 ? guests : null,
        });
      }}
      slotProps={{ htmlInput: { min: 1, max: 99, inputMode: "numeric" } }}
      sx={{ width: 96 }}
    />
  );
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1, p: 1.5, borderBottom: 1, borderColor: "divider" }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        {tableFixed ? (
          <Box sx={{ flex: 1 }}>{guestsField}</Box>
        ) : (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={draft.orderType}
            onChange={(_, value: OrderTypeName | null) => value && dispatch({ type: "orderType", orderType: value })}
            aria-label="Order type"
            disabled={server !== null}
            sx={{ flex: 1, "& .MuiToggleButton-root": { flex: 1, py: 0.75, fontWeight: 600 } }}
          >
            {(Object.keys(ORDER_TYPE_LABELS) as OrderTypeName[]).map((type) => (
              <ToggleButton key={type} value={type}>
                {ORDER_TYPE_LABELS[type]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {server ? (
          <Chip
            label={`Token ${server.token}`}
            color="secondary"
            sx={{ fontWeight: 700 }}
            aria-label={`Order token ${server.token}`}
          />
        ) : null}
      </Box>
      {draft.orderType === "dine_in" && !tableFixed ? (
        <Box sx={{ display: "flex", gap: 1 }}>
          <TextField
            select
            size="small"
            label="Table"
            value={draft.tableId ?? ""}
            disabled={server !== null}
            onChange={(event) => dispatch({ type: "table", tableId: Number(event.target.value) || null })}
            sx={{ flex: 1 }}
            error={draft.tableId === null}
            helperText={draft.tableId === null ? "A dine-in order needs a table" : undefined}
          >
            {halls.flatMap((hall) => [
              <ListSubheader key={`hall-${hall.id}`}>{hall.name}</ListSubheader>,
              ...hall.tables.map((table) => (
                <MenuItem key={table.id} value={table.id}>
                  {table.name} · {table.seats} seats
                </MenuItem>
              )),
            ])}
          </TextField>
          {guestsField}
        </Box>
      ) : null}
      {draft.orderType === "dine_in" ? (
        <CoursePicker course={draft.course} onCourse={(course) => dispatch({ type: "course", course })} />
      ) : null}
      {draft.customer ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Chip
            label={`${draft.customer.name} · ${draft.customer.phone}`}
            onDelete={() => dispatch({ type: "customer", customer: null })}
            onClick={onCustomer}
            sx={{ maxWidth: "100%" }}
          />
          {draft.customer.discountPercent > 0 ? (
            <Typography variant="body2" sx={{ color: "success.main", fontWeight: 600 }}>
              {draft.customer.discountPercent}% customer discount
            </Typography>
          ) : null}
        </Box>
      ) : (
        <Button
          size="small"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={onCustomer}
          sx={{ alignSelf: "flex-start" }}
        >
          Customer
        </Button>
      )}
    </Box>
  );
}
