import type { FieldValues, Path } from "react-hook-form";
import type { Column } from "../../components/DataTable";
import type { FieldProps } from "../../components/FormFields";
import { ListPage, statusColumn } from "../../components/ListPage";
import { SortInput, SwitchInput } from "../../components/RecordFields";
import { type OptionKind, useDeleteOption } from "./api";

/** The fields flavours and sizes share. */
interface OptionValues extends FieldValues {
  sort?: number;
  active?: boolean;
}

export function SortAndActive<T extends OptionValues, TOut>({
  control,
  disabled,
}: Pick<FieldProps<T, TOut>, "control"> & { disabled: boolean }) {
  return (
    <>
      <SortInput control={control} disabled={disabled} hint="Lower numbers show first in the POS" />
      <SwitchInput control={control} name={"active" as Path<T>} label="Active" />
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
    statusColumn<T>(),
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
  const lower = noun.toLowerCase();
  return (
    <ListPage
      label={`${noun}s`}
      columns={columns}
      rows={query.data?.data}
      query={query}
      errorTitle={`Could not load the ${lower}s.`}
      emptyMessage={`No ${lower}s yet. Add the first one.`}
      add={{ to: routes.add, label: `Add ${noun}` }}
      remove={{
        mutation: useDeleteOption(kind),
        title: `Delete ${lower}`,
        message: (row) =>
          `Delete ${row.name}? A ${lower} that product variants use cannot be deleted; deactivate it instead.`,
      }}
    />
  );
}
