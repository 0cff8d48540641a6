import BusinessIcon from "@mui/icons-material/Business";
import { Box, CircularProgress, Typography } from "@mui/material";

interface LogoFrameProps {
  /** An image URL (the stored logo's blob URL or a chosen file's), or null for the placeholder. */
  url: string | null;
  loading?: boolean;
  alt: string;
  caption?: string;
  testId?: string;
}

/** A fixed-size frame showing a logo, a spinner while it loads, or a "No logo" placeholder. */
export function LogoFrame({ url, loading = false, alt, caption, testId }: LogoFrameProps) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1 }}>
      <Box
        sx={{
          width: 160,
          height: 160,
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
          display: "grid",
          placeItems: "center",
          overflow: "hidden",
          bgcolor: "grey.50",
        }}
      >
        {loading ? <CircularProgress size={28} aria-label="Loading the logo" /> : null}
        {!loading && url ? (
          <Box
            component="img"
            src={url}
            alt={alt}
            data-testid={testId}
            sx={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }}
          />
        ) : null}
        {!loading && !url ? (
          <Box sx={{ textAlign: "center", color: "text.secondary" }}>
            <BusinessIcon sx={{ fontSize: 48, color: "grey.400" }} aria-hidden />
            <Typography variant="body2">No logo</Typography>
          </Box>
        ) : null}
      </Box>
      {caption ? (
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {caption}
        </Typography>
      ) : null}
    </Box>
  );
}
