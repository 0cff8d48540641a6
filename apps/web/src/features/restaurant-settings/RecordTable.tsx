import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { useConfirmedDelete } from "../../components/ListPage";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { RowAction, RowActions } from "../../components/RowAction";
import { type RecordKind, type RecordRow, useDeleteRecord, useRecords } from "./api";

/** What an editor dialog is given: the row to change (null adds one), and how to close it. */
export interface EditorProps<T> {
  row: T | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/**
 * One sub-table of the Outlet and POS section: every row (the lists are short), and for an editor
 * Add, Edit (a dialog) and a confirmed Delete; the server's refusal (in use, 409) shows as it says.
 */
export function RecordTable<K extends RecordKind>({
  kind,
  noun,
  description,
  columns,
  editable,
  editor: Editor,
  extraActions,
}: {
  kind: K;
  /** "Printer", "Tax Class": the buttons, dialogs and messages say it. */
  noun: string;
  description: string;
  columns: Column<RecordRow<K>>[];
  editable: boolean;
  editor: (props: EditorProps<RecordRow<K>>) => ReactNode;
  extraActions?: (row: RecordRow<K>) => ReactNode;
}) {
  const query = useRecords(kind);
  const result = useResultDialog();
  const [editing, setEditing] = useState<{ row: RecordRow<K> | null } | null>(null);
  const removal = useConfirmedDelete<RecordRow<K>>({
    mutation: useDeleteRecord(kind),
    idOf: (row) => row.id,
    result,
    title: `Delete ${noun.toLowerCase()}`,
    message: (row) => `Delete ${row.name}? This cannot be undone.`,
  });
  const nouns = `${noun}${noun.endsWith("s") ? "es" : "s"}`;
  const plural = nouns.toLowerCase();
  const showActions = editable || extraActions !== undefined;
  return (
    <Box>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 1.5 }}>
        {description}
      </Typography>
      <DataTable
        label={nouns}
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        errorTitle={`Could not load the ${plural}.`}
        emptyMessage={editable ? `No ${plural} yet. Add the first one.` : `No ${plural} yet.`}
        paged={false}
        toolbar={
          editable ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ row: null })}>
              Add {noun}
            </Button>
          ) : undefined
        }
        actionsHeader="Actions"
        rowActions={
          showActions
            ? (row) => (
                <RowActions>
                  {extraActions?.(row)}
                  {editable ? (
                    <>
                      <RowAction
                        title={`Edit ${row.name}`}
                        icon={<EditIcon fontSize="small" />}
                        onClick={() => setEditing({ row })}
                      />
                      <RowAction
                        title={`Delete ${row.name}`}
                        icon={<DeleteIcon fontSize="small" />}
                        onClick={() => removal.ask(row)}
                      />
                    </>
                  ) : null}
                </RowActions>
              )
            : undefined
        }
      />
      {editing ? (
        <Editor
          key={editing.row?.id ?? "new"}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            result.show("Success", message);
          }}
        />
      ) : null}
      {removal.dialog}
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
