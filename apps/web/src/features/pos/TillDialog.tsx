import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { type ReactNode, useId } from "react";

export interface TillSubmit {
  label: string;
  disabled: boolean;
  color?: "primary" | "error";
  onSubmit: () => void;
}

interface TillDialogProps {
  title: ReactNode;
  onClose: () => void;
  /** Given, the content is a form (Enter submits it) and this is its button. */
  submit?: TillSubmit;
  /** The form's accessible name, when it is one. */
  formLabel?: string;
  /** At the left of the buttons: a Remove action or a hint. */
  extra?: ReactNode;
  closeLabel?: "Cancel" | "Close";
  maxWidth?: "xs" | "sm";
  children: ReactNode;
}

/**
 * The register's dialogs share one frame: a labelled title, the content, and Cancel (or Close)
 * beside the one action; with `submit` the content is a form, so Enter works as on a keyboard till.
 */
export function TillDialog({
  title,
  onClose,
  submit,
  formLabel,
  extra,
  closeLabel = submit ? "Cancel" : "Close",
  maxWidth = "xs",
  children,
}: TillDialogProps) {
  const titleId = useId();
  const body = (
    <>
      <DialogContent sx={{ display: "flex", flexDirection: "column", gap: 2, pt: 0.5 }}>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {extra ? <Box sx={{ mr: "auto", display: "flex", alignItems: "center" }}>{extra}</Box> : null}
        <Button onClick={onClose}>{closeLabel}</Button>
        {submit ? (
          <Button type="submit" variant="contained" color={submit.color ?? "primary"} disabled={submit.disabled}>
            {submit.label}
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {submit ? (
        <Box
          component="form"
          aria-label={formLabel}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!submit.disabled) submit.onSubmit();
          }}
        >
          {body}
        </Box>
      ) : (
        body
      )}
    </Dialog>
  );
}
