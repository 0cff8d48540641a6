import { useMemo, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { SearchField } from "../../components/SearchField";
import { matchesSearch } from "../../lib/format";
import { type LevelTwo, useLevelTwos } from "./api";
import { formatSigned, LEVEL_PAGE_SIZE, LEVEL_PAGE_SIZES } from "./format";
import { useDeleteFlow } from "./useDeleteFlow";

/** /accounts/level2/details: level 1 name and key, level 2 name and key, amount; delete with confirmation. */
export default function LevelTwoDetailsPage() {
  const groups = useLevelTwos("all");
  const [search, setSearch] = useState("");
  const removal = useDeleteFlow(2, "level two group");
  const rows = useMemo(
    () =>
      groups.data?.filter((row) =>
        matchesSearch(search, [row.level_one.name, row.levelTwoName, row.allKey, row.levelTwoKey]),
      ),
    [groups.data, search],
  );

  const columns: Column<LevelTwo>[] = [
    { key: "oneName", header: "Level One Name", render: (row) => row.level_one.name },
    { key: "oneKey", header: "Level One Key", render: (row) => row.level_one.key },
    { key: "twoName", header: "Level Two Name", render: (row) => row.levelTwoName },
    { key: "twoKey", header: "Level Two Key", nowrap: true, render: (row) => row.levelTwoKey },
    {
      key: "amount",
      header: "Amount",
      align: "right",
      nowrap: true,
      render: (row) => formatSigned(row.amount.total_amount),
    },
    {
      key: "actions",
      header: "Actions",
      align: "center",
      render: (row) => removal.deleteButton(row._id, row.levelTwoName),
    },
  ];

  return (
    <>
      <DataTable
        label="Level Two"
        columns={removal.fading(columns, (row) => row._id)}
        rows={rows}
        rowKey={(row) => row._id}
        loading={groups.isPending}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        emptyMessage={search ? "No level two group matches your search." : "No level two groups yet."}
        pageSizeOptions={LEVEL_PAGE_SIZES}
        defaultPageSize={LEVEL_PAGE_SIZE}
        toolbar={
          <>
            <SearchField label="Search level two" value={search} onChange={setSearch} />
            <ResultCount shown={rows?.length} total={groups.data?.length} singular="group" />
          </>
        }
      />
      {removal.dialogs}
    </>
  );
}
