import type { Column } from "../../components/DataTable";
import { type LevelTwo, useLevelTwos } from "./api";
import { DetailsTable } from "./DetailsTable";
import { formatSigned } from "./format";
import { useDeleteFlow } from "./useDeleteFlow";

const searchText = (row: LevelTwo) => [row.level_one.name, row.levelTwoName, row.allKey, row.levelTwoKey];

const COLUMNS: Column<LevelTwo>[] = [
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
];

/** /accounts/level2/details: level 1 name and key, level 2 name and key, amount; delete with confirmation. */
export default function LevelTwoDetailsPage() {
  const removal = useDeleteFlow(2, "level two group");
  return (
    <DetailsTable
      label="Level Two"
      noun="level two group"
      searchLabel="Search level two"
      singular="group"
      query={useLevelTwos("all")}
      searchText={searchText}
      columns={COLUMNS}
      removal={removal}
      deleteName={(row) => row.levelTwoName}
    />
  );
}
