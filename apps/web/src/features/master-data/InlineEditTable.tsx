import AddIcon from "@mui/icons-material/Add";
import CheckIcon from "@mui/icons-material/Check";
import CloseIcon from "@mui/icons-material/Close";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, IconButton, Tooltip } from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { type FieldPath, type FieldValues, type Resolver, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable } from "../../components/DataTable";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { ResultCount } from "../../components/ResultCount";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { SearchField } from "../../components/SearchField";
import { type InputMode, TypedField } from "../../components/TypedField";
import { errorMessage } from "../../lib/api";
import { matchesSearch } from "../../lib/format";
import { applyFieldIssues } from "../../lib/forms";
import { useCan } from "../../lib/hooks";
import { type MasterPath, useRemove, useUpdate } from "./api";
import type { KindPermissions } from "./paths";

export interface EditableField<V extends FieldValues> {
  name: FieldPath<V>;
  mode: InputMode;
  maxLength?: number;
  /** Save stays disabled while a required field is empty. */
  required: boolean;
}

export interface InlineColumn<Row, V extends FieldValues> {
  key: string;
  header: string;
  align?: "left" | "right";
  /** The cell's text and its CSV value. */
  value: (row: Row) => string | number | null | undefined;
  /** While the row is edited the cell becomes this input. */
  edit?: EditableField<V>;
}

/** One master-data kind whose table edits and deletes in place (countries, packages, services, currencies). */
export interface InlineKind<Row, V extends FieldValues, Out extends object> {
  path: MasterPath;
  rowSchema: z.ZodType<Row>;
  /** The table's accessible name. */
  label: string;
  /** "Country", for buttons and titles. */
  noun: string;
  /** "country" and "countries", for messages. */
  singular: string;
  plural: string;
  columns: readonly InlineColumn<Row, V>[];
  rowId: (row: Row) => number;
  /** How the confirmation names the row, e.g. "PAKISTAN (586)". */
  describe: (row: Row) => string;
  toForm: (row: Row) => V;
  resolver: Resolver<V, unknown, Out>;
  /** The PUT body; the validated values unless the kind sends more. */
  toBody?: (values: Out, row: Row) => object;
  permissions: KindPermissions;
  addPath: string;
}

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === "" ? "—" : String(value);

/** The row being changed or deleted fades for the spec's 600 ms before the change takes effect. */
function Fading({ active, children }: { active: boolean; children: ReactNode }) {
  return (
    <Box sx={{ opacity: active ? 0.35 : 1, transition: "opacity 300ms ease-in-out" }} aria-busy={active || undefined}>
      {children}
    </Box>
  );
}

/**
 * A master-data list held whole in the browser (DataTable pages it: 50 a page, 20 to 200): search,
 * export of every row, and in-place Edit and Delete shown with the kind's Edit and Delete permissions.
 */
