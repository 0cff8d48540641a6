import ImageOutlinedIcon from "@mui/icons-material/ImageOutlined";
import { Box, Button, CircularProgress, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { FileUploadField } from "../../components/FileUploadField";
import { visuallyHidden } from "../../components/visually-hidden";
import { ApiError, errorMessage } from "../../lib/api";
import { useObjectUrl } from "../../lib/object-url";
import { IMAGE_ACCEPT, isCancelled, useUploadProgress } from "../../lib/upload";
import { imageKindProblem, uploadImage, useStoredImage } from "./images";

/** The server names the field before its message ("image: ..."); the field shows the message alone. */
const uploadProblem = (failure: unknown): string =>
  failure instanceof ApiError && failure.fieldIssues[0] ? failure.fieldIssues[0].message : errorMessage(failure);

interface ImageUploadFieldProps {
  label: string;
  /** The stored image's path (what the form will send), or null. */
  value: string | null;
  onChange: (path: string | null) => void;
  /** Fetch and show the stored image (signed-in forms; a visitor has none to show). */
  showStored: boolean;
  /** Tells the form an upload is running, so it does not save a half-uploaded image. */
  onBusyChange: (busy: boolean) => void;
  required?: boolean;
  /** The form's own message for this field (e.g. a required image missing). */
  error?: string | undefined;
  testId: string;
}

/**
 * One registration image: choosing a file uploads it at once with a progress bar; the frame
 * shows the chosen file, or the stored image fetched with the token.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  showStored,
  onBusyChange,
  required = false,
  error,
  testId,
}: ImageUploadFieldProps) {
  // The file being sent (or refused), and the last file this field uploaded with its path.
  const [chosen, setChosen] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; path: string } | null>(null);
  const { progress, busy, start, cancel, finish } = useUploadProgress();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // The upload stays previewed while its path is the form's value; a form reset clears it.
  const ownUpload = uploaded !== null && value === uploaded.path ? uploaded.file : null;
  const shownFile = busy ? chosen : ownUpload;
  const preview = useObjectUrl(shownFile);
  const stored = useStoredImage(showStored && shownFile === null ? value : null);

  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  // The uploader refuses a file too large or not an image before calling this with null.
  const choose = (next: File | null) => {
    setProblem(undefined);
    setChosen(next);
    if (!next) return;
    uploadImage(next, start())
      .then((path) => {
        setUploaded({ file: next, path });
        setChosen(null);
        onChange(path);
      })
      .catch((failure: unknown) => {
        if (isCancelled(failure)) setChosen(null);
        else setProblem(uploadProblem(failure));
      })
      .finally(finish);
  };

  const remove = () => {
    setChosen(null);
    setProblem(undefined);
    setUploaded(null);
    onChange(null);
  };

  const url = shownFile ? preview : stored.url;
  const caption = busy ? "Uploading" : ownUpload ? "Uploaded" : value ? "Current image" : "No image";

  return (
    <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start" }} data-testid={testId}>
      <Box
        sx={{
          width: 96,
          height: 96,
          flexShrink: 0,
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
          display: "grid",
          placeItems: "center",
          overflow: "hidden",
          bgcolor: "grey.50",
        }}
      >
        {stored.isLoading && !url ? <CircularProgress size={24} aria-label={`Loading ${label}`} /> : null}
        {url ? (
          <Box
            component="img"
            src={url}
            alt={`${label} preview`}
            sx={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }}
          />
        ) : null}
        {!url && !stored.isLoading ? <ImageOutlinedIcon sx={{ fontSize: 40, color: "grey.400" }} aria-hidden /> : null}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <FileUploadField
          label={label}
          accept={IMAGE_ACCEPT}
          file={busy || problem ? chosen : ownUpload}
          onChange={choose}
          progress={progress}
          onCancel={cancel}
          check={imageKindProblem}
          disabled={busy}
          required={required}
          error={problem ?? error}
          helperText={`${caption}. JPG or PNG, at most 5 MB.`}
        />
        {value && !busy ? (
          <Button size="small" onClick={remove} sx={{ mt: -1, minWidth: 0 }}>
            Remove
            {/* Named by content, not aria-label, so the field's label finds only its input. */}
            <Box component="span" sx={visuallyHidden}>
              {` ${label}`}
            </Box>
          </Button>
        ) : null}
        {stored.error && shownFile === null ? (
          <Typography variant="caption" sx={{ color: "error.main", display: "block" }}>
            The current image could not be shown. {errorMessage(stored.error)}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
