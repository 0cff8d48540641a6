import type { PosBootstrap, PosFloorTable, PosOrder } from "@cargodesk/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import EditNoteIcon from "@mui/icons-material/EditNote";
import TableRestaurantOutlinedIcon from "@mui/icons-material/TableRestaurantOutlined";
import { Box, Button, Chip, Menu, MenuItem, Tab, Tabs, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { FullScreenBar } from "../../app/shell/FullScreenBar";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { useOnline } from "../pos/offline/useOutbox";
import { Register } from "../pos/Register";
import { useCheck } from "./api";
import { useEditingBeacon } from "./editing";

type CheckAction = "transfer" | "merge" | "split";
const MOVE_LABELS: Record<CheckAction, string> = { transfer: "Transfer", merge: "Merge", split: "Split" };

interface CheckPanelProps {
  bootstrap: PosBootstrap;
  table: PosFloorTable;
  orderId: number;
  /** This device's counter, for a check that has none. */
  counterId: number;
  canPay: boolean;
  onCheck: (orderId: number) => void;
  onBack: () => void;
  onAction: (action: CheckAction) => void;
  onPaid: (order: PosOrder) => void;
  /** Who else is changing this check now ("being edited by"), or null. */
  editor: string | null;
}

const noMenu = () => [];
const ignore = () => undefined;

/** The bar over a check: back to the floor, the table, its checks as tabs, and the table actions. */
function CheckBar({
  table,
  orderId,
  onCheck,
  onBack,
  onAction,
  editor,
}: Omit<CheckPanelProps, "bootstrap" | "counterId" | "canPay" | "onPaid">) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const online = useOnline();
  const checks = table.orderIds.includes(orderId) ? table.orderIds : [...table.orderIds, orderId];
  const pick = (action: CheckAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <FullScreenBar>
      <Button color="inherit" startIcon={<ArrowBackIcon />} onClick={onBack} aria-label="Back to the floor">
        Floor
      </Button>
      <Typography component="h2" sx={{ fontWeight: 800, fontSize: 18, whiteSpace: "nowrap" }}>
        Table {table.name}
      </Typography>
      <Tabs
        value={orderId}
        onChange={(_, value: number) => onCheck(value)}
        aria-label="Checks"
        textColor="inherit"
        variant="scrollable"
        scrollButtons={false}
        sx={{ minHeight: 40, "& .MuiTab-root": { minHeight: 40, color: "inherit" }, flexShrink: 1 }}
        slotProps={{ indicator: { sx: { bgcolor: "common.white" } } }}
      >
        {checks.map((id, index) => (
          <Tab key={id} value={id} label={`Check ${index + 1}`} />
        ))}
      </Tabs>
      <Box sx={{ flex: 1 }} />
      {editor ? (
        <Chip
          role="status"
          icon={<EditNoteIcon />}
          label={`${editor} is also editing this check`}
          sx={{ bgcolor: "rgba(255,255,255,0.9)", fontWeight: 600, maxWidth: 280, flexShrink: 1 }}
        />
      ) : null}
      <Button
        color="inherit"
        variant="outlined"
        startIcon={<TableRestaurantOutlinedIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
      >
        Table actions
      </Button>
      {anchor ? (
        <Menu open anchorEl={anchor} onClose={() => setAnchor(null)}>
          {(["transfer", "merge", "split"] as const).map((action) => (
            // Moving checks needs the server's view of both tables (design 6.7): not while offline.
            <MenuItem key={action} disabled={!online} onClick={() => pick(action)}>
              {MOVE_LABELS[action]}
              {online ? "" : " (needs the network)"}
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </FullScreenBar>
  );
}

/**
 * One check of a table in the register's left panel in waiter mode (design 5.4 item 49): the menu,
 * lines, notes, Send and Print bill; Pay only for a waiter who also holds POS.
 */
export function CheckPanel(props: CheckPanelProps) {
  const { bootstrap, orderId, counterId, canPay, onPaid } = props;
  const check = useCheck(orderId);
  const { refetch } = check;
  // The floor's stream changed the table (another device added, fired, billed or moved): read the check again.
  const { total, guests, ready, billPrinted, state } = props.table;
  const seen = `${total}|${guests}|${ready}|${billPrinted}|${state}`;
  const lastSeen = useRef(seen);
  useEffect(() => {
    if (lastSeen.current === seen) return;
    lastSeen.current = seen;
    void refetch();
  }, [seen, refetch]);
  // This device's changes not sent yet: the other devices on the table are told who is editing.
  const [unsent, setUnsent] = useState(false);
  useEditingBeacon(orderId, unsent);
  const bar = <CheckBar {...props} />;
  if (check.isPending) return <PageLoader label="Loading the check" />;
  if (check.isError)
    return (
      <>
        {bar}
        <EmptyState
          titleAs="h2"
          title="The check could not be loaded"
          description={errorMessage(check.error)}
          action={
            <Button variant="contained" onClick={() => check.refetch()}>
              Try again
            </Button>
          }
        />
      </>
    );
  const order = check.data;
  // Paid, merged or voided on another device while it was open here: nothing more to do on it.
  if (order.status !== "open" && order.status !== "billed")
    return (
      <>
        {bar}
        <EmptyState
          titleAs="h2"
          title={`This check is ${order.status} now`}
          description="It was closed on another device. Go back to the floor, or pick another check of the table."
          action={
            <Button variant="contained" onClick={props.onBack}>
              Go to the floor
            </Button>
          }
        />
      </>
    );
  return (
    <Register
      key={order.id}
      bootstrap={bootstrap}
      counterId={order.counterId ?? counterId}
      onCounter={ignore}
      businessDate={order.businessDate}
      onNoSession={ignore}
      menu={noMenu}
      waiter={{ order, bar, canPay, onPaid, onUnsent: setUnsent }}
    />
  );
}
