import HomeOutlinedIcon from "@mui/icons-material/HomeOutlined";
import {
  Box,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Typography,
} from "@mui/material";
import { Link as RouterLink, useLocation } from "react-router";
import { useSession } from "../../lib/session";
import { availableModules, HOME_PATH, menuGroups } from "../screens";

export const ACCOUNTS_SIDEBAR_WIDTH = 240;

/**
 * The accounts sidebar: each module the user may open, its categories, and their permitted screens.
 * Collapsed, it leaves the whole width to the page (the header's menu button brings it back).
 */
export function AccountsSidebar({ open }: { open: boolean }) {
  const session = useSession();
  const { pathname } = useLocation();
  const modules = availableModules(session?.permissions ?? []);

  const link = (path: string) => ({
    component: RouterLink,
    to: path,
    selected: pathname === path,
    "aria-current": pathname === path ? ("page" as const) : undefined,
  });

  if (!open) return null;
  return (
    <Drawer
      variant="permanent"
      sx={{
        width: ACCOUNTS_SIDEBAR_WIDTH,
        flexShrink: 0,
        "& .MuiDrawer-paper": { width: ACCOUNTS_SIDEBAR_WIDTH, boxSizing: "border-box" },
      }}
    >
      <Toolbar />
      <Box
        component="nav"
        id="accounts-menu"
        aria-label="Accounts menu"
        data-testid="accounts-sidebar"
        sx={{ overflowY: "auto", py: 1 }}
      >
        <List dense disablePadding>
          <ListItem disablePadding>
            <ListItemButton {...link(HOME_PATH)}>
              <ListItemIcon>
                <HomeOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary="Home" />
            </ListItemButton>
          </ListItem>
        </List>
        {modules.map((module) => (
          <List
            key={module.name}
            dense
            subheader={<ListSubheader sx={{ fontWeight: 700, lineHeight: "36px" }}>{module.name}</ListSubheader>}
          >
            {menuGroups(module.screens).map((group) => (
              <li key={group.label}>
                <Typography
                  variant="caption"
                  component="div"
                  sx={{ px: 2, py: 0.5, color: "text.secondary", fontWeight: 600 }}
                >
                  {group.label}
                </Typography>
                <List dense disablePadding aria-label={`${module.name}: ${group.label}`}>
                  {group.screens.map((screen) => {
                    const Icon = screen.icon;
                    return (
                      <ListItem key={screen.path} disablePadding>
                        <ListItemButton {...link(screen.path)} sx={{ pl: 3 }}>
                          <ListItemIcon>
                            <Icon fontSize="small" />
                          </ListItemIcon>
                          <ListItemText primary={screen.menu.item} />
                        </ListItemButton>
                      </ListItem>
                    );
                  })}
                </List>
              </li>
            ))}
          </List>
        ))}
      </Box>
    </Drawer>
  );
}