export function InlineEditTable<Row, V extends FieldValues, Out extends object>({
  kind,
  query,
}: {
  kind: InlineKind<Row, V, Out>;
  query: UseQueryResult<Row[], Error>;
}) {
  const canEdit = useCan(kind.permissions.edit);
  const canDelete = useCan(kind.permissions.remove);
  const canAdd = useCan(kind.permissions.add);
  const update = useUpdate(kind.path, kind.rowSchema, { delayed: true });
  const remove = useRemove(kind.path);
  const result = useResultDialog();
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Row | null>(null);
  const form = useForm<V, unknown, Out>({ resolver: kind.resolver, mode: "onChange" });
  const editFields = useMemo(
    () => kind.columns.flatMap((column) => (column.edit ? [column.edit] : [])),
    [kind.columns],
  );
  const fieldNames = editFields.map((field) => field.name);
  const editValues = useWatch({ control: form.control, name: fieldNames });

  const rows = useMemo(
    () =>
      query.data?.filter((row) =>
        matchesSearch(
          search,
          kind.columns.map((column) => column.value(row)),
        ),
      ),
    [query.data, search, kind.columns],
  );

  const fadingId = update.isPending
    ? (update.variables?.id ?? null)
    : remove.isPending
      ? (remove.variables ?? null)
      : null;
  const incomplete = editFields.some((field, index) => field.required && String(editValues[index] ?? "").trim() === "");
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  const startEdit = (row: Row) => {
    form.reset(kind.toForm(row));
    setEditing(kind.rowId(row));
  };
  const cancelEdit = () => {
    setEditing(null);
    form.reset();
  };
  const save = (row: Row) =>
    void form.handleSubmit((values) =>
      update.mutate(
        { id: kind.rowId(row), body: kind.toBody ? kind.toBody(values, row) : values },
        {
          onSuccess: () => setEditing(null),
          onError: (error) => {
            applyFieldIssues(error, form.setError, fieldNames);
            result.show("Error", errorMessage(error));
          },
        },
      ),
    )();
  const confirmDelete = () => {
    if (!confirming) return;
    const id = kind.rowId(confirming);
    setConfirming(null);
    remove.mutate(id, {
      // A record in use answers 409: its reason is the message.
      onError: (error) => result.show("Error", errorMessage(error)),
    });
  };

  const columns: Column<Row>[] = kind.columns.map((column) => ({
    key: column.key,
    header: column.header,
    align: column.align,
    render: (row: Row) => {
      const id = kind.rowId(row);
      if (editing === id && column.edit) {
        const field = column.edit;
        return (
          <Box sx={{ minWidth: field.mode === "decimal" || field.mode === "digits" ? 88 : 180 }}>
            <TypedField
              control={form.control}
              name={field.name}
              label={column.header}
              mode={field.mode}
              maxLength={field.maxLength}
              required={field.required}
              disabled={fadingId === id}
              autoFocus={field === editFields[0]}
              onEnter={() => save(row)}
              onEscape={cancelEdit}
              dense
            />
          </Box>
        );
      }
      return <Fading active={fadingId === id}>{text(column.value(row))}</Fading>;
    },
  }));

  if (canEdit || canDelete) {
    columns.push({
      key: "actions",
      header: "Actions",
      align: "right",
      nowrap: true,
      render: (row) => {
        const id = kind.rowId(row);
        const busy = fadingId === id;
        if (editing === id) {
          return (
            <Fading active={busy}>
              <Tooltip title="Save">
                <span>
                  <IconButton
                    aria-label="Save"
                    color="primary"
                    size="small"
                    disabled={busy || incomplete || hasErrors}
                    onClick={() => save(row)}
                  >
                    <CheckIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Cancel">
                <span>
                  <IconButton aria-label="Cancel" size="small" disabled={busy} onClick={cancelEdit}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Fading>
          );
        }
        const locked = busy || editing !== null;
        return (
          <Fading active={busy}>
            {canEdit ? (
              <Tooltip title="Edit">
                <span>
                  <IconButton aria-label="Edit" size="small" disabled={locked} onClick={() => startEdit(row)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            ) : null}
            {canDelete ? (
              <Tooltip title="Delete">
                <span>
                  <IconButton
                    aria-label="Delete"
                    color="error"
                    size="small"
                    disabled={locked}
                    onClick={() => setConfirming(row)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            ) : null}
          </Fading>
        );
      },
    });
  }

  return (
    <>
      <DataTable
        label={kind.label}
        columns={columns}
        rows={rows}
        rowKey={kind.rowId}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyMessage={search ? `No ${kind.singular} matches your search.` : `No ${kind.plural} yet.`}
        toolbar={
          <>
            <SearchField label={`Search ${kind.plural}`} value={search} onChange={setSearch} />
            <ExportCsvButton
              fileName={kind.plural.replace(/\s+/g, "-")}
              columns={kind.columns.map((column) => ({ header: column.header, value: column.value }))}
              loadRows={() => rows ?? []}
              disabled={!rows || rows.length === 0}
            />
            {canAdd ? (
              <Button component={RouterLink} to={kind.addPath} startIcon={<AddIcon />}>
                Add {kind.noun}
              </Button>
            ) : null}
            <ResultCount
              shown={rows?.length}
              total={query.data?.length}
              singular={kind.singular}
              plural={kind.plural}
            />
          </>
        }
      />
      <ConfirmDialog
        open={confirming !== null}
        title={`Delete ${kind.noun}?`}
        message={confirming ? `Delete ${kind.describe(confirming)}? This cannot be undone.` : ""}
        confirmLabel="Delete"
        confirmColor="error"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
