import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Button, CircularProgress } from "@mui/material";
import type { Column } from "../../components/DataTable";
import { SaveResultDialog, useSaveResult } from "../../components/SaveResultDialog";
import { type LevelThree, useDownloadReport, useLevelThrees } from "./api";
import { DetailsTable } from "./DetailsTable";
import { useDeleteFlow } from "./useDeleteFlow";

const searchText = (row: LevelThree) => [
  row.level_one.name,
  row.level_two.levelTwoName,
  row.levelThreeName,
  row.allLvlKey,
];

const COLUMNS: Column<LevelThree>[] = [
  { key: "oneName", header: "Level One Name", render: (row) => row.level_one.name },
  { key: "oneKey", header: "Level One Key", render: (row) => row.level_one.key },
  { key: "twoName", header: "Level Two Name", render: (row) => row.level_two.levelTwoName },
  { key: "twoKey", header: "Level Two Key", nowrap: true, render: (row) => row.level_two.levelTwoKey },
  { key: "code", header: "Level Three Code", nowrap: true, render: (row) => row.allLvlKey },
  { key: "name", header: "Level Three Name", render: (row) => row.levelThreeName },
];

/**
 * /accounts/level4/details (the UI's "Level Three"): level 1 name and key, level 2 name and key,
 * level 3 code and name; PDF export (Level3.pdf); delete with confirmation.
 */
export default function LevelThreeDetailsPage() {
  const removal = useDeleteFlow(3, "level three group");
  const pdf = useDownloadReport(3);
  const exportResult = useSaveResult();
  return (
    <>
      <DetailsTable
        label="Level Three"
        noun="level three group"
        searchLabel="Search level three"
        singular="group"
        query={useLevelThrees("all")}
        searchText={searchText}
        columns={COLUMNS}
        removal={removal}
        deleteName={(row) => row.levelThreeName}
        tools={
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
        }
      />
      <SaveResultDialog {...exportResult.dialogProps} />
    </>
  );
}
