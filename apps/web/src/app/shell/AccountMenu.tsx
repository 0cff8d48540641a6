import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import DevicesIcon from "@mui/icons-material/Devices";
import { Box, Button, ListItemIcon, ListSubheader, Menu, MenuItem, Typography } from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { displayNameOf, useMe, useSignOutOtherSessions } from "../../features/auth/api";
import { errorMessage } from "../../lib/api";
import { keptDisplayName } from "../../lib/session";

export interface AccountMenuItem {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

/**
 * The top bar's account button: who is signed in, "Sign out other sessions" (every other browser
 * or device signed in as this user), and the shell's menu entries.
 */
export function AccountMenu({ items, inverse = false }: { items: readonly AccountMenuItem[]; inverse?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const me = useMe();
  // Offline (the register), /users/me cannot answer: the name it gave last is shown.
  const name = me.data ? displayNameOf(me.data) : keptDisplayName();
  const signOutOthers = useSignOutOtherSessions();
  const result = useResultDialog();

  return (
    <>
      <Button
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        color="inherit"
        startIcon={<AccountCircleIcon />}
        sx={{ color: inverse ? "common.white" : "text.primary", minWidth: 0 }}
      >
        <Box component="span" sx={{ display: { xs: "none", sm: "inline" }, maxWidth: 200 }} aria-hidden>
          <Typography component="span" noWrap sx={{ fontWeight: 600, fontSize: 14 }}>
            {name}
          </Typography>
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        {me.data ? (
          <ListSubheader sx={{ lineHeight: 1.4, py: 1 }}>
            <Typography component="span" sx={{ display: "block", fontWeight: 600, color: "text.primary" }}>
              {name}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: "block" }}>
              {me.data.email} · {me.data.role}
            </Typography>
          </ListSubheader>
        ) : null}
        <MenuItem
          disabled={signOutOthers.isPending}
          onClick={() => {
            setAnchor(null);
            signOutOthers.mutate(undefined, {
              onSuccess: (answer) => result.show("Success", answer.message),
              onError: (error) => result.show("Error", errorMessage(error)),
            });
          }}
        >
          <ListItemIcon>
            <DevicesIcon fontSize="small" />
          </ListItemIcon>
          Sign out other sessions
        </MenuItem>
        {items.map((item) => (
          <MenuItem
            key={item.label}
            onClick={() => {
              setAnchor(null);
              item.onClick();
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
