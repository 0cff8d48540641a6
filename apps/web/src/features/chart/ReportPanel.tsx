import GridOnIcon from "@mui/icons-material/GridOn";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/api";
import { type ChartLevel, type ReportFormat, useDownloadReport } from "./api";

const DESCRIPTIONS: Record<ChartLevel, string> = {
  2: "Every level two group under its class, with its closing balance.",
  3: "Every level three group, grouped by level one and level two.",
  4: "Every account, grouped by level one, two and three, with its closing balance (DR/CR).",
};
const NAMES: Record<ChartLevel, string> = { 2: "Level Two", 3: "Level Three", 4: "Level Four" };

/** A level report: Generate Excel (LevelN.xlsx) and Generate PDF (LevelN.pdf), built by the server. */
export function ReportPanel({ level }: { level: ChartLevel }) {
  const download = useDownloadReport(level);
  const running = download.isPending ? download.variables : null;

  const button = (format: ReportFormat, label: string, icon: ReactNode) => (
    <Button
      variant={format === "pdf" ? "contained" : "outlined"}
      size="large"
      onClick={() => download.mutate(format)}
      disabled={download.isPending}
      startIcon={running === format ? <CircularProgress size={18} color="inherit" aria-hidden /> : icon}
    >
      {label}
    </Button>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
      <Typography variant="h6" component="h2">
        {NAMES[level]} Report
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5 }}>
        {DESCRIPTIONS[level]} The files are named Level{level}.xlsx and Level{level}.pdf.
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3 }}>
        {button("xlsx", "Generate Excel", <GridOnIcon />)}
        {button("pdf", "Generate PDF", <PictureAsPdfIcon />)}
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: 2, minHeight: 48 }}>
        {download.isPending ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Preparing the report…
          </Typography>
        ) : download.isError ? (
          <Alert severity="error">Could not generate the report. {errorMessage(download.error)}</Alert>
        ) : download.isSuccess ? (
          <Alert severity="success">{download.data} downloaded.</Alert>
        ) : null}
      </Box>
    </Paper>
  );
}
