import type { TableCheck } from "@cargodesk/shared";
import DownloadIcon from "@mui/icons-material/Download";
import FactCheckIcon from "@mui/icons-material/FactCheck";
import SaveIcon from "@mui/icons-material/Save";
import { Alert, Box, Button, Chip, Paper, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable } from "../../components/DataTable";
import { FileUploadField } from "../../components/FileUploadField";
import { UploadIssuesTable } from "../../components/UploadIssuesTable";
import { errorMessage } from "../../lib/api";
import { isCancelled, type RowIssue, rowIssuesOf, SHEET_ACCEPT, useUploadProgress } from "../../lib/upload";
import { useCheckTables, useSaveTables, useTableTemplateDownload } from "./api";
import { TABLE_ROUTES } from "./paths";

type CheckedRow = TableCheck["rows"][number];

const COLUMNS: Column<CheckedRow>[] = [
  { key: "row", header: "Row", align: "right", render: (row) => row.row },
  { key: "hall", header: "Hall", render: (row) => row.hall },
  { key: "name", header: "Table", render: (row) => row.name },
  {
    key: "errors",
    header: "Errors",
    render: (row) =>
      row.errors.length === 0 ? (
        <Chip size="small" color="success" label="OK" />
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2, color: "error.main" }}>
          {row.errors.map((error) => (
            <li key={`${error.column}:${error.message}`}>
              {error.column}: {error.message}
            </li>
          ))}
        </Box>
      ),
  },
];

type Outcome =
  | { kind: "saved"; text: string }
  | { kind: "failed"; message: string; fileName: string; issues: RowIssue[] };

/**
 * /inventory/Table/uploadTable: a CSV or XLSX of tables. Check file lists every row with its
 * errors; Save sends the same file for real, enabled only once the checked file has no error.
 */
export function TableUploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; rows: CheckedRow[] } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const progress = useUploadProgress();
  const check = useCheckTables();
  const save = useSaveTables();
  const template = useTableTemplateDownload();

  const rows = checked && checked.file === file ? checked.rows : null;
  const bad = rows?.filter((row) => row.errors.length > 0).length ?? 0;
  const busy = progress.busy;
  const canSave = rows !== null && rows.length > 0 && bad === 0 && !busy;

  const fail = (error: unknown, name: string) => {
    if (isCancelled(error)) return;
    setOutcome({ kind: "failed", message: errorMessage(error), fileName: name, issues: rowIssuesOf(error) });
  };

  const runCheck = () => {
    if (!file) return;
    setOutcome(null);
    const chosen = file;
    check.mutate(
      { file: chosen, tracking: progress.start() },
      {
        onSettled: progress.finish,
        onSuccess: (answer) => setChecked({ file: chosen, rows: answer.rows }),
        onError: (error) => fail(error, chosen.name),
      },
    );
  };

  const runSave = () => {
    if (!file) return;
    const chosen = file;
    save.mutate(
      { file: chosen, tracking: progress.start() },
      {
        onSettled: progress.finish,
        onSuccess: (answer) => {
          setOutcome({ kind: "saved", text: `${chosen.name}: ${answer.message}.` });
          setChecked(null);
          setFile(null);
        },
        onError: (error) => fail(error, chosen.name),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="upload-heading" sx={{ display: "grid", gap: 2, alignContent: "start" }}>
      <Typography id="upload-heading" variant="h6" component="h2">
        Upload a file
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: "grid", gap: 2 }}>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          One row per table: hall (its name), name, seats (blank for 4), shape (square, round or long; blank for
          square). Up to 2,000 rows. Each new table is placed on a free spot of its hall's layout.
        </Typography>
        <FileUploadField
          label="Tables file (CSV or XLSX)"
          accept={SHEET_ACCEPT}
          file={file}
          onChange={(chosen) => {
            setFile(chosen);
            setOutcome(null);
          }}
          progress={progress.progress}
          onCancel={progress.cancel}
          sentText="The server is checking every row…"
          disabled={busy}
          required
        />
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5 }}>
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => template.mutate(undefined, { onError: (error) => fail(error, "template") })}
            disabled={template.isPending}
          >
            Download template
          </Button>
          <Button variant="outlined" startIcon={<FactCheckIcon />} onClick={runCheck} disabled={!file || busy}>
            Check file
          </Button>
          <Button variant="contained" startIcon={<SaveIcon />} onClick={runSave} disabled={!canSave}>
            Save
          </Button>
          <Button component={RouterLink} to={TABLE_ROUTES.list}>
            List Table
          </Button>
        </Box>
        {outcome?.kind === "saved" ? (
          <Alert severity="success" role="status">
            {outcome.text}
          </Alert>
        ) : null}
        {outcome?.kind === "failed" ? (
          outcome.issues.length > 0 ? (
            <UploadIssuesTable fileName={outcome.fileName} issues={outcome.issues} />
          ) : (
            <Alert severity="error">{outcome.message}</Alert>
          )
        ) : null}
        {rows ? (
          <Alert severity={bad > 0 ? "warning" : "info"} role="status">
            {rows.length} row(s) checked.{" "}
            {bad > 0 ? `${bad} row(s) have errors: fix them and check the file again.` : "No errors: Save is enabled."}
          </Alert>
        ) : null}
      </Paper>
      {rows ? (
        <DataTable
          label="Checked rows"
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.row}
          emptyMessage="The file has no rows."
          paged
          defaultPageSize={50}
          pageSizeOptions={[50, 100, 200]}
          rowTestId={(row) => `checked-row-${row.row}`}
        />
      ) : null}
    </Box>
  );
}
