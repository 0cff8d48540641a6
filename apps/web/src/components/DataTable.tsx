import {
  Alert,
  Box,
  Button,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from "@mui/material";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../lib/api";
import { EmptyState } from "./EmptyState";

/** Master-data tables in the spec: 50 rows a page, options 20 to 200. */
export const MASTER_PAGE_SIZES = [20, 50, 100, 150, 200] as const;

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: "left" | "right" | "center";
  /** Keep the cell on one line (dates, status chips). */
  nowrap?: boolean;
}

interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  emptyMessage?: string;
  pageSizeOptions?: readonly number[];
  defaultPageSize?: number;
  /** Search fields and the like, shown above the table. */
  toolbar?: ReactNode;
}

const SKELETON_ROWS = 6;

/** A small client-side paged table on MUI's Table: loading, error and empty states included. */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  error = null,
  onRetry,
  emptyMessage = "Nothing to show yet.",
  pageSizeOptions = MASTER_PAGE_SIZES,
  defaultPageSize = 50,
  toolbar,
}: DataTableProps<T>) {
  const [pageSize, setPageSize] = useState(defaultPageSize);
  // A new row list (another search, a refetch) starts again at the first page.
  const [paging, setPaging] = useState<{ rows: typeof rows; page: number }>({ rows, page: 0 });
  const count = rows?.length ?? 0;
  const lastPage = Math.max(0, Math.ceil(count / pageSize) - 1);
  const page = paging.rows === rows ? Math.min(paging.page, lastPage) : 0;
  const visible = rows?.slice(page * pageSize, (page + 1) * pageSize) ?? [];

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
  } else if (visible.length === 0) {
    body = fullWidthRow(<EmptyState title={emptyMessage} />);
  } else {
    body = visible.map((row) => (
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

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      {toolbar ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", p: 2, pb: 1 }}>{toolbar}</Box>
      ) : null}
      <TableContainer sx={{ maxHeight: 600 }}>
        <Table stickyHeader size="small" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align ?? "left"}>
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizeOptions}
        onPageChange={(_, next) => setPaging({ rows, page: next })}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPaging({ rows, page: 0 });
        }}
      />
    </Paper>
  );
}
