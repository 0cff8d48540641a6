import { type Size, type SizeForm, sizeInputSchema } from "@cargodesk/shared";
import type { Column } from "../../components/DataTable";
import { TextInput } from "../../components/FormFields";
import { RecordFormCard, RecordFormPage, useRecordForm } from "../../components/RecordForm";
import { useSaveSize, useSize, useSizes } from "./api";
import { OptionList, SortAndActive, tailColumns } from "./OptionParts";
import { SIZE_ROUTES } from "./paths";

const valuesOf = (size: Size | null): SizeForm =>
  size
    ? { name: size.name, code: size.code, sort: size.sort, active: size.active }
    : { name: "", code: "", sort: 0, active: true };

function SizeEditor({ size }: { size: Size | null }) {
  const state = useRecordForm({
    record: size,
    schema: sizeInputSchema,
    valuesOf,
    save: useSaveSize(size?.id ?? null),
    fields: ["name", "code", "sort"],
    listRoute: SIZE_ROUTES.list,
  });
  const { control, busy } = state;
  return (
    <RecordFormCard state={state} noun="Size" listLabel="View Sizes">
      <TextInput control={control} name="name" label="Size Name" required disabled={busy} />
      <TextInput
        control={control}
        name="code"
        label="Short Code"
        hint="Printed on tickets, e.g. S, M or L"
        disabled={busy}
      />
      <SortAndActive control={control} disabled={busy} />
    </RecordFormCard>
  );
}

/** /inventory/Size/addSize: add a size, or change one (`?id=`) from the list. */
export function SizeFormPage() {
  return (
    <RecordFormPage noun="size" useRecord={useSize}>
      {(size) => <SizeEditor size={size} />}
    </RecordFormPage>
  );
}

const COLUMNS: Column<Size>[] = [
  { key: "name", header: "Size", render: (row) => row.name },
  { key: "code", header: "Code", render: (row) => row.code, nowrap: true },
  ...tailColumns<Size>(),
];

/** /inventory/Size/listSize. */
export function SizeListPage() {
  return <OptionList kind="size" noun="Size" columns={COLUMNS} query={useSizes()} routes={SIZE_ROUTES} />;
}
