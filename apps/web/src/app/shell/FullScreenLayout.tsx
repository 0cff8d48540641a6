import { Box } from "@mui/material";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../../components/PageLoader";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/SkipLink";
import { useDocumentTitle } from "../../lib/document-title";
import { usePageTitle } from "../route-handle";

/**
 * The full-screen shell of the POS, Order View, Kitchen Display and Table Order (design D14): no
 * sidebar and no page padding, the whole window for the screen, which draws its own top bar with
 * `FullScreenBar` (a register's bar shows its counter and cashier, a kitchen's its station).
 */
export default function FullScreenLayout() {
  useDocumentTitle(usePageTitle());
  return (
    <Box sx={{ height: "100dvh", display: "flex", flexDirection: "column", overflow: "hidden" }}>
      <SkipLink />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", outline: "none" }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
