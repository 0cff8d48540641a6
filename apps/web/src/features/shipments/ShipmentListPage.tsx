import { SHIPMENT_BULK_MAX, type ShipmentSort } from "@cargodesk/shared";
import { Box, Button, Checkbox, Chip, FormControlLabel, Link, Typography } from "@mui/material";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link as RouterLink } from "react-router";
import { type Column, DataTable } from "../../components/DataTable";
import { ResultCount } from "../../components/ResultCount";
import { SearchField } from "../../components/SearchField";
import { errorMessage } from "../../lib/api";
import { formatDay } from "../../lib/dates";
import { countOf, kg } from "../../lib/format";
import { useDebouncedValue } from "../../lib/hooks";
import { ActionDialogs, type PendingAction } from "./ActionDialogs";
import { useShipmentPage } from "./api";
import { openWaybillsWindow, useBulkPost, useBulkWaybills } from "./bulk";
import { amountText, placeOf, text } from "./format";
import { viewPath } from "./paths";
import { RowActions, useRowPermissions } from "./RowActions";
import { BulkError, BulkPostResults, ShipmentFilters } from "./ShipmentListTools";
import type { PartyPlace, ShipmentRow } from "./schemas";
import { SHIPMENT_PAGE_SIZES, useListParams } from "./useListParams";

export { SHIPMENT_PAGE_SIZES } from "./useListParams";

/** The columns whose headers sort (the first column sorts by booking date; the Sort by menu also offers tracking id). */
const SORTABLE: readonly ShipmentSort[] = ["date", "customer", "amount", "status"];

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
    key: "date",
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
 * Shipment Details: the server-paged, searched, sorted and filtered shipment table, its state kept
 * in the address. Rows can be chosen for one PDF of their waybills or for posting their charges.
 * Each row's actions show only with their permission (the server enforces them too); the list
 * reloads after each change.
 */
export default function ShipmentListPage() {
  const allowed = useRowPermissions();
  const { state, update } = useListParams();
  const [search, setSearch] = useState(state.search);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [chosen, setChosen] = useState<ReadonlyMap<number, ShipmentRow>>(new Map());
  const [bulkError, setBulkError] = useState<string | null>(null);
  const waybills = useBulkWaybills();
  const bulkPost = useBulkPost();
  const typed = useDebouncedValue(search.trim());
  // Typing settles into the address (only a settled change of the typed text writes it); Back
  // brings another address, whose search goes back into the box.
  const latest = useRef({ state, update });
  latest.current = { state, update };
  useEffect(() => {
    if (typed !== latest.current.state.search) latest.current.update({ search: typed }, { replace: true });
  }, [typed]);
  useEffect(() => setSearch(state.search), [state.search]);
  const list = useShipmentPage({
    page: state.page + 1,
    size: state.size,
    search: state.search,
    sort: state.sort,
    order: state.order,
    from: state.from,
    to: state.to,
    status: state.status,
  });
  const total = list.data?.total_results ?? 0;
  const rows = list.data?.data;

  const pageIds = rows?.map((row) => row.shipment_id) ?? [];
  const pageChosen = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));

  const columns = useMemo<readonly Column<ShipmentRow>[]>(() => {
    const toggle = (row: ShipmentRow) =>
      setChosen((current) => {
        const next = new Map(current);
        if (next.has(row.shipment_id)) next.delete(row.shipment_id);
        else next.set(row.shipment_id, row);
        return next;
      });
    const select: Column<ShipmentRow> = {
      key: "select",
      header: "",
      render: (row) => (
        <Checkbox
          size="small"
          checked={chosen.has(row.shipment_id)}
          onChange={() => toggle(row)}
          slotProps={{ input: { "aria-label": `Choose ${row.tracking_id}` } }}
        />
      ),
    };
    if (!allowed.any) return [select, ...baseColumns];
    return [
      select,
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
  }, [allowed, chosen]);

  const ids = [...chosen.keys()];
  // Both bulk actions take between one and SHIPMENT_BULK_MAX shipments.
  const bulkSizeOk = ids.length > 0 && ids.length <= SHIPMENT_BULK_MAX;
  const printChosen = () => {
    setBulkError(null);
    waybills.mutate({ ids, target: openWaybillsWindow(ids.length) }, { onError: (e) => setBulkError(errorMessage(e)) });
  };
  const postChosen = () => {
    setBulkError(null);
    bulkPost.mutate(ids, { onSuccess: () => setChosen(new Map()), onError: (e) => setBulkError(errorMessage(e)) });
  };

  return (
    // Narrower cell padding keeps every column in view beside the open drawer at 1280 px.
    <Box sx={{ display: "grid", gap: 2, "& .MuiTableCell-sizeSmall": { px: 1 } }}>
      <DataTable
        label="Shipment Details"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.shipment_id}
        server={{
          total,
          page: state.page,
          pageSize: state.size,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (size) => update({ size }),
        }}
        pageSizeOptions={SHIPMENT_PAGE_SIZES}
        sort={{
          keys: SORTABLE,
          by: state.sort,
          order: state.order,
          onSort: (key) => {
            const sort = SORTABLE.find((column) => column === key) ?? "date";
            // The same column flips; a new one starts with the largest (or newest) first.
            update({ sort, order: sort === state.sort && state.order === "desc" ? "asc" : "desc" });
          },
        }}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyMessage={
          state.search || state.from || state.to || state.status
            ? "No shipment matches your search."
            : "No shipments yet."
        }
        toolbar={
          <>
            <SearchField label="Search shipments" value={search} onChange={setSearch} />
            <ShipmentFilters state={state} onChange={(change) => update(change)} />
            <ResultCount shown={list.data?.total_results} total={list.data?.total_results} singular="shipment" />
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", width: "100%" }}>
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={pageChosen}
                    disabled={pageIds.length === 0}
                    onChange={() =>
                      setChosen((current) => {
                        const next = new Map(current);
                        for (const row of rows ?? []) {
                          if (pageChosen) next.delete(row.shipment_id);
                          else next.set(row.shipment_id, row);
                        }
                        return next;
                      })
                    }
                  />
                }
                label="Choose this page"
              />
              <Typography variant="body2" aria-live="polite">
                {countOf(chosen.size, "shipment")} chosen
              </Typography>
              <Button
                size="small"
                variant="outlined"
                disabled={!bulkSizeOk || waybills.isPending}
                onClick={printChosen}
              >
                Print waybills
              </Button>
              {allowed.post ? (
                <Button
                  size="small"
                  variant="outlined"
                  disabled={!bulkSizeOk || bulkPost.isPending}
                  onClick={postChosen}
                >
                  Post charges
                </Button>
              ) : null}
              {chosen.size > 0 ? (
                <Button size="small" onClick={() => setChosen(new Map())}>
                  Clear choice
                </Button>
              ) : null}
            </Box>
            <BulkError message={bulkError} onClose={() => setBulkError(null)} />
          </>
        }
      />
      <ActionDialogs pending={pending} onDone={() => setPending(null)} />
      <BulkPostResults answer={bulkPost.data ?? null} onClose={() => bulkPost.reset()} />
    </Box>
  );
}
