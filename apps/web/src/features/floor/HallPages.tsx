import { type Hall, type HallForm, type HallInput, hallInputSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import ListIcon from "@mui/icons-material/List";
import { Alert, Box, Button, Chip, FormControlLabel, IconButton, Switch, TextField, Tooltip } from "@mui/material";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable } from "../../components/DataTable";
import { FormCard, SaveButton } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { applyFieldIssues } from "../../lib/forms";
import { useDeleteFloorItem, useHall, useHalls, useSaveHall } from "./api";
import { HALL_ROUTES } from "./paths";

const EMPTY: HallForm = { name: "", sort: 0, serviceChargePercent: null, active: true };
const valuesOf = (hall: Hall | null): HallForm =>
  hall
    ? { name: hall.name, sort: hall.sort, serviceChargePercent: hall.serviceChargePercent, active: hall.active }
    : EMPTY;

function HallEditor({ hall }: { hall: Hall | null }) {
  const save = useSaveHall(hall?.id ?? null);
  const result = useResultDialog();
  const navigate = useNavigate();
  const form = useForm<HallForm, unknown, HallInput>({
    resolver: zodResolver(hallInputSchema),
    defaultValues: valuesOf(hall),
    mode: "onTouched",
  });
  useEffect(() => form.reset(valuesOf(hall)), [hall, form]);
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        result.show("Success", `${answer.message}: ${answer.data.name}`);
        if (hall) navigate(HALL_ROUTES.list);
        else form.reset(EMPTY);
      },
      onError: (error) => {
        applyFieldIssues(error, form.setError, ["name", "sort", "serviceChargePercent"]);
        result.show("Error", errorMessage(error));
      },
    }),
  );
  const busy = save.isPending;
  return (
    <>
      <FormCard
        label={hall ? "Edit Hall" : "Add Hall"}
        onSubmit={onSubmit}
        actions={
          <>
            <SaveButton disabled={false} busy={busy} label={hall ? "Update" : "Save"} />
            <Button component={RouterLink} to={HALL_ROUTES.list} startIcon={<ListIcon />}>
              View Halls
            </Button>
          </>
        }
      >
        <TextInput control={form.control} name="name" label="Hall Name" required disabled={busy} />
        <Controller
          control={form.control}
          name="sort"
          render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              type="number"
              label="Sort"
              value={value ?? 0}
              onChange={(event) => onChange(event.target.value === "" ? 0 : Number(event.target.value))}
              slotProps={{ htmlInput: { min: 0, max: 9999, step: 1 } }}
              disabled={busy}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? "Lower numbers show first"}
              fullWidth
            />
          )}
        />
        <Controller
          control={form.control}
          name="serviceChargePercent"
          render={({ field: { ref, value, onChange, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              type="number"
              label="Service Charge % (override)"
              value={value ?? ""}
              onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
              slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
              disabled={busy}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? "Empty: the outlet's service charge applies"}
              fullWidth
            />
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

/** /inventory/Hall/addHall: add a hall, or change one (`?id=`) from the list. */
export function HallFormPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const hall = useHall(id);
  if (id === null) return <HallEditor hall={null} />;
  if (hall.isPending) return <PageLoader label="Loading the hall" />;
  if (hall.error) return <Alert severity="error">Could not load the hall. {errorMessage(hall.error)}</Alert>;
  return <HallEditor hall={hall.data} />;
}

const COLUMNS: Column<Hall>[] = [
  { key: "name", header: "Hall", render: (row) => row.name },
  { key: "sort", header: "Sort", align: "right", render: (row) => row.sort },
  {
    key: "service",
    header: "Service Charge",
    align: "right",
    render: (row) => (row.serviceChargePercent === null ? "Outlet's" : `${row.serviceChargePercent}%`),
  },
  { key: "tables", header: "Tables", align: "right", render: (row) => row.tableCount },
  {
    key: "active",
    header: "Status",
    nowrap: true,
    render: (row) => (
      <Chip size="small" label={row.active ? "Active" : "Inactive"} color={row.active ? "success" : "default"} />
    ),
  },
];

/** /inventory/Hall/listHall: every hall with its tables, edit and a confirmed delete. */
export function HallListPage() {
  const query = useHalls();
  const remove = useDeleteFloorItem("hall");
  const [deleting, setDeleting] = useState<Hall | null>(null);
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
        label="Halls"
        columns={COLUMNS}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        errorTitle="Could not load the halls."
        emptyMessage="No halls yet. Add the first one."
        toolbar={
          <Button component={RouterLink} to={HALL_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
            Add Hall
          </Button>
        }
        actionsHeader="Actions"
        rowActions={(row) => (
          <Box sx={{ display: "flex" }}>
            <Tooltip title={`Edit ${row.name}`}>
              <IconButton component={RouterLink} to={`${HALL_ROUTES.add}?id=${row.id}`} aria-label={`Edit ${row.name}`}>
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
        title="Delete hall"
        message={
          deleting ? `Delete ${deleting.name}? A hall that has tables cannot be deleted; deactivate it instead.` : ""
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
