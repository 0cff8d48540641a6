import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import {
  Alert,
  Box,
  Button,
  Collapse,
  IconButton,
  LinearProgress,
  Paper,
  Skeleton,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  type Theme,
} from "@mui/material";
import { Fragment, type ReactNode, useState } from "react";
import { errorMessage } from "../lib/api";
import { type DataTableProps, MASTER_PAGE_SIZES } from "./data-table-types";
import { EmptyState } from "./EmptyState";
import { visuallyHidden } from "./visually-hidden";

export type { Column, DataTableProps, RowExpansion, ServerPaging, ServerSort } from "./data-table-types";
export { GENERAL_PAGE_SIZES, MASTER_PAGE_SIZES } from "./data-table-types";

const SKELETON_ROWS = 6;

/** An sx value as the items of an sx array. */
const sxList = (sx: SxProps<Theme> | undefined) => (sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]);

const lastPageOf = (count: number, pageSize: number) => Math.max(0, Math.ceil(count / pageSize) - 1);

/**
 * The one table shell of the app, on MUI's Table: columns, loading, error and empty states, client
 * or server paging, sortable headers, row actions, expandable rows, clickable rows and a footer.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  fetching = false,
  error = null,
  onRetry,
  errorTitle = "Could not load this list.",
  emptyMessage = "Nothing to show yet.",
  toolbar,
  pageSizeOptions = MASTER_PAGE_SIZES,
  defaultPageSize = 50,
  server,
  paged = true,
  sort,
  rowActions,
  actionsHeader = "Actions",
  expand,
  onRowClick,
  rowLabel,
  rowTestId,
  rowSx,
  headerRows,
  head,
  footer,
  maxHeight = 600,
  testId,
}: DataTableProps<T>) {
  const [pageSize, setPageSize] = useState(defaultPageSize);
  // A new row list (another search, a refetch) starts again at the first page.
  const [paging, setPaging] = useState<{ rows: typeof rows; page: number }>({ rows, page: 0 });
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());

  const count = server ? server.total : (rows?.length ?? 0);
  const size = server ? server.pageSize : pageSize;
  // MUI refuses a page past the last one, which a shrinking result can briefly ask for.
  const page = Math.min(server ? server.page : paging.rows === rows ? paging.page : 0, lastPageOf(count, size));
  const visible = (server || !paged ? rows : rows?.slice(page * size, (page + 1) * size)) ?? [];
  const columnCount = columns.length + (expand ? 1 : 0) + (rowActions ? 1 : 0);

  const toggle = (key: string | number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const fullWidthRow = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columnCount} sx={{ borderBottom: 0 }}>
        {content}
      </TableCell>
    </TableRow>
  );

  const dataRow = (row: T) => {
    const key = rowKey(row);
    const expanded = open.has(key);
    const detailId = `${label.replaceAll(/\W+/g, "-")}-row-${key}`;
    const clickable = onRowClick
      ? {
          tabIndex: 0,
          "aria-label": rowLabel?.(row),
          onClick: () => onRowClick(row),
          onKeyDown: (event: { key: string; preventDefault: () => void }) => {
            if (event.key !== "Enter" && event.key !== " ") return;
            event.preventDefault();
            onRowClick(row);
          },
        }
      : {};
    return (
      <Fragment key={key}>
        <TableRow
          hover
          data-testid={rowTestId?.(row)}
          sx={[
            expand ? { "& > td": { borderBottom: 0 } } : {},
            onRowClick ? { cursor: "pointer" } : {},
            ...sxList(rowSx?.(row)),
          ]}
          {...clickable}
        >
          {expand ? (
            <TableCell padding="checkbox">
              <IconButton
                size="small"
                aria-label={expand.label(row, expanded)}
                aria-expanded={expanded}
                aria-controls={detailId}
                onClick={() => toggle(key)}
              >
                {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
              </IconButton>
            </TableCell>
          ) : null}
          {columns.map((column) => (
            <TableCell
              key={column.key}
              align={column.align ?? "left"}
              sx={[
                column.nowrap ? { whiteSpace: "nowrap" } : {},
                ...sxList(column.sx),
                ...sxList(column.cellSx?.(row)),
              ]}
            >
              {column.render(row)}
            </TableCell>
          ))}
          {rowActions ? (
            <TableCell align="right" sx={{ whiteSpace: "nowrap", width: "1%" }}>
              {rowActions(row)}
            </TableCell>
          ) : null}
        </TableRow>
        {expand ? (
          <TableRow>
            <TableCell colSpan={columnCount} sx={{ py: 0 }}>
              <Collapse in={expanded} unmountOnExit id={detailId}>
                <Box sx={{ py: 1.5, pl: 6 }}>{expand.render(row)}</Box>
              </Collapse>
            </TableCell>
          </TableRow>
        ) : null}
      </Fragment>
    );
  };

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
      <TableRow key={index}>
        {Array.from({ length: columnCount }, (_, cell) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on
          <TableCell key={cell}>
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
        {errorTitle} {errorMessage(error)}
      </Alert>,
    );
  } else if (visible.length === 0) {
    body = fullWidthRow(<EmptyState title={emptyMessage} />);
  } else {
    body = visible.map(dataRow);
  }

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      {toolbar ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", p: 2, pb: 1 }}>{toolbar}</Box>
      ) : null}
      {server ? (
        <Box sx={{ height: 4 }}>{fetching && !loading ? <LinearProgress aria-label="Loading" /> : null}</Box>
      ) : null}
      <TableContainer sx={maxHeight === null ? undefined : { maxHeight }}>
        <Table stickyHeader size="small" aria-label={label} aria-busy={loading || fetching} data-testid={testId}>
          <TableHead>
            {head ?? (
              <TableRow>
                {expand ? (
                  <TableCell padding="checkbox">
                    <Box component="span" sx={visuallyHidden}>
                      {expand.header}
                    </Box>
                  </TableCell>
                ) : null}
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align ?? "left"}
                    sortDirection={sort?.by === column.key ? sort.order : false}
                    sx={column.headerSx ?? {}}
                  >
                    {sort?.keys.includes(column.key) ? (
                      <TableSortLabel
                        active={sort.by === column.key}
                        direction={sort.by === column.key ? sort.order : "asc"}
                        onClick={() => sort.onSort(column.key)}
                      >
                        {column.header}
                      </TableSortLabel>
                    ) : column.headerExtra !== undefined ? (
                      <>
                        <Box sx={{ fontWeight: 600 }}>{column.header}</Box>
                        {column.headerExtra}
                      </>
                    ) : (
                      column.header
                    )}
                  </TableCell>
                ))}
                {rowActions ? <TableCell align="right">{actionsHeader}</TableCell> : null}
              </TableRow>
            )}
            {headerRows}
          </TableHead>
          <TableBody>{body}</TableBody>
          {footer && !loading && !error ? <TableFooter>{footer}</TableFooter> : null}
        </Table>
      </TableContainer>
      {paged ? (
        <TablePagination
          component="div"
          count={count}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={pageSizeOptions}
          onPageChange={(_, next) => (server ? server.onPageChange(next) : setPaging({ rows, page: next }))}
          onRowsPerPageChange={(event) => {
            const next = Number(event.target.value);
            if (server) {
              server.onPageSizeChange(next);
              return;
            }
            setPageSize(next);
            setPaging({ rows, page: 0 });
          }}
        />
      ) : null}
    </Paper>
  );
}
