import { hasPermission, ORDER_TYPES, POS_ORDER_STATUSES, type PosOrderRow, perm } from "@cargodesk/shared";
import ListAltIcon from "@mui/icons-material/ListAlt";
import TvIcon from "@mui/icons-material/Tv";
import { Box, Button, MenuItem, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { FullScreenBar } from "../../app/shell/FullScreenBar";
import { type Column, DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { FilterField } from "../../components/FilterField";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { SearchField } from "../../components/SearchField";
import { useServerPaging } from "../../components/server-paging";
import { formatDay, toZonedLocal } from "../../lib/dates";
import { money } from "../../lib/format";
import { useDebouncedValue } from "../../lib/hooks";
import { useSession } from "../../lib/session";
import { useVoidReasons } from "../pos/api";
import { useDays } from "../pos-days/api";
import { POS_DAY_PERMISSIONS } from "../pos-days/paths";
import { useOrders, useOutletOptions } from "./api";
import { KitchenChip, ORDER_TYPE_LABELS, OrderStatusChip, STATUS_LABELS } from "./chips";
import { OrderDrawer } from "./OrderDrawer";
import { PickupBoard } from "./PickupBoard";

const time = (iso: string | null) => (iso ? toZonedLocal(iso).slice(11) : "—");

const COLUMNS: Column<PosOrderRow>[] = [
  {
    key: "number",
    header: "Number",
    nowrap: true,
    render: (row) => (
      <>
        {row.number ?? (
          <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
            not paid
          </Typography>
        )}
        {row.late ? " (late)" : ""}
      </>
    ),
  },
  { key: "token", header: "Token", align: "right", render: (row) => <strong>{row.token}</strong> },
  { key: "time", header: "Time", nowrap: true, render: (row) => time(row.paidAt ?? row.openedAt) },
  { key: "type", header: "Type", nowrap: true, render: (row) => ORDER_TYPE_LABELS[row.orderType] },
  { key: "table", header: "Table", render: (row) => row.table?.name ?? "—" },
  { key: "waiter", header: "Waiter", render: (row) => row.waiter?.name ?? "—" },
  { key: "customer", header: "Customer", render: (row) => row.customer?.name ?? "—" },
  { key: "total", header: "Total", align: "right", nowrap: true, render: (row) => money(row.total) },
  { key: "paid", header: "Paid", align: "right", nowrap: true, render: (row) => money(row.paid) },
  { key: "status", header: "Status", render: (row) => <OrderStatusChip status={row.status} /> },
  { key: "kitchen", header: "Kitchen", render: (row) => <KitchenChip status={row.kitchenStatus} /> },
];

interface Filters {
  status: string;
  type: string;
  tableId: string;
  waiterId: string;
  counterId: string;
}

/** The filter's value when it is one of the options, else no filter. */
const oneOf = <T extends string>(options: readonly T[], value: string): T | undefined =>
  options.find((option) => option === value);

const idOf = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/**
 * /order: the day's orders (the open day unless another is chosen), filtered and searched by number
 * or token, each opening its detail; the pickup board for the screen facing customers.
 */
export default function OrderViewPage() {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const held = session?.permissions ?? [];
  const canRefund = hasPermission(held, perm("POS"));
  const readsOutlet = ["POS", "Table Order", "Kitchen Display System"].some((name) => hasPermission(held, perm(name)));
  const readsDays = hasPermission(held, POS_DAY_PERMISSIONS.record);
  const dayId = idOf(params.get("day"));
  const orderId = idOf(params.get("order")) ?? null;
  const board = params.get("board") === "1";

  const [filters, setFilters] = useState<Filters>({ status: "", type: "", tableId: "", waiterId: "", counterId: "" });
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const { page, pageSize, setPage, paging } = useServerPaging(GENERAL_PAGE_SIZES[0]);
  const orders = useOrders(
    {
      businessDayId: dayId,
      status: oneOf(POS_ORDER_STATUSES, filters.status),
      type: oneOf(ORDER_TYPES, filters.type),
      tableId: idOf(filters.tableId),
      waiterId: idOf(filters.waiterId),
      counterId: idOf(filters.counterId),
      q: q || undefined,
      page: page + 1,
      size: pageSize,
    },
    board ? undefined : 15_000,
  );
  const outlet = useOutletOptions(readsOutlet);
  const days = useDays({ size: 60, page: 1 }, readsDays);
  const reasons = useVoidReasons();
  const result = useResultDialog();

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === "") next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key !== "order" },
    );
  const set = (key: keyof Filters) => (value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(0);
  };

  const rows = orders.data?.data;
  const waiters = new Map(
    (rows ?? []).flatMap((row) => (row.waiter ? [[String(row.waiter.id), row.waiter.name]] : [])),
  );
  if (filters.waiterId && !waiters.has(filters.waiterId)) waiters.set(filters.waiterId, `#${filters.waiterId}`);
  const tables = (outlet.data?.halls ?? []).flatMap((hall) =>
    hall.tables.map((table) => [String(table.id), `${hall.name} ${table.name}`] as const),
  );
  const dayOptions = readsDays
    ? (days.data?.data ?? []).map(
        (day) => [String(day.id), `${formatDay(day.businessDate)}${day.status === "open" ? " (open)" : ""}`] as const,
      )
    : [];
  const noDay = orders.data !== undefined && orders.data.businessDayId === null;

  return (
    <>
      <FullScreenBar>
        <Box sx={{ flex: 1 }} />
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          startIcon={board ? <ListAltIcon /> : <TvIcon />}
          onClick={() => setParam("board", board ? null : "1")}
        >
          {board ? "Orders" : "Pickup board"}
        </Button>
      </FullScreenBar>
      {board ? (
        <PickupBoard businessDayId={dayId} />
      ) : (
        <Box sx={{ flex: 1, minHeight: 0, overflow: "auto", p: 2 }}>
          <DataTable
            label="Orders"
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.id}
            loading={orders.isPending}
            fetching={orders.isFetching}
            error={orders.error}
            onRetry={() => void orders.refetch()}
            errorTitle="Could not load the orders."
            emptyMessage={
              noDay ? "No business day is open: choose a day to see its orders." : "No orders match these filters."
            }
            onRowClick={(row) => setParam("order", String(row.id))}
            rowLabel={(row) => `Order ${row.number ?? `token ${row.token}`}`}
            rowTestId={(row) => `order-row-${row.id}`}
            server={paging(orders.data?.total_results ?? 0)}
            pageSizeOptions={GENERAL_PAGE_SIZES}
            maxHeight={null}
            toolbar={
              <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
                <SearchField
                  label="Search number or token"
                  value={search}
                  onChange={(value) => {
                    setSearch(value);
                    setPage(0);
                  }}
                />
                {readsDays ? (
                  <TextField
                    select
                    size="small"
                    label="Business day"
                    value={dayId === undefined ? "" : String(dayId)}
                    onChange={(event) => {
                      setParam("day", event.target.value);
                      setPage(0);
                    }}
                    slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                    sx={{ minWidth: 180 }}
                  >
                    <MenuItem value="">The open day</MenuItem>
                    {dayOptions.map(([value, text]) => (
                      <MenuItem key={value} value={value}>
                        {text}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
                <FilterField
                  label="Status"
                  value={filters.status}
                  onChange={set("status")}
                  options={POS_ORDER_STATUSES.map((status) => [status, STATUS_LABELS[status] ?? status] as const)}
                />
                <FilterField
                  label="Type"
                  value={filters.type}
                  onChange={set("type")}
                  options={ORDER_TYPES.map((type) => [type, ORDER_TYPE_LABELS[type]] as const)}
                />
                {tables.length > 0 ? (
                  <FilterField label="Table" value={filters.tableId} onChange={set("tableId")} options={tables} />
                ) : null}
                <FilterField
                  label="Waiter"
                  value={filters.waiterId}
                  onChange={set("waiterId")}
                  options={[...waiters]}
                />
                {outlet.data ? (
                  <FilterField
                    label="Counter"
                    value={filters.counterId}
                    onChange={set("counterId")}
                    options={outlet.data.counters.map((counter) => [String(counter.id), counter.code] as const)}
                  />
                ) : null}
              </Box>
            }
          />
        </Box>
      )}
      <OrderDrawer
        orderId={orderId}
        onClose={() => setParam("order", null)}
        outlet={outlet.data}
        reasons={reasons.data?.data ?? []}
        canRefund={canRefund}
        onDone={(message) => result.show("Success", message)}
      />
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
