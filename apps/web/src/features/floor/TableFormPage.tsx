import { type DiningTable, TABLE_SHAPES, type TableForm, type TableInput, tableInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import ListIcon from "@mui/icons-material/List";
import { Alert, Button, FormControlLabel, MenuItem, Switch, TextField } from "@mui/material";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { FormCard, SaveButton } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useHalls, useSaveTable, useTable } from "./api";
import { TABLE_ROUTES } from "./paths";

const EMPTY = { hallId: "", name: "", seats: 4, shape: "square", active: true } as unknown as TableForm;
const valuesOf = (table: DiningTable | null): TableForm =>
  table
    ? { hallId: table.hallId, name: table.name, seats: table.seats, shape: table.shape, active: table.active }
    : EMPTY;

function TableEditor({ table }: { table: DiningTable | null }) {
  const save = useSaveTable(table?.id ?? null);
  const halls = useHalls();
  const result = useResultDialog();
  const navigate = useNavigate();
  const form = useForm<TableForm, unknown, TableInput>({
    resolver: zodResolver(tableInputSchema),
    defaultValues: valuesOf(table),
    mode: "onTouched",
  });
  useEffect(() => form.reset(valuesOf(table)), [table, form]);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", `${answer.message}: ${answer.data.name}`);
        if (table) navigate(TABLE_ROUTES.list);
        else form.reset({ ...EMPTY, hallId: input.hallId });
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, ["hallId", "name", "seats", "shape"]);
        result.show("Error", errorMessage(error));
      },
    }),
  );
  const busy = save.isPending;
  return (
    <>
      <FormCard
        label={table ? "Edit Table" : "Add Table"}
        onSubmit={onSubmit}
        actions={
          <>
            <SaveButton disabled={false} busy={busy} label={table ? "Update" : "Save"} />
            <Button component={RouterLink} to={TABLE_ROUTES.list} startIcon={<ListIcon />}>
              View Tables
            </Button>
          </>
        }
      >
        <Controller
          control={form.control}
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
        <TextInput control={form.control} name="name" label="Table Name or Number" required disabled={busy} />
        <Controller
          control={form.control}
          name="seats"
          render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              type="number"
              label="Seats"
              value={value ?? ""}
              onChange={(event) => onChange(event.target.value === "" ? undefined : Number(event.target.value))}
              slotProps={{ htmlInput: { min: 1, max: 99, step: 1 } }}
              disabled={busy}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? " "}
              fullWidth
            />
          )}
        />
        <Controller
          control={form.control}
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
        <Controller
          control={form.control}
          name="active"
          render={({ field: { value, onChange, ...field } }) => (
            <FormControlLabel
              control={
                <Switch {...field} checked={value ?? true} onChange={(event) => onChange(event.target.checked)} />
              }
              label="Active"
            />
          )}
        />
      </FormCard>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}

/** /inventory/Table/addTable: add a table to a hall, or change one (`?id=`) from the list. */
export function TableFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const table = useTable(id);
  if (id === null) return <TableEditor table={null} />;
  if (table.isPending) return <PageLoader label="Loading the table" />;
  if (table.error) return <Alert severity="error">Could not load the table. {errorMessage(table.error)}</Alert>;
  return <TableEditor table={table.data} />;
}
