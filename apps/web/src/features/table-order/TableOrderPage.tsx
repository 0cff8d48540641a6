import { type PosFloorTable, type PosOrder, perm } from "@cargodesk/shared";
import TableRestaurantOutlinedIcon from "@mui/icons-material/TableRestaurantOutlined";
import { Alert, Box, Button, Chip, Snackbar, Tab, Tabs } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { FullScreenBar } from "../../app/shell/FullScreenBar";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { useCan } from "../../lib/hooks";
import { useHalls } from "../floor/api";
import { TABLE_PERMISSION, TABLE_ROUTES } from "../floor/paths";
import { usePosBootstrap } from "../pos/api";
import { chooseCounter, useRememberedCounter } from "../pos/device";
import { ReceiptDialog } from "../pos/ReceiptDialog";
import { tableOrderKeys, useFloor, useTableStatus } from "./api";
import { CheckPanel } from "./CheckPanel";
import { editorOf, useEditingHints } from "./editing";
import { FloorPlan, Legend } from "./FloorPlan";
import { GuestsDialog } from "./GuestsDialog";
import { useFloorLive } from "./live";
import { MergeDialog, TransferDialog } from "./MoveDialogs";
import { SplitDialog } from "./SplitDialog";
import { type TableAction, TableMenu } from "./TableMenu";

const LIVE_LABEL = { connecting: "Connecting", live: "Live", reconnecting: "Reconnecting", stopped: "Not live" };

type TableDialog =
  | { kind: "guests"; table: PosFloorTable }
  | { kind: "transfer" | "merge" | "split"; table: PosFloorTable; orderId: number };

/**
 * `/table`, Table Order (design 5.4 item 49): the hall's floor plan kept live by the floor stream; a
 * free table is seated (guests), a seated one opens its checks in the register's panel in waiter
 * mode; transfer, merge, split and the reserved / cleaning marks from a table's menu or the check.
 */
