import { POS_ORDER_MESSAGES, type PosBootstrap, type PosFloorTable, type PosOrder } from "@cargodesk/shared";
import { Alert, MenuItem, TextField } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { useCreateOrder } from "../pos/api";
import { deviceId } from "../pos/device";
import { TillDialog } from "../pos/TillDialog";
import { newId } from "../pos/useRegister";

const validGuests = (value: string): number | null => {
  const guests = Number(value);
  return value.trim() !== "" && Number.isInteger(guests) && guests >= 1 && guests <= 99 ? guests : null;
};

/**
 * Seating a free table (design 6.2 step 1): the number of guests, and the counter whose open
 * session the check belongs to (this device's, remembered). The check is opened on the server at
 * once, so every floor shows the table occupied.
 */
export function GuestsDialog({
  table,
  bootstrap,
  counterId,
  onCounter,
  onOpened,
  onClose,
}: {
  table: PosFloorTable;
  bootstrap: PosBootstrap;
  counterId: number | null;
  onCounter: (counterId: number) => void;
  onOpened: (order: PosOrder) => void;
  onClose: () => void;
}) {
  const [guests, setGuests] = useState(String(Math.min(table.seats, 99)));
  const [counter, setCounter] = useState<number | "">(counterId ?? "");
  const [clientUuid] = useState(newId);
  const create = useCreateOrder();
  const count = validGuests(guests);
  const open = () => {
    if (count === null || counter === "") return;
    onCounter(counter);
    create.mutate(
      { clientUuid, counterId: counter, orderType: "dine_in", tableId: table.id, guests: count, deviceId: deviceId() },
      { onSuccess: onOpened },
    );
  };
  return (
    <TillDialog
      title={`Seat table ${table.name}`}
      formLabel="Guests"
      onClose={onClose}
      submit={{ label: "Open table", disabled: count === null || counter === "" || create.isPending, onSubmit: open }}
    >
      {create.isError ? <Alert severity="error">{errorMessage(create.error)}</Alert> : null}
      <TextField
        label="Guests"
        type="number"
        value={guests}
        autoFocus
        onChange={(event) => setGuests(event.target.value)}
        error={count === null}
        helperText={count === null ? POS_ORDER_MESSAGES.guests : `${table.seats} seats`}
        slotProps={{ htmlInput: { min: 1, max: 99, inputMode: "numeric" } }}
        sx={{ mt: 1 }}
      />
      <TextField
        select
        label="Counter"
        value={counter}
        onChange={(event) => setCounter(Number(event.target.value))}
        error={counter === ""}
        helperText={counter === "" ? "Choose the counter this check is paid at" : "Remembered on this device"}
      >
        {bootstrap.counters.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.code} · {option.name}
          </MenuItem>
        ))}
      </TextField>
    </TillDialog>
  );
}
