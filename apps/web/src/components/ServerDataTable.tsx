import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from "@mui/material";
import type { ReactNode } from "react";
import { errorMessage } from "../lib/api";
import { type Column, MASTER_PAGE_SIZES } from "./DataTable";
import { EmptyState } from "./EmptyState";

interface ServerDataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  /** The rows of the current page only; undefined before the first answer. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** How many rows the server holds for the current search. */
  total: number;
  /** Zero-based, as MUI's pagination counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The first load: skeleton rows. */
  loading?: boolean;
  /** A later load (another page or search) while the previous rows stay: a thin progress bar. */
  fetching?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  emptyMessage?: string;
  pageSizeOptions?: readonly number[];
  /** Search fields, export buttons and the like, shown above the table. */
  toolbar?: ReactNode;
  /** Server-side sorting: the headers of the columns listed in `keys` sort when clicked. */
  sort?: ServerSort;
}

export interface ServerSort {
  /** The sortable columns' keys. */
  keys: readonly string[];
  by: string;
  order: "asc" | "desc";
  /** The same column again flips the order; another column starts in `order` of its choosing. */
  onSort: (key: string) => void;
}

const SKELETON_ROWS = 6;

/**
 * DataTable's twin for lists the server pages (`?size=&page=&search=`): the parent owns the page,
 * the page size and the search, and passes the one page of rows it fetched.
 */
export function ServerDataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  loading = false,
  fetching = false,
  error = null,
  onRetry,
  emptyMessage = "Nothing to show yet.",
  pageSizeOptions = MASTER_PAGE_SIZES,
  toolbar,
  sort,
}: ServerDataTableProps<T>) {
  const fullWidthRow = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columns.length} sx={{ borderBottom: 0 }}>
        {content}
      </TableCell>
    </TableRow>
  );

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
      <TableRow key={index}>
        {columns.map((column) => (
          <TableCell key={column.key}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (error) {
    body = fullWidthRow(
      <Alert
        severity="error"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          ) : undefined
        }
      >
        Could not load this list. {errorMessage(error)}
      </Alert>,
    );
  } else if (!rows || rows.length === 0) {
    body = fullWidthRow(<EmptyState title={emptyMessage} />);
  } else {
    body = rows.map((row) => (
      <TableRow hover key={rowKey(row)}>
        {columns.map((column) => (
          <TableCell
            key={column.key}
            align={column.align ?? "left"}
            sx={column.nowrap ? { whiteSpace: "nowrap" } : undefined}
          >
            {column.render(row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  // MUI refuses a page past the last one, which a shrinking search result can briefly ask for.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      {toolbar ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", p: 2, pb: 1 }}>{toolbar}</Box>
      ) : null}
      <Box sx={{ height: 4 }}>{fetching && !loading ? <LinearProgress aria-label="Loading" /> : null}</Box>
      <TableContainer sx={{ maxHeight: 600 }}>
        <Table stickyHeader size="small" aria-label={label} aria-busy={loading || fetching}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align ?? "left"}
                  sortDirection={sort?.by === column.key ? sort.order : false}
                >
                  {sort?.keys.includes(column.key) ? (
                    <TableSortLabel
                      active={sort.by === column.key}
                      direction={sort.by === column.key ? sort.order : "asc"}
                      onClick={() => sort.onSort(column.key)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.min(page, lastPage)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizeOptions}
        onPageChange={(_, next) => onPageChange(next)}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      />
    </Paper>
  );
}
