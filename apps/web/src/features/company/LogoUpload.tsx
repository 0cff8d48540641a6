import CloudUploadOutlinedIcon from "@mui/icons-material/CloudUploadOutlined";
import { Box, Button, CircularProgress, Paper, Typography } from "@mui/material";
import { useState } from "react";
import { FileUploadField } from "../../components/FileUploadField";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { useObjectUrl } from "../../lib/object-url";
import { IMAGE_ACCEPT, isCancelled, useUploadProgress } from "../../lib/upload";
import { useCompanyLogo, useUploadLogo } from "./api";
import { LogoFrame } from "./CompanyLogo";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg"]);

/** A chosen file that is not a PNG or JPEG image; the uploader checks the size, the server the content. */
const imageTypeProblem = (file: File): string | undefined =>
  file.type !== "" && !IMAGE_TYPES.has(file.type) ? "Only .jpg, .jpeg or .png images are accepted" : undefined;

/** The logo: the stored one, a preview of the chosen file, and Upload Logo with progress. */
export function LogoUpload({ hasLogo }: { hasLogo: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const stored = useCompanyLogo(hasLogo);
  const preview = useObjectUrl(file);
  const upload = useUploadLogo();
  const progress = useUploadProgress();
  const { show, dialogProps } = useResultDialog();

  const onUpload = () => {
    if (!file) return;
    upload.mutate(
      { file, tracking: progress.start() },
      {
        onSuccess: (saved) => {
          setFile(null);
          show("Success", saved.message);
        },
        onError: (error) => {
          if (!isCancelled(error)) show("Error", errorMessage(error));
        },
        onSettled: progress.finish,
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="company-logo-heading">
      <Typography id="company-logo-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        Logo
      </Typography>
      <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap", alignItems: "flex-start" }}>
        <LogoFrame
          url={preview ?? stored.url}
          loading={!preview && stored.isLoading}
          alt={preview ? "Chosen logo preview" : "Company logo"}
          caption={preview ? "Preview (not uploaded yet)" : "Current logo"}
          testId="company-logo-preview"
        />
        <Box sx={{ flex: 1, minWidth: 260, display: "grid", gap: 1 }}>
          <FileUploadField
            label="Logo image"
            accept={IMAGE_ACCEPT}
            file={file}
            onChange={setFile}
            progress={progress.progress}
            onCancel={progress.cancel}
            check={imageTypeProblem}
            disabled={upload.isPending}
            helperText="PNG or JPEG, at most 5 MB. It heads every PDF."
          />
          <Box>
            <Button
              variant="contained"
              onClick={onUpload}
              disabled={!file || upload.isPending}
              startIcon={
                upload.isPending ? (
                  <CircularProgress size={16} color="inherit" aria-hidden />
                ) : (
                  <CloudUploadOutlinedIcon />
                )
              }
            >
              Upload Logo
            </Button>
          </Box>
        </Box>
      </Box>
      <ResultDialog {...dialogProps} />
    </Paper>
  );
}
