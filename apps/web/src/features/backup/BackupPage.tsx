import type { BackupFile } from "@cargodesk/shared";
import BackupIcon from "@mui/icons-material/Backup";
import DownloadIcon from "@mui/icons-material/Download";
import { Alert, Box, Button, CircularProgress, LinearProgress, Paper, Typography } from "@mui/material";
import { useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { useBackups, useCreateBackup, useDownloadBackup } from "./api";

/** The spec's general table: 200 rows a page, options 50 to 200. */
const PAGE_SIZES = [50, 100, 150, 200] as const;

/** 2_345_678 -> "2.2 MB". */
export function formatSize(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** BackUp: one Back Up button (the server's message names the file), then the backups to download. */
export default function BackupPage() {
  const backups = useBackups();
  const create = useCreateBackup();
  const download = useDownloadBackup();
  const { show, dialogProps } = useResultDialog();
  const [created, setCreated] = useState<string | null>(null);

  const backUp = () =>
    create.mutate(undefined, {
      onSuccess: (result) => {
        setCreated(result.message);
        show("Success", result.message);
      },
      onError: (error) => show("Error", errorMessage(error)),
    });

  const columns: readonly Column<BackupFile>[] = [
    { key: "file", header: "File", render: (row) => <Box sx={{ fontFamily: "monospace" }}>{row.file}</Box> },
    { key: "created", header: "Created", nowrap: true, render: (row) => formatDateTime(row.created_at) },
    { key: "size", header: "Size", align: "right", nowrap: true, render: (row) => formatSize(row.size) },
    {
      key: "download",
      header: "Download",
      align: "center",
      render: (row) => {
        const busy = download.isPending && download.variables === row.file;
        return (
          <Button
            size="small"
            startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
            disabled={busy}
            aria-label={`Download ${row.file}`}
            onClick={() => download.mutate(row.file, { onError: (error) => show("Error", errorMessage(error)) })}
          >
            Download
          </Button>
        );
      },
    },
  ];

  return (
    <Box sx={{ display: "grid", gap: 3, maxWidth: 960 }}>
      <Paper variant="outlined" component="section" aria-labelledby="backup-heading" sx={{ p: 3 }}>
        <Typography id="backup-heading" variant="h6" component="h2" gutterBottom>
          Back Up
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
          Saves the whole database and every uploaded file (images, rate sheets, logos) as one archive in the server's
          backups folder. Keep a copy somewhere else: download it below.
        </Typography>
        <Button
          variant="contained"
          size="large"
          startIcon={create.isPending ? <CircularProgress size={20} color="inherit" /> : <BackupIcon />}
          disabled={create.isPending}
          onClick={backUp}
        >
          Back Up
        </Button>
        {create.isPending ? (
          <Box sx={{ mt: 2 }} role="status">
            <LinearProgress aria-label="Backing up" />
            <Typography variant="body2" sx={{ mt: 1, color: "text.secondary" }}>
              Backing up the database and the uploaded files. On a large database this takes a while; keep this page
              open.
            </Typography>
          </Box>
        ) : null}
        {created && !create.isPending ? (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="backup-message">
            {created}
          </Alert>
        ) : null}
      </Paper>
      <Box component="section" aria-labelledby="backups-heading">
        <Typography id="backups-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Backups
        </Typography>
        <DataTable
          label="Backups"
          columns={columns}
          rows={backups.data}
          rowKey={(row) => row.file}
          loading={backups.isPending}
          error={backups.error}
          onRetry={() => void backups.refetch()}
          emptyMessage="No backups yet. Press Back Up to make the first one."
          pageSizeOptions={PAGE_SIZES}
          defaultPageSize={200}
        />
      </Box>
      <ResultDialog {...dialogProps} />
    </Box>
  );
}
