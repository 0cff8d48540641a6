import CloudUploadOutlinedIcon from "@mui/icons-material/CloudUploadOutlined";
import { Box, Button, CircularProgress, Paper, Typography } from "@mui/material";
import { useState } from "react";
import { FileUploadField } from "../../components/FileUploadField";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { LOGO_ACCEPT, LOGO_MAX_BYTES, useCompanyLogo, useObjectUrl, useUploadLogo } from "./api";
import { LogoFrame } from "./CompanyLogo";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg"]);

/** What is wrong with a chosen file before it is sent; the server checks the content again. */
function fileProblem(file: File): string | undefined {
  if (file.type !== "" && !IMAGE_TYPES.has(file.type)) return "Only .jpg, .jpeg or .png images are accepted";
  if (file.size > LOGO_MAX_BYTES) return "The image is too large (at most 5 MB)";
  return undefined;
}

/** The logo: the stored one, a preview of the chosen file, and Upload Logo with progress. */
export function LogoUpload({ hasLogo }: { hasLogo: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const stored = useCompanyLogo(hasLogo);
  const preview = useObjectUrl(file);
  const upload = useUploadLogo();
  const { show, dialogProps } = useResultDialog();
  const problem = file ? fileProblem(file) : undefined;

  const onUpload = () => {
    if (!file || problem) return;
    upload.mutate(file, {
      onSuccess: (saved) => {
        setFile(null);
        show("Success", saved.message);
      },
      onError: (error) => show("Error", errorMessage(error)),
    });
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
            accept={LOGO_ACCEPT}
            file={file}
            onChange={setFile}
            progress={upload.progress}
            disabled={upload.isPending}
            error={problem}
            helperText="PNG or JPEG, at most 5 MB. It heads every PDF."
          />
          <Box>
            <Button
              variant="contained"
              onClick={onUpload}
              disabled={!file || problem !== undefined || upload.isPending}
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
