import { Alert, Box, Button, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { errorMessage } from "../lib/api";

/** A failed report fetch, with Retry. */
export function ReportError({
  error,
  onRetry,
  what = "this report",
}: {
  error: Error;
  onRetry: () => void;
  what?: string;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      Could not load {what}. {errorMessage(error)}
    </Alert>
  );
}

export interface Figure {
  label: string;
  value: ReactNode;
  testId: string;
}

interface FiguresProps {
  /** What the report is about (an account); `label` names it for readers of the code only. */
  heading: Figure;
  /** The period or date under the heading. */
  subheading: Figure;
  figures: readonly Figure[];
  /** Buttons at the top right (PDF, XLSX). */
  action?: ReactNode;
}

/** A report's heading (account and period) and its headline figures (balances, totals). */
export function Figures({ heading, subheading, figures, action }: FiguresProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" data-testid={heading.testId}>
            {heading.value}
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid={subheading.testId}>
            {subheading.value}
          </Typography>
        </Box>
        {action ? <Box sx={{ flexShrink: 0 }}>{action}</Box> : null}
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(170px, 1fr))" }}>
        {figures.map((figure) => (
          <Box key={figure.testId}>
            <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
              {figure.label}
            </Typography>
            <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600 }} data-testid={figure.testId}>
              {figure.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
