import { formatMinor } from "@cargodesk/shared";
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from "@mui/material";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import type { SummaryRow } from "./api";
import { moneyOrBlank, occurrenceKeys, sumMinor } from "./format";
import { GENERAL_PAGE_SIZES } from "./LedgerReport";

interface SummaryColumn {
  key: "date" | "voucherNumber" | "account" | "description" | "debit" | "credit";
  header: string;
  text: (row: SummaryRow) => string;
  money?: boolean;
}

const COLUMNS: readonly SummaryColumn[] = [
  { key: "date", header: "Date", text: (row) => row.date },
  { key: "voucherNumber", header: "Voucher#", text: (row) => row.voucherNumber },
  { key: "account", header: "Account", text: (row) => row.account },
  { key: "description", header: "Description", text: (row) => row.description },
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
  const [size, setSize] = useState(200);
  const [page, setPage] = useState(0);
  const shown = rows.filter((row) => COLUMNS.every((column) => matches(row, column, filters[column.key] ?? "")));
  const visible = shown.slice(page * size, (page + 1) * size);
  const keys = occurrenceKeys(visible, (row) => row.voucherId);
  const total = (side: "debit" | "credit") => formatMinor(sumMinor(shown.map((row) => row[side])));
  const strong = { fontWeight: 700, color: "text.primary", fontSize: 14 };

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      {toolbar}
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table stickyHeader size="small" aria-label="Transaction summary" data-testid="summary-table">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column.key} align={column.money ? "right" : "left"}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column.key} sx={{ top: 37, py: 0.75 }}>
                  <TextField
                    size="small"
                    variant="standard"
                    placeholder="Filter"
                    value={filters[column.key] ?? ""}
                    onChange={(event) => {
                      setFilters((current) => ({ ...current, [column.key]: event.target.value }));
                      setPage(0);
                    }}
                    slotProps={{ htmlInput: { "aria-label": `Filter ${column.header}` } }}
                    fullWidth
                  />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ borderBottom: 0 }}>
                  <EmptyState title={rows.length === 0 ? "No entries for these dates" : "No lines match the filters"} />
                </TableCell>
              </TableRow>
            ) : null}
            {visible.map((row, index) => (
              <TableRow
                key={keys[index]}
                hover
                tabIndex={0}
                aria-label={`Open voucher ${row.voucherNumber}`}
                onClick={() => onOpen(row.voucherId)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") onOpen(row.voucherId);
                }}
                sx={{ cursor: "pointer" }}
              >
                <TableCell sx={{ whiteSpace: "nowrap" }}>{row.date}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{row.voucherNumber}</TableCell>
                <TableCell sx={{ minWidth: 220 }}>{row.account}</TableCell>
                <TableCell sx={{ wordBreak: "break-word" }}>{row.description}</TableCell>
                <TableCell align="right">{moneyOrBlank(row.debit)}</TableCell>
                <TableCell align="right">{moneyOrBlank(row.credit)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          {shown.length > 0 ? (
            <TableFooter>
              <TableRow data-testid="summary-totals">
                <TableCell colSpan={4} sx={strong}>
                  Total (
                  {shown.length === rows.length ? `${rows.length} lines` : `${shown.length} of ${rows.length} lines`})
                </TableCell>
                <TableCell align="right" sx={strong}>
                  {total("debit")}
                </TableCell>
                <TableCell align="right" sx={strong}>
                  {total("credit")}
                </TableCell>
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={shown.length}
        page={Math.min(page, Math.max(0, Math.ceil(shown.length / size) - 1))}
        rowsPerPage={size}
        rowsPerPageOptions={GENERAL_PAGE_SIZES}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
