import type { DiningTable } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import QrCodeIcon from "@mui/icons-material/QrCode2";
import { Box, Button, Chip, IconButton, Stack, Tab, Tabs, Tooltip } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { loadTableQr, useDeleteFloorItem, useTables } from "./api";
import { FloorLayout } from "./FloorLayout";
import { TABLE_ROUTES } from "./paths";

const COLUMNS: Column<DiningTable>[] = [
  { key: "hall", header: "Hall", render: (row) => row.hallName },
  { key: "name", header: "Table", render: (row) => row.name },
  { key: "seats", header: "Seats", align: "right", render: (row) => row.seats },
  { key: "shape", header: "Shape", render: (row) => row.shape },
  {
    key: "active",
    header: "Status",
    nowrap: true,
    render: (row) => (
      <Chip size="small" label={row.active ? "Active" : "Inactive"} color={row.active ? "success" : "default"} />
    ),
  },
];

function TableList() {
  const query = useTables(null);
  const remove = useDeleteFloorItem("table");
  const [deleting, setDeleting] = useState<DiningTable | null>(null);
  const result = useResultDialog();
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => result.show("Success", answer.message),
      onError: (error) => result.show("Error", errorMessage(error)),
      onSettled: () => setDeleting(null),
    });
  };
  const printQr = (row: DiningTable) => {
    const target = openBlankWindow(`QR card of table ${row.name}`);
    showInWindow(() => loadTableQr(row.id), target).catch((error) => result.show("Error", errorMessage(error)));
  };
  return (
    <>
      <DataTable
        label="Tables"
        columns={COLUMNS}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        errorTitle="Could not load the tables."
        emptyMessage="No tables yet. Add the first one."
        toolbar={
          <Button component={RouterLink} to={TABLE_ROUTES.add} variant="contained" startIcon={<AddIcon />}>
            Add Table
          </Button>
        }
        actionsHeader="Actions"
        rowActions={(row) => (
          <Box sx={{ display: "flex" }}>
            <Tooltip title={`Print QR card of ${row.name}`}>
              <IconButton onClick={() => printQr(row)} aria-label={`Print QR card of ${row.name}`}>
                <QrCodeIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={`Edit ${row.name}`}>
              <IconButton
                component={RouterLink}
                to={`${TABLE_ROUTES.add}?id=${row.id}`}
                aria-label={`Edit ${row.name}`}
              >
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
        title="Delete table"
        message={deleting ? `Delete table ${deleting.name} of ${deleting.hallName}?` : ""}
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

/** /inventory/Table/listTable: the tables as a list, and the Layout tab with each hall's floor. */
export function TableListPage() {
  const [tab, setTab] = useState<"list" | "layout">("list");
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_event, value) => setTab(value)} aria-label="Tables view">
        <Tab value="list" label="Tables" />
        <Tab value="layout" label="Layout" />
      </Tabs>
      {tab === "list" ? <TableList /> : <FloorLayout />}
    </Stack>
  );
}
