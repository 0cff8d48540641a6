import PrintOutlinedIcon from "@mui/icons-material/PrintOutlined";
import { Chip, Divider, ListItemText, Menu, MenuItem } from "@mui/material";
import { useId, useState } from "react";
import { devicePrinters, useDevicePrinter } from "./device-printer";
import { testPageBytes } from "./escpos";
import type { PrinterRole, PrinterState } from "./printer-store";

const ROLE_NAMES: Record<PrinterRole, string> = { receipt: "Receipt printer", label: "Label printer" };

/** "Connected", "Not connected" or "Error", as the chip and the menu say it. */
export function printerStatusText(state: PrinterState): string {
  if (state.status === "connected") return "Connected";
  if (state.status === "connecting") return "Connecting…";
  if (state.status === "error") return "Error";
  if (state.status === "not_connected") return "Not connected";
  return "No device printer";
}

/**
 * A device printer's chip and menu: connect a USB (WebUSB) or serial (WebSerial) printer where the
 * browser has them, its state, a test print, reconnect and forget. Used in the register's top bar
 * (receipt printer) and on the barcode screen (label printer).
 */
export function PrinterMenu({
  purpose: role,
  chipSx,
  testPage = true,
}: {
  /** Which of this browser's printers: the receipt printer or the label printer. */
  purpose: PrinterRole;
  chipSx?: object;
  /** A test page in ESC/POS: for receipt printers (a TSPL label printer would print it as text). */
  testPage?: boolean;
}) {
  const state = useDevicePrinter(role);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { usb, serial } = state.supports;
  const known = state.status !== "none";
  const run = (action: () => Promise<void>) => {
    setAnchor(null);
    void action().catch(() => undefined);
  };
  const label =
    state.status === "none" ? ROLE_NAMES[role] : `${state.name ?? ROLE_NAMES[role]} · ${printerStatusText(state)}`;
  const colours =
    state.status === "error"
      ? { bgcolor: "error.main", borderColor: "error.main", color: "common.white" }
      : state.status === "connected"
        ? { bgcolor: "success.main", borderColor: "success.main", color: "common.white" }
        : {};

  return (
    <>
      <Chip
        size="small"
        variant="outlined"
        icon={<PrintOutlinedIcon />}
        label={label}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`${ROLE_NAMES[role]}: ${printerStatusText(state)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        title={state.error ?? undefined}
        data-testid={`device-printer-${role}`}
        sx={{ ...chipSx, ...colours, "& .MuiChip-icon": { color: "inherit" } }}
      />
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem disabled sx={{ "&.Mui-disabled": { opacity: 1 } }}>
          <ListItemText
            primary={`${ROLE_NAMES[role]}: ${printerStatusText(state)}`}
            secondary={state.error ?? state.name ?? (usb || serial ? "Attached to this computer" : null)}
            slotProps={{ secondary: { sx: state.error ? { color: "error.main" } : {} } }}
          />
        </MenuItem>
        <Divider />
        {usb ? (
          <MenuItem onClick={() => run(() => devicePrinters.connect(role, "usb"))}>Connect USB printer</MenuItem>
        ) : null}
        {serial ? (
          <MenuItem onClick={() => run(() => devicePrinters.connect(role, "serial"))}>Connect serial printer</MenuItem>
        ) : null}
        {!usb && !serial ? (
          <MenuItem disabled>This browser cannot reach USB or serial printers: use Chrome or Edge</MenuItem>
        ) : null}
        {known && state.status !== "connected" ? (
          <MenuItem onClick={() => run(() => devicePrinters.restore(role))}>Reconnect</MenuItem>
        ) : null}
        {known && testPage ? (
          <MenuItem
            onClick={() =>
              run(() => devicePrinters.print(role, testPageBytes(state.name ?? ROLE_NAMES[role], new Date())))
            }
          >
            Test print
          </MenuItem>
        ) : null}
        {known ? <MenuItem onClick={() => run(() => devicePrinters.forget(role))}>Forget printer</MenuItem> : null}
      </Menu>
    </>
  );
}
