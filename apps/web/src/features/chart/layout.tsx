import { Alert, Box, Button, Paper, Typography } from "@mui/material";
import type { FormEventHandler, ReactNode } from "react";
import { SaveButton as FormSaveButton } from "../../components/FormCard";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";

interface FormPanelProps {
  /** The form's accessible name, also shown as its heading. */
  label: string;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** While the first lists load, a spinner replaces the form (spec section 2). */
  loading?: boolean;
  loadError?: Error | null;
  onRetry?: () => void;
  /** Shown under the form: upload errors and the like. */
  footer?: ReactNode;
}

/** The card every chart form sits in. */
export function FormPanel({
  label,
  description,
  onSubmit,
  children,
  loading = false,
  loadError = null,
  onRetry,
  footer,
}: FormPanelProps) {
  let body: ReactNode;
  if (loading) body = <PageLoader label={`Loading ${label}`} />;
  else if (loadError) {
    body = (
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          ) : undefined
        }
      >
        Could not load the chart of accounts. {errorMessage(loadError)}
      </Alert>
    );
  } else {
    body = (
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={label} sx={{ display: "grid", gap: 1 }}>
        {children}
      </Box>
    );
  }
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 640 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {label}
        </Typography>
        {description ? (
          <Typography variant="body2" component="div" sx={{ color: "text.secondary", mt: 0.5 }}>
            {description}
          </Typography>
        ) : null}
        <Box sx={{ mt: 3 }}>{body}</Box>
      </Paper>
      {footer}
    </Box>
  );
}

/** The form's one SaveButton on a line of its own (the chart forms lay fields out in a grid). */
export function SaveButton(props: { disabled: boolean; busy: boolean; label?: string }) {
  return (
    <Box>
      <FormSaveButton {...props} />
    </Box>
  );
}
