import DownloadIcon from "@mui/icons-material/Download";
import FactCheckIcon from "@mui/icons-material/FactCheck";
import SaveIcon from "@mui/icons-material/Save";
import { Alert, Box, Button, Chip, Paper, Typography } from "@mui/material";
import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../lib/api";
import { isCancelled, type RowIssue, rowIssuesOf, type UploadTracking, useUploadProgress } from "../lib/upload";
import { type Column, DataTable } from "./DataTable";
import { SheetFileField } from "./FileUploadField";
import { UploadIssuesTable } from "./UploadIssuesTable";

/** One row of a dry run: its sheet row number and what is wrong with it (nothing when clean). */
export interface CheckedSheetRow {
  row: number;
  errors: readonly { column: string; message: string }[];
}

/** The file and its upload tracking, as the check and save mutations take them. */
export interface SheetUpload {
  file: File;
  tracking: UploadTracking;
}

type Outcome =
  | { kind: "saved"; text: string }
  | { kind: "failed"; message: string; fileName: string; issues: RowIssue[] };

const rowColumn = <R extends CheckedSheetRow>(): Column<R> => ({
  key: "row",
  header: "Row",
  align: "right",
  render: (row) => row.row,
});

const errorsColumn = <R extends CheckedSheetRow>(): Column<R> => ({
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
});

export interface SheetUploadPanelProps<R extends CheckedSheetRow, S extends { message: string }> {
  /** What the file holds, row by row, shown above the file field. */
  intro: ReactNode;
  /** The file field's label, e.g. "Tables file (CSV or XLSX)". */
  fileLabel: string;
  /** The checked rows' own columns; Row comes first and Errors last. */
  columns: Column<R>[];
  /** The dry run (Check file): every row with its errors, nothing written. */
  check: UseMutationResult<{ rows: R[] }, Error, SheetUpload>;
  /** The real upload (Save), all rows or none. */
  save: UseMutationResult<S, Error, SheetUpload>;
  /** Downloads the template. */
  template: UseMutationResult<void, Error, void>;
  /** The first sentence of the check's summary; default "<n> row(s) checked." */
  checkedText?: (rows: R[]) => string;
  /** Said after "<file>: <message>." once saved, e.g. the opening JV's number. */
  savedDetail?: (answer: S) => string;
  /** Links after Save (back to the list). */
  links?: ReactNode;
}

/**
 * The sheet upload: the file field with its progress and cancel, Download template, Check file
 * (the dry run, listing every row with its errors), Save (enabled once the checked file is clean),
 * and the outcome: saved, the rows the server refused, or its message.
 */
export function SheetUploadPanel<R extends CheckedSheetRow, S extends { message: string }>({
  intro,
  fileLabel,
  columns,
  check,
  save,
  template,
  checkedText = (rows) => `${rows.length} row(s) checked.`,
  savedDetail = () => "",
  links,
}: SheetUploadPanelProps<R, S>) {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; rows: R[] } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const progress = useUploadProgress();

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
          setOutcome({ kind: "saved", text: `${chosen.name}: ${answer.message}.${savedDetail(answer)}` });
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
          {intro}
        </Typography>
        <SheetFileField
          label={fileLabel}
          file={file}
          onChoose={(chosen) => {
            setFile(chosen);
            setOutcome(null);
          }}
          progress={progress}
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
          {links}
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
            {checkedText(rows)}{" "}
            {bad > 0 ? `${bad} row(s) have errors: fix them and check the file again.` : "No errors: Save is enabled."}
          </Alert>
        ) : null}
      </Paper>
      {rows ? (
        <DataTable
          label="Checked rows"
          columns={[rowColumn<R>(), ...columns, errorsColumn<R>()]}
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
