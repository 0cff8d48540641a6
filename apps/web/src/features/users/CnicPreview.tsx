import OpenInFullIcon from "@mui/icons-material/OpenInFull";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { useUser } from "./api";
import { useStoredImage } from "./images";

interface ImageProps {
  label: string;
  path: string | null | undefined;
}

/** One stored CNIC image as a thumbnail; a click opens it full size. */
function CnicImage({ label, path }: ImageProps) {
  const image = useStoredImage(path ?? null);
  const [full, setFull] = useState(false);
  if (!path) {
    return (
      <Box sx={{ p: 2, border: 1, borderColor: "divider", borderRadius: 1, color: "text.secondary" }}>
        <Typography variant="body2">{label}: not uploaded</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: "grid", gap: 0.5, justifyItems: "start" }}>
      <Typography variant="subtitle2">{label}</Typography>
      {image.isLoading ? <CircularProgress size={24} aria-label={`Loading the ${label}`} /> : null}
      {image.error ? <Alert severity="error">{errorMessage(image.error)}</Alert> : null}
      {image.url ? (
        <>
          <Box
            component="button"
            type="button"
            onClick={() => setFull(true)}
            aria-label={`Open the ${label} full size`}
            sx={{ p: 0, border: 1, borderColor: "divider", borderRadius: 1, cursor: "zoom-in", bgcolor: "transparent" }}
          >
            <Box
              component="img"
              src={image.url}
              alt={label}
              sx={{ display: "block", width: 240, maxHeight: 160, objectFit: "contain" }}
            />
          </Box>
          <Button size="small" startIcon={<OpenInFullIcon />} onClick={() => setFull(true)}>
            Full size
          </Button>
          <Dialog open={full} onClose={() => setFull(false)} maxWidth={false} aria-label={label}>
            <DialogTitle>{label}</DialogTitle>
            <DialogContent>
              <Box
                component="img"
                src={image.url}
                alt={`${label}, full size`}
                sx={{ display: "block", maxWidth: "100%" }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setFull(false)} autoFocus>
                Close
              </Button>
            </DialogActions>
          </Dialog>
        </>
      ) : null}
    </Box>
  );
}

/** The CNIC front and back a customer registered with, side by side, for whoever approves them. */
export function CnicPreview({ userId }: { userId: number }) {
  const user = useUser(userId);
  if (user.isPending) return <CircularProgress size={24} aria-label="Loading the CNIC images" />;
  if (user.isError) return <Alert severity="error">{errorMessage(user.error)}</Alert>;
  return (
    <Box role="group" aria-label="CNIC images" sx={{ display: "flex", flexWrap: "wrap", gap: 2, mt: 2 }}>
      <CnicImage label="CNIC front" path={user.data.cnicFrontImage} />
      <CnicImage label="CNIC back" path={user.data.cnicBackImage} />
    </Box>
  );
}
