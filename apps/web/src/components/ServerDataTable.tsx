import { DataTable, type DataTableProps, type ServerPaging } from "./DataTable";

export type { ServerSort } from "./DataTable";

type ServerDataTableProps<T> = Omit<DataTableProps<T>, "server" | "defaultPageSize"> & ServerPaging;

/**
 * @deprecated Use `<DataTable server={{ total, page, pageSize, onPageChange, onPageSizeChange }}>`;
 * kept so screens written against it keep working.
 */
export function ServerDataTable<T>({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  ...table
}: ServerDataTableProps<T>) {
  return <DataTable {...table} server={{ total, page, pageSize, onPageChange, onPageSizeChange }} />;
}
