import HomeOutlinedIcon from "@mui/icons-material/HomeOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { BrandMark } from "../../components/Brand";
import { signOut } from "../../lib/session";
import { usePageTitle } from "../route-handle";
import { HOME_PATH } from "../screens";
import { AccountMenu } from "./AccountMenu";

/**
 * The top bar of a full-screen screen (FullScreenLayout): Home, the screen's heading, the screen's
 * own status and actions (`children`, laid out in a row), then the account menu. Dense, so a
 * 768 px tall tablet keeps its height for the work.
 */
export function FullScreenBar({ children }: { children?: ReactNode }) {
  const title = usePageTitle();
  const navigate = useNavigate();
  return (
    <AppBar position="static" sx={{ bgcolor: "primary.dark" }}>
      <Toolbar variant="dense" sx={{ gap: 1.5, minHeight: 52 }}>
        <Tooltip title="Home">
          <IconButton component={RouterLink} to={HOME_PATH} aria-label="Home" color="inherit" edge="start">
            <BrandMark sx={{ fontSize: 30 }} />
          </IconButton>
        </Tooltip>
        <Typography variant="h6" component="h1" noWrap sx={{ fontSize: 18 }}>
          {title}
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", alignItems: "center", gap: 1, overflow: "hidden" }}>
          {children}
        </Box>
        <AccountMenu
          inverse
          items={[
            { label: "Home", icon: <HomeOutlinedIcon fontSize="small" />, onClick: () => navigate(HOME_PATH) },
            { label: "Logout", icon: <LogoutIcon fontSize="small" />, onClick: () => signOut("/login") },
          ]}
        />
      </Toolbar>
    </AppBar>
  );
}
