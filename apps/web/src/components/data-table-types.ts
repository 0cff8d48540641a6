import type { SxProps, Theme } from "@mui/material";
import type { ReactNode } from "react";

/** Master-data tables in the spec: 50 rows a page, options 20 to 200. */
export const MASTER_PAGE_SIZES = [20, 50, 100, 150, 200] as const;
/** The spec's general page sizes (vouchers, ledgers, transaction summary). */
export const GENERAL_PAGE_SIZES = [50, 100, 150, 200] as const;

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: "left" | "right" | "center";
  /** Keep the cell on one line (dates, status chips). */
  nowrap?: boolean;
  /** More cell styling (widths, weight). */
  sx?: SxProps<Theme>;
  /** Styling that depends on the row (an opening-balance row's shading). */
  cellSx?: (row: T) => SxProps<Theme>;
  /** The header cell's own styling (a pinned column). */
  headerSx?: SxProps<Theme>;
  /** Shown under the header's title, e.g. the column's filter. */
  headerExtra?: ReactNode;
}

/** One page of rows the server paged (`?size=&page=`): the parent owns the page and its size. */
export interface ServerPaging {
  /** How many rows the server holds for the current search. */
  total: number;
  /** Zero-based, as MUI's pagination counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export interface ServerSort {
  /** The sortable columns' keys. */
  keys: readonly string[];
  by: string;
  order: "asc" | "desc";
  /** The same column again flips the order; another column starts in `order` of its choosing. */
  onSort: (key: string) => void;
}

/** Rows that open to show more below them (a voucher's lines). */
export interface RowExpansion<T> {
  /** The toggle's accessible name, e.g. "Show lines of CPV-2026-00001". */
  label: (row: T, expanded: boolean) => string;
  render: (row: T) => ReactNode;
  /** The toggle column's (visually hidden) header. */
  header: string;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  /** Every row (client paging), or the current page only (`server`); undefined before the first answer. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** The first load: skeleton rows. */
  loading?: boolean;
  /** A later load while the previous rows stay: a thin progress bar. */
  fetching?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** What failed, before the server's reason. */
  errorTitle?: string;
  emptyMessage?: string;
  /** Search fields, export buttons and the like, shown above the table. */
  toolbar?: ReactNode;
  /** Client paging (the default): the page sizes offered and the first one. */
  pageSizeOptions?: readonly number[];
  defaultPageSize?: number;
  /** Server paging: `rows` is one page of `total`. */
  server?: ServerPaging;
  /** false shows every row with no pagination (short read-only lists). */
  paged?: boolean;
  /** Headers of the columns listed in `sort.keys` sort when clicked (the parent sorts or asks the server). */
  sort?: ServerSort;
  /** Buttons for one row, in a last column headed `actionsHeader`. */
  rowActions?: (row: T) => ReactNode;
  actionsHeader?: string;
  expand?: RowExpansion<T>;
  /** A row that opens something on click or Enter; `rowLabel` names it for screen readers. */
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  rowTestId?: (row: T) => string;
  /** Styling of a whole row (an opening-balance row's shading). */
  rowSx?: (row: T) => SxProps<Theme>;
  /** More header rows under the titles (per-column filters). */
  headerRows?: ReactNode;
  /** Header rows that replace the column titles (grouped headings such as Opening / During / Closing). */
  head?: ReactNode;
  /** Rows in the table's footer (totals). */
  footer?: ReactNode;
  /** The scrolling height of the rows; null lets the table grow with the page. */
  maxHeight?: number | null;
  /** The table element's data-testid. */
  testId?: string;
}
