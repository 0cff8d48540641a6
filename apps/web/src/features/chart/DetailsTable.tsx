import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { SearchField } from "../../components/SearchField";
import { matchesSearch } from "../../lib/format";
import { LEVEL_PAGE_SIZE, LEVEL_PAGE_SIZES } from "./format";
import type { useDeleteFlow } from "./useDeleteFlow";

/**
 * A details table of the chart (level two, level three, accounts): every row, a search box over the
 * row's `searchText` (a function kept outside the page, so the filtered list changes only with the
 * data or the search), the count, and the delete flow's fading rows and dialogs.
 */
export function DetailsTable<T extends { _id: number }>({
  label,
  noun,
  searchLabel,
  singular,
  query,
  searchText,
  columns,
  removal,
  deleteName,
  tools,
}: {
  /** The table's accessible name: "Level Two", "Accounts". */
  label: string;
  /** "level two group": "No level two group matches your search.", "No level two groups yet." */
  noun: string;
  searchLabel: string;
  /** What the count calls one row: "group", "account". */
  singular: string;
  query: UseQueryResult<T[]>;
  searchText: (row: T) => readonly (string | number | null | undefined)[];
  columns: Column<T>[];
  removal: ReturnType<typeof useDeleteFlow>;
  /** Given, an Actions column with the row's Delete, naming the row by it. */
  deleteName?: (row: T) => string;
  /** More buttons between the search box and the count (Export PDF). */
  tools?: ReactNode;
}) {
  const [search, setSearch] = useState("");
  const rows = useMemo(
    () => query.data?.filter((row) => matchesSearch(search, searchText(row))),
    [query.data, search, searchText],
  );
  const withActions: Column<T>[] = deleteName
    ? [
        ...columns,
        {
          key: "actions",
          header: "Actions",
          align: "center",
          render: (row) => removal.deleteButton(row._id, deleteName(row)),
        },
      ]
    : columns;
  return (
    <>
      <DataTable
        label={label}
        columns={removal.fading(withActions, (row) => row._id)}
        rows={rows}
        rowKey={(row) => row._id}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyMessage={search ? `No ${noun} matches your search.` : `No ${noun}s yet.`}
        pageSizeOptions={LEVEL_PAGE_SIZES}
        defaultPageSize={LEVEL_PAGE_SIZE}
        toolbar={
          <>
            <SearchField label={searchLabel} value={search} onChange={setSearch} />
            {tools}
            <ResultCount shown={rows?.length} total={query.data?.length} singular={singular} />
          </>
        }
      />
      {removal.dialogs}
    </>
  );
}
