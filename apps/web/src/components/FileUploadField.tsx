import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Box, Button, FormControl, FormHelperText, FormLabel, LinearProgress, Typography } from "@mui/material";
import { useEffect, useId, useRef } from "react";

interface FileUploadFieldProps {
  label: string;
  /** The input's accept list, e.g. ".csv,.xlsx". */
  accept?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Percent sent while an upload runs (0-100), or null when none runs. */
  progress?: number | null;
  disabled?: boolean;
  required?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
}

const sizeOf = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * A labelled file chooser with the chosen file's name and size and, while it is sent, a progress
 * bar. The native input stays in the page (visually hidden), so its label finds it and tests can
 * set files on it; the Choose file button is the keyboard's way in.
 */
export function FileUploadField({
  label,
  accept,
  file,
  onChange,
  progress = null,
  disabled = false,
  required = false,
  error,
  helperText,
}: FileUploadFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const input = useRef<HTMLInputElement>(null);

  // A form that clears its file (after a save) clears the native input too, so the same file can be chosen again.
  useEffect(() => {
    if (file === null && input.current) input.current.value = "";
  }, [file]);

  return (
    <FormControl fullWidth required={required} error={error !== undefined} disabled={disabled}>
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
        <Typography variant="body2" sx={{ color: file ? "text.primary" : "text.secondary" }} aria-live="polite">
          {file ? `${file.name} (${sizeOf(file.size)})` : "No file chosen"}
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
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
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
        </Box>
      ) : null}
      <FormHelperText id={helperId}>{error ?? helperText ?? " "}</FormHelperText>
    </FormControl>
  );
}
