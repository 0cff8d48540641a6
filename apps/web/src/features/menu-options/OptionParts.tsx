import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Chip, FormControlLabel, IconButton, Switch, TextField, Tooltip } from "@mui/material";
import { useState } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { type OptionKind, useDeleteOption } from "./api";

/** The fields flavours and sizes share. */
interface OptionValues extends FieldValues {
  sort?: number;
  active?: boolean;
}

export function SortAndActive<T extends OptionValues, TOut>({
  control,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  disabled: boolean;
}) {
  return (
    <>
      <Controller
        control={control}
        name={"sort" as Path<T>}
        render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
          <TextField
            {...field}
            inputRef={ref}
            type="number"
            label="Sort"
            value={value ?? 0}
            onChange={(event) => onChange(event.target.value === "" ? 0 : Number(event.target.value))}
            slotProps={{ htmlInput: { min: 0, max: 9999, step: 1 } }}
            disabled={disabled}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? "Lower numbers show first in the POS"}
            fullWidth
          />
        )}
      />
      <Controller
        control={control}
        name={"active" as Path<T>}
        render={({ field: { value, onChange, ...field } }) => (
          <FormControlLabel
            control={<Switch {...field} checked={value ?? true} onChange={(event) => onChange(event.target.checked)} />}
            label="Active"
          />
        )}
      />
    </>
  );
}

interface OptionRow {
  id: number;
  name: string;
  sort: number;
  active: boolean;
  variantCount: number;
}

/** The columns both lists end with. */
export function tailColumns<T extends OptionRow>(): Column<T>[] {
  return [
    { key: "sort", header: "Sort", align: "right", render: (row) => row.sort },
    { key: "variants", header: "Variants", align: "right", render: (row) => row.variantCount },
    {
      key: "active",
      header: "Status",
      nowrap: true,
      render: (row) => (
        <Chip size="small" label={row.active ? "Active" : "Inactive"} color={row.active ? "success" : "default"} />
      ),
    },
  ];
}

/** A flavour or size list: every entry (the lists are short), with edit and a confirmed delete. */
export function OptionList<T extends OptionRow>({
  kind,
  noun,
  columns,
  query,
  routes,
}: {
  kind: OptionKind;
  noun: string;
  columns: Column<T>[];
  query: {
    data?: { data: T[] };
    isPending: boolean;
    isFetching: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  routes: { add: string; list: string };
}) {
  const remove = useDeleteOption(kind);
  const [deleting, setDeleting] = useState<T | null>(null);
  const result = useResultDialog();
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => result.show("Success", answer.message),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };
  return (
    <>
      <DataTable
        label={`${noun}s`}
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        errorTitle={`Could not load the ${noun.toLowerCase()}s.`}
        emptyMessage={`No ${noun.toLowerCase()}s yet. Add the first one.`}
        toolbar={
          <Button component={RouterLink} to={routes.add} variant="contained" startIcon={<AddIcon />}>
            Add {noun}
          </Button>
        }
        actionsHeader="Actions"
        rowActions={(row) => (
          <Box sx={{ display: "flex" }}>
            <Tooltip title={`Edit ${row.name}`}>
              <IconButton component={RouterLink} to={`${routes.add}?id=${row.id}`} aria-label={`Edit ${row.name}`}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={`Delete ${row.name}`}>
              <IconButton onClick={() => setDeleting(row)} aria-label={`Delete ${row.name}`}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${noun.toLowerCase()}`}
        message={
          deleting
            ? `Delete ${deleting.name}? A ${noun.toLowerCase()} that product variants use cannot be deleted; deactivate it instead.`
            : ""
        }
        confirmLabel="Delete"
        confirmColor="error"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
