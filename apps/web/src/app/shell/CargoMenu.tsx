import {
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Tooltip,
} from "@mui/material";
import { Fragment } from "react";
import { Link as RouterLink, useLocation } from "react-router";
import { useSession } from "../../lib/session";
import { menuGroups, permittedScreens } from "../screens";

/** The cargo drawer's menu: the user's permitted cargo screens, grouped by module. Icons only when collapsed. */
export function CargoMenu({ open }: { open: boolean }) {
  const session = useSession();
  const { pathname } = useLocation();
  const groups = menuGroups(permittedScreens(session?.permissions ?? [], "cargo"));

  return (
    <List dense component="div" disablePadding>
      {groups.map((group, index) => (
        <Fragment key={group.label}>
          {!open && index > 0 ? <Divider sx={{ my: 0.5 }} /> : null}
          <List
            dense
            aria-label={group.label}
            subheader={
              open ? (
                <ListSubheader sx={{ fontWeight: 700, lineHeight: "32px", bgcolor: "background.paper" }}>
                  {group.label}
                </ListSubheader>
              ) : undefined
            }
            disablePadding
          >
            {group.screens.map((screen) => {
              const Icon = screen.icon;
              const selected = pathname === screen.path;
              return (
                <ListItem key={screen.path} disablePadding>
                  <Tooltip title={open ? "" : screen.menu.item} placement="right">
                    <ListItemButton
                      component={RouterLink}
                      to={screen.path}
                      selected={selected}
                      aria-current={selected ? "page" : undefined}
                      aria-label={open ? undefined : screen.menu.item}
                      sx={{ minHeight: 40, px: 2.5, mx: 1, borderRadius: 1 }}
                    >
                      <ListItemIcon sx={{ minWidth: 0, mr: open ? 2 : 0, justifyContent: "center" }}>
                        <Icon fontSize="small" />
                      </ListItemIcon>
                      {open ? <ListItemText primary={screen.menu.item} /> : null}
                    </ListItemButton>
                  </Tooltip>
                </ListItem>
              );
            })}
          </List>
        </Fragment>
      ))}
    </List>
  );
}
