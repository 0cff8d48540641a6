import type { PosBootstrap } from "@cargodesk/shared";
import CloudDoneOutlinedIcon from "@mui/icons-material/CloudDoneOutlined";
import CloudOffOutlinedIcon from "@mui/icons-material/CloudOffOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import PrintOutlinedIcon from "@mui/icons-material/PrintOutlined";
import { Box, Button, Chip, Menu, MenuItem, Typography } from "@mui/material";
import { useId, useState } from "react";
import { FullScreenBar } from "../../app/shell/FullScreenBar";
import { formatDay } from "../../lib/dates";
import { SyncState } from "./offline/SyncState";
import { type OutboxState, useOnline } from "./offline/useOutbox";
import { PrinterMenu, useDevicePrinter } from "./printing";

const chipSx = {
  color: "common.white",
  borderColor: "rgba(255,255,255,0.35)",
  "& .MuiChip-icon": { color: "inherit" },
};

export interface RegisterMenuItem {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * The register's top bar: counter (a picker when the outlet has several), business date, online
 * state, the counter's receipt printer, the register menu (X report, cash in/out, held orders,
 * reprint last) and, at the right, the cashier signed in (the account menu).
 */
export function PosTopBar({
  bootstrap,
  counterId,
  onCounter,
  businessDate,
  menu,
  outbox,
}: {
  bootstrap: PosBootstrap;
  counterId: number;
  onCounter: (counterId: number) => void;
  businessDate: string | null;
  menu: readonly RegisterMenuItem[];
  /** The register's outbox (design 6.7): the connection and sync state replaces the plain online chip. */
  outbox?: OutboxState;
}) {
  const online = useOnline();
  const [counterAnchor, setCounterAnchor] = useState<HTMLElement | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const counter = bootstrap.counters.find((candidate) => candidate.id === counterId);
  const printer = bootstrap.printers.find((candidate) => candidate.id === counter?.receiptPrinterId);
  const several = bootstrap.counters.length > 1;
  // A device printer prints this till's receipts: "PDF receipts" would say otherwise.
  const devicePrinter = useDevicePrinter("receipt");
  const showCounterPrinter = printer !== undefined || devicePrinter.status === "none";

  return (
    <FullScreenBar>
      <Button
        color="inherit"
        onClick={(event) => several && setCounterAnchor(event.currentTarget)}
        aria-label={`Counter ${counter?.code ?? ""}${several ? ", change counter" : ""}`}
        sx={{ fontWeight: 700, minWidth: 0, cursor: several ? "pointer" : "default" }}
      >
        {counter ? `${counter.code} · ${counter.name}` : "Counter"}
      </Button>
      <Menu anchorEl={counterAnchor} open={counterAnchor !== null} onClose={() => setCounterAnchor(null)}>
        {bootstrap.counters.map((candidate) => (
          <MenuItem
            key={candidate.id}
            selected={candidate.id === counterId}
            onClick={() => {
              setCounterAnchor(null);
              onCounter(candidate.id);
            }}
          >
            {candidate.code} · {candidate.name}
          </MenuItem>
        ))}
      </Menu>
      {businessDate ? (
        <Box sx={{ display: "flex", flexDirection: "column", lineHeight: 1.1, ml: 1 }}>
          <Typography variant="caption" sx={{ opacity: 0.75 }}>
            Business date
          </Typography>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="business-date">
            {formatDay(businessDate)}
          </Typography>
        </Box>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {outbox ? (
        <SyncState outbox={outbox} sx={chipSx} />
      ) : (
        <Chip
          size="small"
          variant="outlined"
          icon={online ? <CloudDoneOutlinedIcon /> : <CloudOffOutlinedIcon />}
          label={online ? "Online" : "Offline"}
          sx={{ ...chipSx, ...(online ? {} : { bgcolor: "error.main", borderColor: "error.main" }) }}
        />
      )}
      {showCounterPrinter ? (
        <Chip
          size="small"
          variant="outlined"
          icon={<PrintOutlinedIcon />}
          label={printer ? printer.name : "PDF receipts"}
          title={
            printer
              ? printer.kind === "browser"
                ? "Prints from this browser"
                : `Network printer ${printer.host}:${printer.port}`
              : "No receipt printer: receipts open as PDF"
          }
          sx={{ ...chipSx, display: { xs: "none", sm: "flex" } }}
        />
      ) : null}
      <PrinterMenu purpose="receipt" chipSx={chipSx} />
      <Button
        color="inherit"
        aria-label="Register menu"
        aria-haspopup="menu"
        aria-controls={menuAnchor ? menuId : undefined}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        sx={{ minWidth: 0 }}
      >
        <MoreVertIcon />
      </Button>
      <Menu id={menuId} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {menu.map((item) => (
          <MenuItem
            key={item.label}
            disabled={item.disabled}
            onClick={() => {
              setMenuAnchor(null);
              item.onClick();
            }}
          >
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </FullScreenBar>
  );
}
