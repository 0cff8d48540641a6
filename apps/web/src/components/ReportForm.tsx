import { Box, Paper, Typography } from "@mui/material";
import type { FormEvent, ReactNode } from "react";

interface ReportFormProps {
  /** The form's accessible name. */
  label: string;
  hint?: string;
  onSubmit: (event: FormEvent) => void;
  /** The fields, laid out in a grid of `columns`. */
  children: ReactNode;
  /** The buttons, right-aligned under the fields. */
  actions: ReactNode;
  columns?: 2 | 3 | 4;
}

/** The criteria panel of a report screen: fields in a grid, buttons underneath. */
export function ReportForm({ label, hint, onSubmit, children, actions, columns = 3 }: ReportFormProps) {
  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={onSubmit} aria-label={label} sx={{ p: 3 }}>
      {hint ? (
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
          {hint}
        </Typography>
      ) : null}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: `repeat(${columns}, minmax(0, 1fr))` },
        }}
      >
        {children}
      </Box>
      <Box sx={{ display: "flex", justifyContent: "flex-end", flexWrap: "wrap", gap: 1.5, mt: 1 }}>{actions}</Box>
    </Paper>
  );
}
