import { Box, CircularProgress } from "@mui/material";

/** Shown while a page's code or its first data loads. */
export function PageLoader({ label = "Loading" }: { label?: string }) {
  return (
    <Box sx={{ display: "grid", placeItems: "center", minHeight: 240, width: "100%" }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
