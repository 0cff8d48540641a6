import { useState } from "react";
import type { ServerPaging } from "./data-table-types";

/**
 * The page and page size of a list the server pages, for DataTable's `server` prop: a new page
 * size starts again at the first page; `setPage(0)` when the filters change.
 */
export function useServerPaging(firstPageSize: number) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const paging = (total: number): ServerPaging => ({
    total,
    page,
    pageSize,
    onPageChange: setPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPage(0);
    },
  });
  return { page, pageSize, setPage, paging };
}
