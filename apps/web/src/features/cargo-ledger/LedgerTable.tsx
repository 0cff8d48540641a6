import { type CargoLedgerRow, LEDGER_TABLE_PAGE_SIZE, LEDGER_TABLE_PAGE_SIZES } from "@cargodesk/shared";
import { TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { occurrenceKeys } from "../../lib/format";
import { CnLink } from "../shipments/CnLink";
import { type ColumnFilters, filterRows, LEDGER_COLUMNS } from "./columns";

const CSV_COLUMNS = LEDGER_COLUMNS.map((column) => ({ header: column.header, value: column.text }));

/**
 * The money columns stay pinned to the right edge while the 17 columns scroll sideways: each
 * has a fixed width and its distance from the edge.
 */
const PINNED: Readonly<Record<string, { right: number; width: number }>> = {
  debit: { right: 292, width: 110 },
  credit: { right: 182, width: 110 },
  balance: { right: 72, width: 110 },
  drcr: { right: 0, width: 72 },
};
const pinned = (key: string, header: boolean) => {
  const pin = PINNED[key];
  if (!pin) return {};
  return {
    position: "sticky",
    right: pin.right,
    width: pin.width,
    minWidth: pin.width,
    maxWidth: pin.width,
    // The sticky header keeps its own background; body cells need one to cover what scrolls under them.
    ...(!header && { bgcolor: "background.paper" }),
    zIndex: header ? 3 : 1,
    ...(key === "debit" && { boxShadow: "-2px 0 4px rgba(0, 0, 0, 0.08)" }),
  } as const;
};

/**
 * The ledger rows: a filter under the headers of the shipment columns (not date, voucher#,
 * description, bill# or money), export of the filtered rows, 200 rows a page and a sticky header
 * over a body at most 600 px high.
 */
export function LedgerTable({ rows, fileName }: { rows: readonly CargoLedgerRow[]; fileName: string }) {
  const [filters, setFilters] = useState<ColumnFilters>({});
  const shown = useMemo(() => filterRows(rows, filters), [rows, filters]);
  // A voucher may have several lines on one account: its number plus the occurrence keys a row.
  const keys = useMemo(() => {
    const list = occurrenceKeys(shown, (row) => `${row.voucher_date}|${row.voc_manual_number}`);
    return new Map(shown.map((row, at) => [row, list[at] ?? ""]));
  }, [shown]);

  const columns: Column<CargoLedgerRow>[] = LEDGER_COLUMNS.map((column) => ({
    key: column.key,
    header: column.header,
    ...(column.align ? { align: column.align } : {}),
    sx: { ...(column.nowrap ? { whiteSpace: "nowrap" } : { wordBreak: "break-word" }), ...pinned(column.key, false) },
    cellSx: (row) => (row.opening && PINNED[column.key] ? { bgcolor: "grey.100" } : {}),
    headerSx: {
      verticalAlign: "top",
      minWidth: column.filter ? 110 : undefined,
      whiteSpace: "nowrap",
      ...pinned(column.key, true),
    },
    headerExtra: column.filter ? (
      <TextField
        size="small"
        variant="standard"
        placeholder="Filter"
        value={filters[column.key] ?? ""}
        onChange={(event) => setFilters((current) => ({ ...current, [column.key]: event.target.value }))}
        slotProps={{ htmlInput: { "aria-label": `Filter ${column.header}` } }}
      />
    ) : null,
    render: (row) =>
      column.key === "tracking" && row.trackingNo ? <CnLink trackingId={row.trackingNo} /> : column.text(row),
  }));

  return (
    <DataTable
      label="Ledger entries"
      testId="cargo-ledger-table"
      columns={columns}
      rows={shown}
      rowKey={(row) => keys.get(row) ?? ""}
      rowSx={(row) => (row.opening ? { bgcolor: "action.hover" } : {})}
      emptyMessage={rows.length === 0 ? "No entries for these dates" : "No rows match the filters"}
      pageSizeOptions={LEDGER_TABLE_PAGE_SIZES}
      defaultPageSize={LEDGER_TABLE_PAGE_SIZE}
      toolbar={
        <>
          <Typography variant="body2" sx={{ color: "text.secondary", flex: 1 }} data-testid="ledger-row-count">
            {shown.length === rows.length ? `${rows.length} rows` : `${shown.length} of ${rows.length} rows`}
          </Typography>
          <ExportCsvButton
            fileName={fileName}
            columns={CSV_COLUMNS}
            loadRows={() => shown}
            disabled={shown.length === 0}
          />
        </>
      }
    />
  );
}
