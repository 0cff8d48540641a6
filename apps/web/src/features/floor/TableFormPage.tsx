import { type DiningTable, TABLE_SHAPES, type TableForm, tableInputSchema } from "@cargodesk/shared";
import { MenuItem, TextField } from "@mui/material";
import { Controller } from "react-hook-form";
import { TextInput } from "../../components/FormFields";
import { SpinInput, SwitchInput } from "../../components/RecordFields";
import { RecordFormCard, RecordFormPage, useRecordForm } from "../../components/RecordForm";
import { useHalls, useSaveTable, useTable } from "./api";
import { TABLE_ROUTES } from "./paths";

const EMPTY = { hallId: "", name: "", seats: 4, shape: "square", active: true } as unknown as TableForm;
const valuesOf = (table: DiningTable | null): TableForm =>
  table
    ? { hallId: table.hallId, name: table.name, seats: table.seats, shape: table.shape, active: table.active }
    : EMPTY;

function TableEditor({ table }: { table: DiningTable | null }) {
  const halls = useHalls();
  const state = useRecordForm({
    record: table,
    schema: tableInputSchema,
    valuesOf,
    save: useSaveTable(table?.id ?? null),
    fields: ["hallId", "name", "seats", "shape"],
    listRoute: TABLE_ROUTES.list,
    // The next table most likely goes into the same hall.
    afterAdd: (input) => ({ ...EMPTY, hallId: input.hallId }),
  });
  const { control, busy } = state;
  return (
    <RecordFormCard state={state} noun="Table" listLabel="View Tables">
      <Controller
        control={control}
        name="hallId"
        render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            select
            required
            label="Hall"
            value={value === undefined || value === null ? "" : String(value)}
            onChange={(event) => onChange(event.target.value === "" ? "" : Number(event.target.value))}
            disabled={busy || halls.isPending}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? (halls.data?.data.length === 0 ? "Add a hall first" : " ")}
            fullWidth
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">
              <em>{halls.isPending ? "Loading halls…" : "Choose a hall"}</em>
            </MenuItem>
            {(halls.data?.data ?? []).map((hall) => (
              <MenuItem key={hall.id} value={String(hall.id)}>
                {hall.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextInput control={control} name="name" label="Table Name or Number" required disabled={busy} />
      <SpinInput control={control} name="seats" label="Seats" empty={undefined} min={1} max={99} disabled={busy} />
      <Controller
        control={control}
        name="shape"
        render={({ field: { ref, value, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            select
            label="Shape"
            value={value ?? "square"}
            disabled={busy}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? " "}
            fullWidth
          >
            {TABLE_SHAPES.map((shape) => (
              <MenuItem key={shape} value={shape}>
                {shape[0]?.toUpperCase()}
                {shape.slice(1)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <SwitchInput control={control} name="active" label="Active" />
    </RecordFormCard>
  );
}

/** /inventory/Table/addTable: add a table to a hall, or change one (`?id=`) from the list. */
export function TableFormPage() {
  return (
    <RecordFormPage noun="table" useRecord={useTable}>
      {(table) => <TableEditor table={table} />}
    </RecordFormPage>
  );
}
