import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Button, CircularProgress } from "@mui/material";
import { useMemo, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { SearchField } from "../../components/SearchField";
import { matchesSearch } from "../../lib/format";
import { type LevelThree, useDownloadReport, useLevelThrees } from "./api";
import { LEVEL_PAGE_SIZE, LEVEL_PAGE_SIZES } from "./format";
import { useDeleteFlow } from "./useDeleteFlow";

/**
 * /accounts/level4/details (the UI's "Level Three"): level 1 name and key, level 2 name and key,
 * level 3 code and name; PDF export (Level3.pdf); delete with confirmation.
 */
export default function LevelThreeDetailsPage() {
  const groups = useLevelThrees("all");
  const [search, setSearch] = useState("");
  const removal = useDeleteFlow(3, "level three group");
  const pdf = useDownloadReport(3);
  const exportResult = useSaveResult();
  const rows = useMemo(
    () =>
      groups.data?.filter((row) =>
        matchesSearch(search, [row.level_one.name, row.level_two.levelTwoName, row.levelThreeName, row.allLvlKey]),
      ),
    [groups.data, search],
  );

  const columns: Column<LevelThree>[] = [
    { key: "oneName", header: "Level One Name", render: (row) => row.level_one.name },
    { key: "oneKey", header: "Level One Key", render: (row) => row.level_one.key },
    { key: "twoName", header: "Level Two Name", render: (row) => row.level_two.levelTwoName },
    { key: "twoKey", header: "Level Two Key", nowrap: true, render: (row) => row.level_two.levelTwoKey },
    { key: "code", header: "Level Three Code", nowrap: true, render: (row) => row.allLvlKey },
    { key: "name", header: "Level Three Name", render: (row) => row.levelThreeName },
    {
      key: "actions",
      header: "Actions",
      align: "center",
      render: (row) => removal.deleteButton(row._id, row.levelThreeName),
    },
  ];

  return (
    <>
      <DataTable
        label="Level Three"
        columns={removal.fading(columns, (row) => row._id)}
        rows={rows}
        rowKey={(row) => row._id}
        loading={groups.isPending}
        error={groups.error}
        onRetry={() => void groups.refetch()}
        emptyMessage={search ? "No level three group matches your search." : "No level three groups yet."}
        pageSizeOptions={LEVEL_PAGE_SIZES}
        defaultPageSize={LEVEL_PAGE_SIZE}
        toolbar={
          <>
            <SearchField label="Search level three" value={search} onChange={setSearch} />
            <Button
              variant="outlined"
              onClick={() => pdf.mutate("pdf", { onError: (error) => exportResult.failed(error) })}
              disabled={pdf.isPending}
              startIcon={
                pdf.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PictureAsPdfIcon />
              }
            >
              Export PDF
            </Button>
            <ResultCount shown={rows?.length} total={groups.data?.length} singular="group" />
          </>
        }
      />
      {removal.dialogs}
      <SaveResultDialog {...exportResult.dialogProps} />
    </>
  );
}
