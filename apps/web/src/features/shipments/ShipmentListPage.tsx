import { Box, Chip, Link, Typography } from "@mui/material";
import { type ReactNode, useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { SearchField } from "../../components/SearchField";
import { ServerDataTable } from "../../components/ServerDataTable";
import { formatDay } from "../../lib/dates";
import { countOf } from "../../lib/format";
import { useDebouncedValue } from "../master-data/hooks";
import { ActionDialogs, type PendingAction } from "./ActionDialogs";
import { useShipmentPage } from "./api";
import { amountText, kg, placeOf, text } from "./format";
import { viewPath } from "./paths";
import { RowActions, useRowPermissions } from "./RowActions";
import type { PartyPlace, ShipmentRow } from "./schemas";

/** The spec's shipment table: 200 rows a page, options 150 to 1000. */
export const SHIPMENT_PAGE_SIZES = [150, 200, 250, 300, 400, 500, 750, 1000] as const;
const DEFAULT_PAGE_SIZE = 200;

function Caption({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
      {children}
    </Typography>
  );
}

function Party({ party }: { party: PartyPlace | undefined }) {
  if (!party) return <>—</>;
  return (
    <>
      <Typography variant="body2">{party.name}</Typography>
      <Caption>{placeOf(party)}</Caption>
    </>
  );
}

const baseColumns: readonly Column<ShipmentRow>[] = [
  {
    key: "tracking",
    header: "Tracking ID / Date",
    nowrap: true,
    render: (row) => (
      <>
        <Link component={RouterLink} to={viewPath(row.shipment_id)} sx={{ fontWeight: 600 }}>
          {row.tracking_id}
        </Link>
        <Caption>{formatDay(row.shipment_date)}</Caption>
      </>
    ),
  },
  { key: "customer", header: "Customer", render: (row) => text(row.customer_name) },
  { key: "sender", header: "Sender", render: (row) => <Party party={row.shipment_senders[0]} /> },
  { key: "receiver", header: "Receiver", render: (row) => <Party party={row.shipment_receivers[0]} /> },
  {
    key: "service",
    header: "Service",
    render: (row) => (
      <>
        <Typography variant="body2">{text(row.service_type?.name)}</Typography>
        <Caption>{row.shipment_type}</Caption>
      </>
    ),
  },
  {
    key: "pieces",
    header: "Pieces",
    align: "right",
    nowrap: true,
    render: (row) => (
      <>
        <Typography variant="body2">{countOf(row.total_packages, "piece")}</Typography>
        <Caption>{kg(row.total_weight)}</Caption>
      </>
    ),
  },
  {
    key: "amount",
    header: "Amount",
    align: "right",
    nowrap: true,
    render: (row) => amountText(row.total_amount, row.currency?.code),
  },
  {
    key: "status",
    header: "Status",
    render: (row) => (
      <>
        {row.track_status ? <Chip size="small" label={row.track_status} /> : "—"}
        <Caption>{row.voucher_number ? `Voucher ${row.voucher_number}` : "Not posted"}</Caption>
      </>
    ),
  },
];

/**
 * Shipment Details: the server-paged, searched shipment table. Each row's actions show only with
 * their permission (the server enforces them too); the list reloads after each change.
 */
export default function ShipmentListPage() {
  const allowed = useRowPermissions();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const query = useDebouncedValue(search.trim());
  const list = useShipmentPage({ page: page + 1, size: pageSize, search: query });
  const total = list.data?.total_results ?? 0;

  const columns = useMemo<readonly Column<ShipmentRow>[]>(() => {
    if (!allowed.any) return baseColumns;
    return [
      ...baseColumns,
      {
        key: "actions",
        header: "Actions",
        align: "center",
        render: (row) => (
          <RowActions row={row} allowed={allowed} onAction={(action, target) => setPending({ action, row: target })} />
        ),
      },
    ];
  }, [allowed]);

  return (
    // Narrower cell padding keeps every column in view beside the open drawer at 1280 px.
    <Box sx={{ display: "grid", gap: 2, "& .MuiTableCell-sizeSmall": { px: 1 } }}>
      <ServerDataTable
        label="Shipment Details"
        columns={columns}
        rows={list.data?.data}
        rowKey={(row) => row.shipment_id}
        total={total}
        page={page}
        pageSize={pageSize}
        pageSizeOptions={SHIPMENT_PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyMessage={query ? "No shipment matches your search." : "No shipments yet."}
        toolbar={
          <>
            <SearchField
              label="Search shipments"
              value={search}
              onChange={(value) => {
                setSearch(value);
                setPage(0);
              }}
            />
            <ResultCount shown={list.data?.total_results} total={list.data?.total_results} singular="shipment" />
          </>
        }
      />
      <ActionDialogs pending={pending} onDone={() => setPending(null)} />
    </Box>
  );
}
