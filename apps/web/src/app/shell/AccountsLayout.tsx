import HomeOutlinedIcon from "@mui/icons-material/HomeOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import { AppBar, Box, Divider, Toolbar, Typography } from "@mui/material";
import { Suspense, useState } from "react";
import { Outlet, useNavigate } from "react-router";
import { Brand } from "../../components/Brand";
import { PageLoader } from "../../components/PageLoader";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/SkipLink";
import { useDocumentTitle } from "../../lib/document-title";
import { signOut } from "../../lib/session";
import { usePageTitle } from "../route-handle";
import { HOME_PATH } from "../screens";
import { AccountMenu } from "./AccountMenu";
import { AccountsSidebar } from "./AccountsSidebar";
import { MenuToggle } from "./MenuToggle";
import { useShellSwitch } from "./useShellSwitch";

/** Whether the sidebar is collapsed is remembered in this browser, across pages and reloads. */
const COLLAPSED_KEY = "accountsSidebarCollapsed";

/**
 * The accounts shell: the same dark header as the cargo side (menu button, brand, page heading,
 * account menu) and the 240 px sidebar, which collapses to give the page the whole width.
 */
export default function AccountsLayout() {
  const title = usePageTitle();
  useDocumentTitle(title);
  const navigate = useNavigate();
  const toCargo = useShellSwitch("cargo");
  const [open, setOpen] = useState(() => localStorage.getItem(COLLAPSED_KEY) !== "1");
  const toggle = () =>
    setOpen((current) => {
      localStorage.setItem(COLLAPSED_KEY, current ? "1" : "0");
      return !current;
    });

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, bgcolor: "primary.dark" }}>
        <Toolbar sx={{ gap: 2 }}>
          <MenuToggle open={open} controls="accounts-menu" onToggle={toggle} />
          <Box sx={{ display: { xs: "none", sm: "block" } }}>
            <Brand inverse />
          </Box>
          <Divider
            orientation="vertical"
            flexItem
            sx={{ borderColor: "rgba(255,255,255,0.2)", my: 1.5, display: { xs: "none", sm: "block" } }}
          />
          <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }}>
            {title}
          </Typography>
          <AccountMenu
            inverse
            items={[
              ...toCargo,
              { label: "Home", icon: <HomeOutlinedIcon fontSize="small" />, onClick: () => navigate(HOME_PATH) },
              { label: "Logout", icon: <LogoutIcon fontSize="small" />, onClick: () => signOut("/login") },
            ]}
          />
        </Toolbar>
      </AppBar>
      <AccountsSidebar open={open} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: 3, outline: "none" }}>
        <Toolbar />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
