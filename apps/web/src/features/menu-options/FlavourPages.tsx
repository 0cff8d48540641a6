import { type Flavour, type FlavourForm, flavourInputSchema } from "@cargodesk/shared";
import type { Column } from "../../components/DataTable";
import { TextInput } from "../../components/FormFields";
import { RecordFormCard, RecordFormPage, useRecordForm } from "../../components/RecordForm";
import { useFlavour, useFlavours, useSaveFlavour } from "./api";
import { OptionList, SortAndActive, tailColumns } from "./OptionParts";
import { FLAVOUR_ROUTES } from "./paths";

const valuesOf = (flavour: Flavour | null): FlavourForm =>
  flavour ? { name: flavour.name, sort: flavour.sort, active: flavour.active } : { name: "", sort: 0, active: true };

function FlavourEditor({ flavour }: { flavour: Flavour | null }) {
  const state = useRecordForm({
    record: flavour,
    schema: flavourInputSchema,
    valuesOf,
    save: useSaveFlavour(flavour?.id ?? null),
    fields: ["name", "sort"],
    listRoute: FLAVOUR_ROUTES.list,
  });
  const { control, busy } = state;
  return (
    <RecordFormCard state={state} noun="Flavour" listLabel="View Flavours">
      <TextInput control={control} name="name" label="Flavour Name" required disabled={busy} />
      <SortAndActive control={control} disabled={busy} />
    </RecordFormCard>
  );
}

/** /inventory/Flavour/addFlavour: add a flavour, or change one (`?id=`) from the list. */
export function FlavourFormPage() {
  return (
    <RecordFormPage noun="flavour" useRecord={useFlavour}>
      {(flavour) => <FlavourEditor flavour={flavour} />}
    </RecordFormPage>
  );
}

const COLUMNS: Column<Flavour>[] = [
  { key: "name", header: "Flavour", render: (row) => row.name },
  ...tailColumns<Flavour>(),
];

/** /inventory/Flavour/listFlavour. */
export function FlavourListPage() {
  return <OptionList kind="flavour" noun="Flavour" columns={COLUMNS} query={useFlavours()} routes={FLAVOUR_ROUTES} />;
}
