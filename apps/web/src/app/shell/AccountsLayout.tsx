import HomeOutlinedIcon from "@mui/icons-material/HomeOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import { AppBar, Box, Toolbar, Typography } from "@mui/material";
import { Suspense } from "react";
import { Outlet, useNavigate } from "react-router";
import { Brand } from "../../components/Brand";
import { PageLoader } from "../../components/PageLoader";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/SkipLink";
import { useDocumentTitle } from "../../lib/document-title";
import { signOut } from "../../lib/session";
import { usePageTitle } from "../route-handle";
import { HOME_PATH } from "../screens";
import { AccountMenu } from "./AccountMenu";
import { ACCOUNTS_SIDEBAR_WIDTH, AccountsSidebar } from "./AccountsSidebar";

/** The accounts shell: header with the page heading and account menu, and the 240 px sidebar. */
export default function AccountsLayout() {
  const title = usePageTitle();
  useDocumentTitle(title);
  const navigate = useNavigate();

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <SkipLink />
      <AppBar
        position="fixed"
        color="inherit"
        sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: "divider" }}
      >
        <Toolbar>
          <Box sx={{ width: ACCOUNTS_SIDEBAR_WIDTH - 24, flexShrink: 0 }}>
            <Brand />
          </Box>
          <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }}>
            {title}
          </Typography>
          <AccountMenu
            items={[
              { label: "Home", icon: <HomeOutlinedIcon fontSize="small" />, onClick: () => navigate(HOME_PATH) },
              { label: "Logout", icon: <LogoutIcon fontSize="small" />, onClick: () => signOut("/login") },
            ]}
          />
        </Toolbar>
      </AppBar>
      <AccountsSidebar />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: 3, outline: "none" }}>
        <Toolbar />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
