import type { ProductUploadCheck } from "@cargodesk/shared";
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
import { useCheckProducts, useProductTemplateDownload, useSaveProducts } from "./api";
import { PRODUCT_ROUTES } from "./paths";

type CheckedRow = ProductUploadCheck["rows"][number];

const COLUMNS: Column<CheckedRow>[] = [
  { key: "row", header: "Row", align: "right", render: (row) => row.row },
  { key: "code", header: "Code", render: (row) => row.code || "(auto)" },
  { key: "name", header: "Product", render: (row) => row.name },
  { key: "size", header: "Size", render: (row) => row.size || "—" },
  { key: "flavour", header: "Flavour", render: (row) => row.flavour || "—" },
  { key: "price", header: "Price", align: "right", render: (row) => row.price },
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
 * /inventory/Product/uploadProduct: a CSV or XLSX with one row per variant. Check file lists every
 * row with its errors; Save sends the same file for real, enabled only once the checked file has no error.
 */
export default function ProductUploadPage() {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; rows: CheckedRow[] } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const progress = useUploadProgress();
  const check = useCheckProducts();
  const save = useSaveProducts();
  const template = useProductTemplateDownload();

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
          One row per variant: product code (rows with the same code make one product; blank: a new P- code), product
          name, category (or Parent &gt; Child), size, flavour, price, barcode, tax class, station, tracking (recipe,
          direct or none), store product and store quantity (direct tracking). Categories, sizes and flavours must
          already exist. Up to 2,000 rows; the whole file is saved or nothing.
        </Typography>
        <FileUploadField
          label="Products file (CSV or XLSX)"
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
          <Button component={RouterLink} to={PRODUCT_ROUTES.list}>
            Product List
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
