import { RATE_LOGS_PAGE_SIZE, type RateLog } from "@cargodesk/shared";
import DownloadIcon from "@mui/icons-material/Download";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Box, Button, Typography } from "@mui/material";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { useCan } from "../../lib/hooks";
import { useDownloadRateFile, useRateLogs } from "./api";
import { RATE_PERMISSIONS, RATE_ROUTES } from "./paths";

/** /cargo/rate/rate_logs: every uploaded sheet, newest first, 50 a page from the server, with its original file. */
export default function RateLogsPage() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(RATE_LOGS_PAGE_SIZE);
  const logs = useRateLogs(page, size);
  const download = useDownloadRateFile();
  const result = useResultDialog();
  const canUpload = useCan(RATE_PERMISSIONS.upload);

  const columns: Column<RateLog>[] = [
    { key: "date", header: "Date", nowrap: true, render: (log) => log.date },
    { key: "shipment_type", header: "Shipment Type", render: (log) => log.shipment_type },
    {
      key: "service",
      header: "Service",
      render: (log) => (log.type ? `${log.service_type.name} (${log.type})` : log.service_type.name),
    },
    {
      key: "path",
      header: "Path",
      render: (log) => (
        <Typography component="code" variant="caption" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
          {log.path}
        </Typography>
      ),
    },
    {
      key: "file",
      header: "File",
      render: (log) => (
        <>
          <Box
            component="span"
            title={log.original_name}
            sx={{ display: "block", whiteSpace: "nowrap", maxWidth: 220, overflow: "hidden", textOverflow: "ellipsis" }}
          >
            {log.original_name}
          </Box>
          <Typography component="span" variant="caption" sx={{ color: "text.secondary" }}>
            {log.row_count} bands
          </Typography>
        </>
      ),
    },
    {
      key: "uploaded",
      header: "Uploaded",
      render: (log) => (
        <>
          <Box component="span" sx={{ display: "block", whiteSpace: "nowrap" }}>
            {formatDateTime(log.uploaded_at)}
          </Box>
          <Typography component="span" variant="caption" sx={{ color: "text.secondary" }}>
            {log.uploaded_by ?? ""}
          </Typography>
        </>
      ),
    },
    {
      key: "download",
      header: "Download",
      align: "right",
      render: (log) => (
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          aria-label={`Download ${log.original_name} of ${log.date}`}
          disabled={download.isPending && download.variables?.id === log.id}
          onClick={() =>
            download.mutate(
              { id: log.id, name: log.original_name },
              { onError: (error) => result.show("Error", errorMessage(error)) },
            )
          }
        >
          Download
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label="Rate Logs"
        columns={columns}
        rows={logs.data?.result}
        rowKey={(log) => log.id}
        server={{
          total: logs.data?.total_results ?? 0,
          page,
          pageSize: size,
          onPageChange: setPage,
          onPageSizeChange: (next) => {
            setSize(next);
            setPage(0);
          },
        }}
        loading={logs.isPending}
        fetching={logs.isFetching}
        error={logs.error}
        onRetry={() => void logs.refetch()}
        emptyMessage="No rate sheet has been uploaded yet."
        toolbar={
          canUpload ? (
            <Button component={RouterLink} to={RATE_ROUTES.upload} startIcon={<UploadFileIcon />} variant="outlined">
              Upload Rate
            </Button>
          ) : undefined
        }
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
