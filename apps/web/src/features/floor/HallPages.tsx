import { type Hall, type HallForm, hallInputSchema } from "@cargodesk/shared";
import type { Column } from "../../components/DataTable";
import { TextInput } from "../../components/FormFields";
import { ListPage, statusColumn } from "../../components/ListPage";
import { SortInput, SpinInput, SwitchInput } from "../../components/RecordFields";
import { RecordFormCard, RecordFormPage, useRecordForm } from "../../components/RecordForm";
import { useDeleteFloorItem, useHall, useHalls, useSaveHall } from "./api";
import { HALL_ROUTES } from "./paths";

const valuesOf = (hall: Hall | null): HallForm =>
  hall
    ? { name: hall.name, sort: hall.sort, serviceChargePercent: hall.serviceChargePercent, active: hall.active }
    : { name: "", sort: 0, serviceChargePercent: null, active: true };

function HallEditor({ hall }: { hall: Hall | null }) {
  const state = useRecordForm({
    record: hall,
    schema: hallInputSchema,
    valuesOf,
    save: useSaveHall(hall?.id ?? null),
    fields: ["name", "sort", "serviceChargePercent"],
    listRoute: HALL_ROUTES.list,
  });
  const { control, busy } = state;
  return (
    <RecordFormCard state={state} noun="Hall" listLabel="View Halls">
      <TextInput control={control} name="name" label="Hall Name" required disabled={busy} />
      <SortInput control={control} disabled={busy} />
      <SpinInput
        control={control}
        name="serviceChargePercent"
        label="Service Charge % (override)"
        empty={null}
        min={0}
        max={100}
        step={0.01}
        hint="Empty: the outlet's service charge applies"
        disabled={busy}
      />
      <SwitchInput control={control} name="active" label="Active" />
    </RecordFormCard>
  );
}

/** /inventory/Hall/addHall: add a hall, or change one (`?id=`) from the list. */
export function HallFormPage() {
  return (
    <RecordFormPage noun="hall" useRecord={useHall}>
      {(hall) => <HallEditor hall={hall} />}
    </RecordFormPage>
  );
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
  statusColumn<Hall>(),
];

/** /inventory/Hall/listHall: every hall with its tables, edit and a confirmed delete. */
export function HallListPage() {
  const query = useHalls();
  return (
    <ListPage
      label="Halls"
      columns={COLUMNS}
      rows={query.data?.data}
      query={query}
      errorTitle="Could not load the halls."
      emptyMessage="No halls yet. Add the first one."
      add={{ to: HALL_ROUTES.add, label: "Add Hall" }}
      remove={{
        mutation: useDeleteFloorItem("hall"),
        title: "Delete hall",
        message: (hall) => `Delete ${hall.name}? A hall that has tables cannot be deleted; deactivate it instead.`,
      }}
    />
  );
}
