import DescriptionOutlinedIcon from "@mui/icons-material/DescriptionOutlined";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import { Button, CircularProgress, Stack } from "@mui/material";
import { errorMessage } from "../lib/api";
import { type FileFormat, type ReportFileRequest, useReportFile } from "../lib/report-files";
import { ResultDialog } from "./ResultDialog";

interface ReportFileButtonsProps {
  /** What to export; null disables the buttons. */
  request: ReportFileRequest | null;
  formats?: readonly FileFormat[];
  /** Download the PDF instead of opening it in a new window. */
  downloadPdf?: boolean;
}

const LABEL: Record<FileFormat, string> = { pdf: "PDF", xlsx: "XLSX" };

/** PDF and XLSX buttons for a report shown on screen: the server renders the same rows as a file. */
export function ReportFileButtons({ request, formats = ["pdf", "xlsx"], downloadPdf = false }: ReportFileButtonsProps) {
  const file = useReportFile();
  return (
    <Stack direction="row" spacing={1}>
      {formats.map((format) => (
        <Button
          key={format}
          variant="outlined"
          disabled={request === null || file.pending !== null}
          onClick={() => request && file.get(request, format, { download: downloadPdf })}
          startIcon={
            file.pending === format ? (
              <CircularProgress size={16} aria-hidden />
            ) : format === "pdf" ? (
              <PictureAsPdfOutlinedIcon />
            ) : (
              <DescriptionOutlinedIcon />
            )
          }
          data-testid={`report-${format}`}
        >
          {LABEL[format]}
        </Button>
      ))}
      <FileErrorDialog error={file.error} onClose={file.reset} />
    </Stack>
  );
}

/** The Error pop-up of a failed PDF or XLSX fetch. */
export function FileErrorDialog({ error, onClose }: { error: Error | null; onClose: () => void }) {
  return (
    <ResultDialog
      open={error !== null}
      title="Error"
      message={`Could not get the file. ${error ? errorMessage(error) : ""}`}
      onClose={onClose}
    />
  );
}
