import LogoutIcon from "@mui/icons-material/Logout";
import { AppBar, Box, Divider, Drawer, Toolbar, Typography, useMediaQuery } from "@mui/material";
import { styled, type Theme } from "@mui/material/styles";
import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import { Brand } from "../../components/Brand";
import { PageLoader } from "../../components/PageLoader";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/SkipLink";
import { useDocumentTitle } from "../../lib/document-title";
import { signOut } from "../../lib/session";
import { usePageTitle } from "../route-handle";
import { AccountMenu } from "./AccountMenu";
import { CargoMenu } from "./CargoMenu";
import { MenuToggle } from "./MenuToggle";
import { useShellSwitch } from "./useShellSwitch";

const CARGO_DRAWER_WIDTH = 290;
const COLLAPSED_WIDTH = 72;

const widthTransition = (theme: Theme) =>
  theme.transitions.create("width", { easing: theme.transitions.easing.sharp, duration: 200 });

const CargoDrawer = styled(Drawer, { shouldForwardProp: (prop) => prop !== "open" })<{ open: boolean }>(
  ({ theme, open }) => {
    const width = open ? CARGO_DRAWER_WIDTH : COLLAPSED_WIDTH;
    return {
      width,
      flexShrink: 0,
      whiteSpace: "nowrap",
      transition: widthTransition(theme),
      "& .MuiDrawer-paper": { width, overflowX: "hidden", transition: widthTransition(theme), boxSizing: "border-box" },
    };
  },
);

/** The cargo shell: a fixed top bar with the page title and Logout, and a collapsible 290 px drawer. */
export default function CargoLayout() {
  const title = usePageTitle();
  useDocumentTitle(title);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("md"), { noSsr: true });
  const [open, setOpen] = useState(wide);
  const toAccounts = useShellSwitch("accounts");

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, bgcolor: "primary.dark" }}>
        <Toolbar sx={{ gap: 2 }}>
          <MenuToggle open={open} controls="cargo-menu" onToggle={() => setOpen((current) => !current)} />
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
              ...toAccounts,
              { label: "Logout", icon: <LogoutIcon fontSize="small" />, onClick: () => signOut("/cargo-login") },
            ]}
          />
        </Toolbar>
      </AppBar>
      <CargoDrawer variant="permanent" open={open}>
        <Toolbar />
        <Box
          component="nav"
          id="cargo-menu"
          aria-label="Cargo menu"
          data-testid="cargo-menu"
          sx={{ py: 1, overflowY: "auto" }}
        >
          <CargoMenu open={open} />
        </Box>
      </CargoDrawer>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: 3, outline: "none" }}>
        <Toolbar />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
