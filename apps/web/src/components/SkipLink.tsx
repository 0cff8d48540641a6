import { Box } from "@mui/material";

/** The id of each layout's <main>, which the skip link moves to. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * "Skip to content": the first stop of the Tab key, hidden until focused, so keyboard users pass
 * the header and the menu in one key press.
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus the main area itself (the router would otherwise only change the hash).
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        // Off the page until focused (not just above it: full-page captures show fixed elements).
        position: "fixed",
        left: -9999,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: "background.paper",
        color: "primary.main",
        fontWeight: 600,
        boxShadow: 3,
        "&:focus": { left: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}
