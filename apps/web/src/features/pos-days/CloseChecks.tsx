import type { DayClosePreview } from "@cargodesk/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import WarningIcon from "@mui/icons-material/Warning";
import { Box, Link, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable } from "../../components/DataTable";
import { formatInstant } from "../../lib/dates";
import { money } from "../../lib/format";

/** Day Close's checklist steps and the tables of its checks (open orders, devices, kitchen tickets). */

const ORDER_VIEW = "/order";

type State = "ok" | "warning" | "blocked";
const STATE_ICON: Record<State, ReactNode> = {
  ok: <CheckCircleIcon color="success" aria-label="Done" />,
  warning: <WarningIcon color="warning" aria-label="Warning" />,
  blocked: <ErrorIcon color="error" aria-label="Blocks the close" />,
};

/** One step of the checklist: its number, title, state and what to do. */
export function Step({
  step,
  title,
  state,
  children,
}: {
  step: number;
  title: string;
  state: State;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", mb: 1.5 }}>
        {STATE_ICON[state]}
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          {step}. {title}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

type OpenOrder = DayClosePreview["openOrders"][number];
export const ORDER_COLUMNS: Column<OpenOrder>[] = [
  {
    key: "order",
    header: "Order",
    render: (row) => (
      <Link component={RouterLink} to={`${ORDER_VIEW}?order=${row.id}`}>
        {row.order}
      </Link>
    ),
  },
  { key: "type", header: "Type", render: (row) => row.orderType.replace("_", "-") },
  { key: "table", header: "Table", render: (row) => row.table ?? "—" },
  { key: "status", header: "Status", render: (row) => row.status },
  { key: "total", header: "Total", align: "right", render: (row) => money(row.total) },
  { key: "opened", header: "Opened", nowrap: true, render: (row) => formatInstant(row.openedAt) },
];

type Device = DayClosePreview["devices"][number];
export const DEVICE_COLUMNS: Column<Device>[] = [
  { key: "device", header: "Device", render: (row) => row.deviceId },
  { key: "seen", header: "Last seen", nowrap: true, render: (row) => formatInstant(row.lastSeenAt) },
  { key: "orders", header: "Orders sent", align: "right", render: (row) => row.orders },
  { key: "waiting", header: "Waiting to sync", align: "right", render: (row) => row.waiting },
];

type Ticket = DayClosePreview["kitchen"][number];
export const KITCHEN_COLUMNS: Column<Ticket>[] = [
  { key: "order", header: "Order", render: (row) => row.order },
  { key: "station", header: "Station", render: (row) => row.station },
  { key: "status", header: "Status", render: (row) => row.status },
  { key: "created", header: "Sent", nowrap: true, render: (row) => formatInstant(row.createdAt) },
];

export function SmallTable<T extends { id?: number; deviceId?: string }>({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id ?? row.deviceId ?? ""}
      paged={false}
      maxHeight={320}
    />
  );
}
