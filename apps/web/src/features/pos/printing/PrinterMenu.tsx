import PrintOutlinedIcon from "@mui/icons-material/PrintOutlined";
import { Chip, Divider, ListItemText, Menu, MenuItem } from "@mui/material";
import { useId, useState } from "react";
import { devicePrinters, useDevicePrinter } from "./device-printer";
import { testPageBytes } from "./escpos";
import type { PrinterRole, PrinterState } from "./printer-store";
import { SERIAL_BAUDS } from "./transport";

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
  const [speedAnchor, setSpeedAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const speedMenuId = useId();
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
        {state.kind === "serial" && state.baudRate !== null ? (
          <MenuItem
            aria-haspopup="menu"
            aria-controls={speedAnchor ? speedMenuId : undefined}
            onClick={() => {
              setSpeedAnchor(anchor);
              setAnchor(null);
            }}
          >
            <ListItemText
              primary={`Speed: ${state.baudRate} baud`}
              secondary="Garbled receipts? Choose the printer's speed"
            />
          </MenuItem>
        ) : null}
        {known ? <MenuItem onClick={() => run(() => devicePrinters.forget(role))}>Forget printer</MenuItem> : null}
      </Menu>
      <Menu
        id={speedMenuId}
        slotProps={{ list: { "aria-label": "Serial printer speed" } }}
        anchorEl={speedAnchor}
        open={speedAnchor !== null}
        onClose={() => setSpeedAnchor(null)}
      >
        {SERIAL_BAUDS.map((rate) => (
          <MenuItem
            key={rate}
            selected={rate === state.baudRate}
            onClick={() => {
              setSpeedAnchor(null);
              void devicePrinters.setBaudRate(role, rate).catch(() => undefined);
            }}
          >
            {rate} baud
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
