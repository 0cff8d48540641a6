import DownloadIcon from "@mui/icons-material/Download";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Alert, Box, Button, Paper } from "@mui/material";
import type { FormEvent, ReactNode } from "react";
import type { FileLoad, useOpenFile } from "../lib/open-file";

/**
 * PDF and XLSX buttons of a Store report or record: the PDF opens in a window of its own, the XLSX
 * downloads. Large outlined buttons beside a search form; small ones, named for their row, in a table.
 */
export function OpenFileButtons({
  file,
  title,
  load,
  row,
}: {
  file: ReturnType<typeof useOpenFile>;
  /** The PDF window's title. */
  title: string;
  /** Fetches the file in a format; null (nothing searched yet) disables the buttons. */
  load: ((format: "pdf" | "xlsx") => FileLoad) | null;
  /** In a table row: that row's name, so the buttons read "PDF of ..." and "XLSX of ...". */
  row?: string;
}) {
  const look = row === undefined ? ({ variant: "outlined", size: "large" } as const) : ({ size: "small" } as const);
  return (
    <>
      <Button
        {...look}
        startIcon={<PictureAsPdfIcon />}
        aria-label={row === undefined ? undefined : `PDF of ${row}`}
        disabled={load === null || file.busy}
        onClick={() => load && void file.open("pdf", title, load("pdf"))}
      >
        PDF
      </Button>
      <Button
        {...look}
        startIcon={<DownloadIcon />}
        aria-label={row === undefined ? undefined : `XLSX of ${row}`}
        disabled={load === null || file.busy}
        onClick={() => load && void file.open("xlsx", "", load("xlsx"))}
      >
        XLSX
      </Button>
    </>
  );
}

/**
 * A Store report's criteria panel: the fields in a row, Search, then PDF and XLSX of the last
 * search; a file that could not be opened says why under them.
 */
export function ReportSearchPanel({
  label,
  onSubmit,
  canSearch,
  file,
  title,
  load,
  children,
}: {
  /** The form's accessible name. */
  label?: string;
  onSubmit: (event: FormEvent) => void;
  canSearch: boolean;
  file: ReturnType<typeof useOpenFile>;
  title: string;
  load: ((format: "pdf" | "xlsx") => FileLoad) | null;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="form"
        onSubmit={onSubmit}
        aria-label={label}
        sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "flex-start" }}
      >
        {children}
        <Button type="submit" variant="contained" size="large" disabled={!canSearch}>
          Search
        </Button>
        <OpenFileButtons file={file} title={title} load={load} />
      </Box>
      {file.error ? <Alert severity="error">{file.error}</Alert> : null}
    </Paper>
  );
}
