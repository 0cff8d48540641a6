import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Box, Button, FormControl, FormHelperText, FormLabel, LinearProgress, Typography } from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { fileProblem, fileSizeText, SHEET_ACCEPT, UPLOAD_MAX_BYTES, type useUploadProgress } from "../lib/upload";

interface FileUploadFieldProps {
  label: string;
  /** The input's accept list, e.g. ".csv,.xlsx". */
  accept?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Percent sent while an upload runs (0-100), or null when none runs (useUploadProgress's). */
  progress?: number | null;
  /** Offers Cancel upload while one runs. */
  onCancel?: () => void;
  /** Shown once every byte is sent and the server is still working, e.g. "the server is checking every row…". */
  sentText?: string;
  /** Larger files are refused before they are sent, with the reason shown (default: the server's 5 MB). */
  maxBytes?: number;
  /** A further check of a chosen file (its kind); a message refuses it. */
  check?: (file: File) => string | undefined;
  disabled?: boolean;
  required?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
}

/**
 * The one file chooser of every upload: the chosen file's name and size, files too large (or of
 * the wrong kind) refused with the reason before anything is sent, and while it is sent a
 * progress bar with Cancel upload. The native input stays in the page (visually hidden), so its
 * label finds it and tests can set files on it; the Choose file button is the keyboard's way in.
 */
export function FileUploadField({
  label,
  accept,
  file,
  onChange,
  progress = null,
  onCancel,
  sentText,
  maxBytes = UPLOAD_MAX_BYTES,
  check,
  disabled = false,
  required = false,
  error,
  helperText,
}: FileUploadFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const input = useRef<HTMLInputElement>(null);
  // A refused file is shown with its reason; the form never holds it.
  const [refused, setRefused] = useState<{ file: File; problem: string } | null>(null);
  const shown = refused?.file ?? file;

  const choose = (chosen: File | null) => {
    const problem = chosen ? (fileProblem(chosen, maxBytes) ?? check?.(chosen)) : undefined;
    setRefused(chosen && problem ? { file: chosen, problem } : null);
    onChange(problem ? null : chosen);
  };

  // A form that clears its file (after a save) clears the native input too, so the same file can be chosen again.
  useEffect(() => {
    if (file === null && input.current) input.current.value = "";
  }, [file]);

  return (
    <FormControl fullWidth required={required} error={refused !== null || error !== undefined} disabled={disabled}>
      <FormLabel htmlFor={id} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          aria-describedby={helperId}
        >
          Choose file
        </Button>
        <Typography variant="body2" sx={{ color: shown ? "text.primary" : "text.secondary" }} aria-live="polite">
          {shown ? `${shown.name} (${fileSizeText(shown.size)})` : "No file chosen"}
        </Typography>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          required={required}
          tabIndex={-1}
          aria-describedby={helperId}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          style={{
            position: "absolute",
            width: 1,
            height: 1,
            overflow: "hidden",
            clip: "rect(0 0 0 0)",
            whiteSpace: "nowrap",
            border: 0,
            padding: 0,
            margin: -1,
          }}
        />
      </Box>
      {progress !== null ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mt: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label="Upload progress"
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" sx={{ minWidth: 40, textAlign: "right" }}>
            {progress}%
          </Typography>
          {onCancel ? (
            <Button size="small" onClick={onCancel}>
              Cancel upload
            </Button>
          ) : null}
        </Box>
      ) : null}
      {progress === 100 && sentText ? (
        <Typography variant="body2" role="status" sx={{ color: "text.secondary", mt: 1 }}>
          File sent; {sentText}
        </Typography>
      ) : null}
      <FormHelperText id={helperId}>{refused?.problem ?? error ?? helperText ?? " "}</FormHelperText>
    </FormControl>
  );
}

/**
 * The CSV or XLSX sheet of an upload the server checks row by row (rate sheets, master data): its
 * progress and Cancel come from the page's useUploadProgress; `onChoose` clears the last outcome.
 */
export function SheetFileField({
  label,
  file,
  onChoose,
  progress,
  helperText,
}: {
  label: string;
  file: File | null;
  onChoose: (file: File | null) => void;
  progress: ReturnType<typeof useUploadProgress>;
  helperText?: string;
}) {
  return (
    <FileUploadField
      label={label}
      accept={SHEET_ACCEPT}
      file={file}
      onChange={onChoose}
      progress={progress.progress}
      onCancel={progress.cancel}
      sentText="the server is checking every row…"
      disabled={progress.busy}
      required
      helperText={helperText}
    />
  );
}