export default function TableOrderPage() {
  const [remembered, remember] = useRememberedCounter();
  const bootstrap = usePosBootstrap(remembered);
  const halls = useHalls();
  const canPay = useCan(perm("POS"));
  const canAddTables = useCan(TABLE_PERMISSION);
  const client = useQueryClient();
  const [chosenHall, setHall] = useState<number | null>(null);
  const [open, setOpen] = useState<{ table: PosFloorTable; orderId: number } | null>(null);
  const [menu, setMenu] = useState<{ table: PosFloorTable; anchor: HTMLElement } | null>(null);
  const [dialog, setDialog] = useState<TableDialog | null>(null);
  const [receipt, setReceipt] = useState<PosOrder | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const status = useTableStatus();

  const active = (halls.data?.data ?? [])
    .filter((hall) => hall.active)
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
  const hallId = active.some((hall) => hall.id === chosenHall) ? chosenHall : (active[0]?.id ?? null);
  const floor = useFloor(hallId, hallId !== null);
  const tables = floor.data?.hallId === hallId ? (floor.data?.tables ?? []) : [];
  const editing = useEditingHints();
  const live = useFloorLive(hallId, tables, editing.take);

  if (bootstrap.isPending || halls.isPending) return <PageLoader label="Loading the floor" />;
  const loadError = bootstrap.error ?? halls.error;
  if (loadError || !bootstrap.data)
    return (
      <>
        <FullScreenBar />
        <EmptyState
          titleAs="h2"
          title="The floor could not be loaded"
          description={errorMessage(loadError)}
          action={
            <Button
              variant="contained"
              onClick={() => {
                void bootstrap.refetch();
                void halls.refetch();
              }}
            >
              Try again
            </Button>
          }
        />
      </>
    );
  const menuData = bootstrap.data;
  const counterId = chooseCounter(
    menuData.counters.map((counter) => counter.id),
    remembered,
  );

  const openTable = (table: PosFloorTable) => {
    const [first] = table.orderIds;
    if (first === undefined) return setDialog({ kind: "guests", table });
    setOpen({ table, orderId: first });
  };
  const act = (table: PosFloorTable, action: TableAction, orderId = table.orderIds[0]) => {
    if (action === "open") return openTable(table);
    if (action === "transfer" || action === "merge" || action === "split") {
      if (orderId !== undefined) setDialog({ kind: action, table, orderId });
      return;
    }
    status.mutate(
      { tableId: table.id, override: action },
      { onError: (error) => setNotice({ text: errorMessage(error), error: true }) },
    );
  };
  const showTable = (table: PosFloorTable, orderId: number) => {
    setHall(table.hallId);
    setOpen({ table, orderId });
  };
  const paid = (order: PosOrder) => {
    setReceipt(order);
    void client.invalidateQueries({ queryKey: tableOrderKeys.floors() });
    const rest = open?.table.orderIds.filter((id) => id !== order.id) ?? [];
    const [next] = rest;
    setOpen(open && next !== undefined ? { table: { ...open.table, orderIds: rest }, orderId: next } : null);
  };

  const liveTable = open ? (tables.find((table) => table.id === open.table.id) ?? open.table) : null;
  const body =
    open && liveTable ? (
      <CheckPanel
        key={open.orderId}
        bootstrap={menuData}
        table={liveTable}
        orderId={open.orderId}
        counterId={counterId ?? menuData.counters[0]?.id ?? 0}
        canPay={canPay}
        onCheck={(orderId) => setOpen({ table: liveTable, orderId })}
        onBack={() => setOpen(null)}
        onAction={(action) => setDialog({ kind: action, table: liveTable, orderId: open.orderId })}
        onPaid={paid}
        editor={editorOf(editing.hints, liveTable.id, open.orderId)}
      />
    ) : (
      <>
        <FullScreenBar>
          <Chip
            size="small"
            data-testid="floor-connection"
            data-state={live.state}
            label={LIVE_LABEL[live.state]}
            color={live.state === "live" ? "success" : live.state === "stopped" ? "error" : "warning"}
          />
        </FullScreenBar>
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, px: 2, borderBottom: 1, borderColor: "divider" }}>
          <Tabs
            value={hallId ?? false}
            onChange={(_, value: number) => setHall(value)}
            aria-label="Halls"
            variant="scrollable"
            sx={{ flex: 1, minWidth: 0 }}
          >
            {active.map((hall) => (
              <Tab key={hall.id} value={hall.id} label={hall.name} />
            ))}
          </Tabs>
          <Legend />
        </Box>
        {live.error ? <Alert severity="warning">Live updates stopped: {live.error}</Alert> : null}
        <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", bgcolor: "background.default" }}>
          {floor.isError ? (
            <EmptyState
              titleAs="h2"
              title="The tables could not be loaded"
              description={errorMessage(floor.error)}
              action={
                <Button variant="contained" onClick={() => floor.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : hallId !== null && (floor.isPending || floor.data?.hallId !== hallId) ? (
            <PageLoader label="Loading the tables" />
          ) : tables.length === 0 ? (
            <EmptyState
              titleAs="h2"
              icon={<TableRestaurantOutlinedIcon />}
              title="No tables in this hall: add them in Setting > Restaurant > Tables"
              action={
                canAddTables ? (
                  <Button component={RouterLink} to={TABLE_ROUTES.list} variant="outlined">
                    Tables
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <FloorPlan
              tables={tables}
              readAt={floor.dataUpdatedAt}
              editing={editing.hints}
              onOpen={openTable}
              onMenu={(table, anchor) => setMenu({ table, anchor })}
            />
          )}
        </Box>
      </>
    );

  return (
    <>
      {body}
      {menu ? (
        <TableMenu
          table={menu.table}
          anchor={menu.anchor}
          onPick={(action) => act(menu.table, action)}
          onClose={() => setMenu(null)}
        />
      ) : null}
      {dialog?.kind === "guests" ? (
        <GuestsDialog
          table={dialog.table}
          bootstrap={menuData}
          counterId={counterId}
          onCounter={remember}
          onOpened={(order) => {
            setDialog(null);
            showTable(dialog.table, order.id);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "transfer" ? (
        <TransferDialog
          orderId={dialog.orderId}
          from={dialog.table}
          onDone={(table) => {
            setDialog(null);
            setNotice({ text: `Moved to ${table.name}`, error: false });
            if (open) showTable({ ...table, orderIds: [dialog.orderId] }, dialog.orderId);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "merge" ? (
        <MergeDialog
          orderId={dialog.orderId}
          from={dialog.table}
          onDone={(target) => {
            setDialog(null);
            setNotice({ text: `Merged into ${target.table.name}`, error: false });
            if (open) showTable(target.table, target.orderId);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === "split" ? (
        <SplitDialog
          orderId={dialog.orderId}
          tableName={dialog.table.name}
          onDone={(made) => {
            setDialog(null);
            showTable({ ...dialog.table, orderIds: [...dialog.table.orderIds, made] }, made);
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {receipt ? (
        <ReceiptDialog order={receipt} kind="receipt" autoPrint={false} onClose={() => setReceipt(null)} />
      ) : null}
      <Snackbar
        key={notice?.text}
        open={notice !== null}
        autoHideDuration={4_000}
        onClose={(_, reason) => reason !== "clickaway" && setNotice(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      >
        {notice ? (
          <Alert severity={notice.error ? "error" : "success"} variant="filled" onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
