import CloudDoneOutlinedIcon from "@mui/icons-material/CloudDoneOutlined";
import CloudOffOutlinedIcon from "@mui/icons-material/CloudOffOutlined";
import CloudSyncOutlinedIcon from "@mui/icons-material/CloudSyncOutlined";
import ErrorOutlineIcon from "@mui/icons-material/ReportProblemOutlined";
import { Box, Chip, ListItemText, Menu, MenuItem, type SxProps, type Theme } from "@mui/material";
import { useState } from "react";
import { countOf } from "../../../lib/format";
import type { OutboxState } from "./useOutbox";

/** "Online", "Offline – 3 waiting", "Sending – 3 waiting". */
export function syncLabel(online: boolean, waiting: number): string {
  const queue = waiting > 0 ? ` – ${waiting} waiting` : "";
  if (!online) return `Offline${queue}`;
  return waiting > 0 ? `Sending${queue}` : "Online";
}

/**
 * The top bar's connection and sync state (design 5.4 item 46): online, or offline with the orders
 * waiting in the outbox; orders the server refused get their own red chip with a menu to look at
 * each and send it again.
 */
export function SyncState({ outbox, sx }: { outbox: OutboxState; sx: SxProps<Theme> }) {
  const { online, waiting, failed } = outbox;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const icon = !online ? <CloudOffOutlinedIcon /> : waiting > 0 ? <CloudSyncOutlinedIcon /> : <CloudDoneOutlinedIcon />;
  const tone = !online ? { bgcolor: "error.main", borderColor: "error.main" } : {};
  return (
    <Box sx={{ display: "flex", gap: 1 }}>
      <Chip
        size="small"
        variant="outlined"
        icon={icon}
        label={syncLabel(online, waiting)}
        role="status"
        aria-label="Sync state"
        data-testid="sync-state"
        data-offline-ready={outbox.ready ? "yes" : "no"}
        title={waiting > 0 ? "Orders taken offline wait on this register until the server confirms them" : undefined}
        sx={[sx, tone] as SxProps<Theme>}
      />
      {failed.length > 0 ? (
        <>
          <Chip
            size="small"
            icon={<ErrorOutlineIcon />}
            label={`${countOf(failed.length, "order")} refused`}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={[sx, { bgcolor: "error.main", borderColor: "error.main" }] as SxProps<Theme>}
          />
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {failed.map((entry) => (
              <MenuItem
                key={entry.clientUuid}
                onClick={() => {
                  setAnchor(null);
                  void outbox.retry(entry.clientUuid);
                }}
              >
                <ListItemText
                  primary={`${entry.invoiceNo}: send again`}
                  secondary={entry.error ?? "Refused by the server"}
                />
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Box>
  );
}
