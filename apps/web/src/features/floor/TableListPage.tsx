import type { DiningTable } from "@cargodesk/shared";
import QrCodeIcon from "@mui/icons-material/QrCode2";
import { Stack, Tab, Tabs } from "@mui/material";
import { useState } from "react";
import type { Column } from "../../components/DataTable";
import { ListPage, statusColumn } from "../../components/ListPage";
import { useResultDialog } from "../../components/ResultDialog";
import { RowAction } from "../../components/RowAction";
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
  statusColumn<DiningTable>(),
];

function TableList() {
  const query = useTables(null);
  const result = useResultDialog();
  const printQr = (row: DiningTable) => {
    const target = openBlankWindow(`QR card of table ${row.name}`);
    showInWindow(() => loadTableQr(row.id), target).catch((error) => result.show("Error", errorMessage(error)));
  };
  return (
    <ListPage
      label="Tables"
      columns={COLUMNS}
      rows={query.data?.data}
      query={query}
      errorTitle="Could not load the tables."
      emptyMessage="No tables yet. Add the first one."
      add={{ to: TABLE_ROUTES.add, label: "Add Table" }}
      leadingActions={(row) => (
        <RowAction
          title={`Print QR card of ${row.name}`}
          icon={<QrCodeIcon fontSize="small" />}
          onClick={() => printQr(row)}
        />
      )}
      remove={{
        mutation: useDeleteFloorItem("table"),
        title: "Delete table",
        message: (table) => `Delete table ${table.name} of ${table.hallName}?`,
      }}
      result={result}
    />
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
