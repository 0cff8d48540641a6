import SaveIcon from "@mui/icons-material/Save";
import { Box, Button, CircularProgress, Paper, Typography } from "@mui/material";
import type { FormEventHandler, ReactNode } from "react";

interface FormCardProps {
  /** The form's accessible name (the page heading in the top bar says the same). */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** Save and any other buttons, in a row under the fields. */
  actions: ReactNode;
  /** Wider for the sender and receiver forms, which lay their fields out in two columns. */
  wide?: boolean;
  /** Said after "Fields marked * are required." (what saving also does). */
  note?: string;
}

/** The card every master-data form sits in. */
export function FormCard({ label, onSubmit, children, actions, wide = false, note }: FormCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: wide ? 960 : 560 }}>
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 3 }}>
        Fields marked * are required.{note ? ` ${note}` : ""}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={label}>
        <Box
          sx={{
            display: "grid",
            columnGap: 2,
            rowGap: 1,
            gridTemplateColumns: wide ? { xs: "1fr", md: "1fr 1fr" } : "1fr",
          }}
        >
          {children}
        </Box>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mt: 2 }}>{actions}</Box>
      </Box>
    </Paper>
  );
}

/** The submit button: disabled while the form is incomplete or wrong, spinning while the save runs. */
export function SaveButton({ disabled, busy, label = "Save" }: { disabled: boolean; busy: boolean; label?: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={disabled || busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SaveIcon />}
      sx={{ minWidth: 140 }}
    >
      {label}
    </Button>
  );
}

/** A grid cell spanning both columns of a wide form. */
export function FullRow({ children }: { children: ReactNode }) {
  return <Box sx={{ gridColumn: "1 / -1" }}>{children}</Box>;
}
