import type { TableCheck } from "@cargodesk/shared";
import { Button } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable";
import { SheetUploadPanel } from "../../components/SheetUploadPanel";
import { useCheckTables, useSaveTables, useTableTemplateDownload } from "./api";
import { TABLE_ROUTES } from "./paths";

type CheckedRow = TableCheck["rows"][number];

const COLUMNS: Column<CheckedRow>[] = [
  { key: "hall", header: "Hall", render: (row) => row.hall },
  { key: "name", header: "Table", render: (row) => row.name },
];

/**
 * /inventory/Table/uploadTable: a CSV or XLSX of tables. Check file lists every row with its
 * errors; Save sends the same file for real, enabled only once the checked file has no error.
 */
export function TableUploadPage() {
  return (
    <SheetUploadPanel
      intro="One row per table: hall (its name), name, seats (blank for 4), shape (square, round or long; blank for square). Up to 2,000 rows. Each new table is placed on a free spot of its hall's layout."
      fileLabel="Tables file (CSV or XLSX)"
      columns={COLUMNS}
      check={useCheckTables()}
      save={useSaveTables()}
      template={useTableTemplateDownload()}
      links={
        <Button component={RouterLink} to={TABLE_ROUTES.list}>
          List Table
        </Button>
      }
    />
  );
}
