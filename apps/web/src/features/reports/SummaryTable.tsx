import { formatMinor } from "@cargodesk/shared";
import { type SxProps, TableCell, TableRow, TextField, type Theme } from "@mui/material";
import { type ReactNode, useMemo, useState } from "react";
import { DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { moneyOrBlank, occurrenceKeys, sumMinor } from "../../lib/format";
import type { SummaryRow } from "./api";

interface SummaryColumn {
  key: "date" | "voucherNumber" | "account" | "description" | "debit" | "credit";
  header: string;
  text: (row: SummaryRow) => string;
  money?: boolean;
  sx?: SxProps<Theme>;
}

const COLUMNS: readonly SummaryColumn[] = [
  { key: "date", header: "Date", text: (row) => row.date, sx: { whiteSpace: "nowrap" } },
  { key: "voucherNumber", header: "Voucher#", text: (row) => row.voucherNumber, sx: { whiteSpace: "nowrap" } },
  { key: "account", header: "Account", text: (row) => row.account, sx: { minWidth: 220 } },
  { key: "description", header: "Description", text: (row) => row.description, sx: { wordBreak: "break-word" } },
  { key: "debit", header: "Debit", text: (row) => moneyOrBlank(row.debit), money: true },
  { key: "credit", header: "Credit", text: (row) => moneyOrBlank(row.credit), money: true },
];

type Filters = Partial<Record<SummaryColumn["key"], string>>;

/** A money filter matches the shown text or the plain number ("1,250.50" or "1250.5"). */
function matches(row: SummaryRow, column: SummaryColumn, filter: string): boolean {
  const query = filter.trim().toLowerCase();
  if (query === "") return true;
  const shown = column.text(row).toLowerCase();
  if (shown.includes(query)) return true;
  return column.money === true && shown.replaceAll(",", "").includes(query.replaceAll(",", ""));
}

interface SummaryTableProps {
  rows: readonly SummaryRow[];
  onOpen: (voucherId: number) => void;
  toolbar?: ReactNode;
}

/** Date, Voucher#, Account, Description, Debit, Credit with a filter under each heading; totals of what is shown. */
export function SummaryTable({ rows, onOpen, toolbar }: SummaryTableProps) {
  const [filters, setFilters] = useState<Filters>({});
  // The same array while rows and filters stay, so the table keeps its page when the page around it re-renders.
  const shown = useMemo(
    () => rows.filter((row) => COLUMNS.every((column) => matches(row, column, filters[column.key] ?? ""))),
    [rows, filters],
  );
  // A voucher with several lines on one account repeats its id: each line is keyed by its occurrence.
  const keys = new Map(occurrenceKeys(shown, (row) => row.voucherId).map((key, index) => [shown[index], key]));
  const total = (side: "debit" | "credit") => formatMinor(sumMinor(shown.map((row) => row[side])));
  const strong = { fontWeight: 700, color: "text.primary", fontSize: 14 };

  return (
    <DataTable
      label="Transaction summary"
      columns={COLUMNS.map((column) => ({
        key: column.key,
        header: column.header,
        render: column.text,
        ...(column.money ? { align: "right" as const } : {}),
        ...(column.sx ? { sx: column.sx } : {}),
      }))}
      rows={shown}
      rowKey={(row) => keys.get(row) ?? row.voucherId}
      onRowClick={(row) => onOpen(row.voucherId)}
      rowLabel={(row) => `Open voucher ${row.voucherNumber}`}
      emptyMessage={rows.length === 0 ? "No entries for these dates" : "No lines match the filters"}
      toolbar={toolbar}
      pageSizeOptions={GENERAL_PAGE_SIZES}
      defaultPageSize={200}
      maxHeight={640}
      headerRows={
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column.key} sx={{ top: 37, py: 0.75 }}>
              <TextField
                size="small"
                variant="standard"
                placeholder="Filter"
                value={filters[column.key] ?? ""}
                onChange={(event) => setFilters((current) => ({ ...current, [column.key]: event.target.value }))}
                slotProps={{ htmlInput: { "aria-label": `Filter ${column.header}` } }}
                fullWidth
              />
            </TableCell>
          ))}
        </TableRow>
      }
      footer={
        shown.length > 0 ? (
          <TableRow data-testid="summary-totals">
            <TableCell colSpan={4} sx={strong}>
              Total ({shown.length === rows.length ? `${rows.length} lines` : `${shown.length} of ${rows.length} lines`}
              )
            </TableCell>
            <TableCell align="right" sx={strong}>
              {total("debit")}
            </TableCell>
            <TableCell align="right" sx={strong}>
              {total("credit")}
            </TableCell>
          </TableRow>
        ) : null
      }
    />
  );
}
