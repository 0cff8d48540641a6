import { SHIPMENT_SORTS, type ShipmentSort } from "@cargodesk/shared";
import { useSearchParams } from "react-router";

/** The spec's shipment table: 200 rows a page, options 150 to 1000. */
export const SHIPMENT_PAGE_SIZES = [150, 200, 250, 300, 400, 500, 750, 1000] as const;
const DEFAULT_PAGE_SIZE = 200;

export interface ListParams {
  search: string;
  /** Zero-based, as the table counts. */
  page: number;
  size: number;
  sort: ShipmentSort;
  order: "asc" | "desc";
  from: string;
  to: string;
  status: string;
}

const DEFAULTS: ListParams = {
  search: "",
  page: 0,
  size: DEFAULT_PAGE_SIZE,
  sort: "date",
  order: "desc",
  from: "",
  to: "",
  status: "",
};

const isSort = (value: string | null): value is ShipmentSort =>
  value !== null && (SHIPMENT_SORTS as readonly string[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Reads the list's state from the query string; anything unreadable falls back to its default. */
function read(params: URLSearchParams): ListParams {
  const page = Number(params.get("page"));
  const size = Number(params.get("size"));
  const sort = params.get("sort");
  const from = params.get("from");
  const to = params.get("to");
  return {
    search: params.get("q") ?? "",
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: (SHIPMENT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: isSort(sort) ? sort : DEFAULTS.sort,
    order: params.get("order") === "asc" ? "asc" : "desc",
    from: isDay(from) ? from : "",
    to: isDay(to) ? to : "",
    status: params.get("status") ?? "",
  };
}

/** Writes only what differs from the defaults, so a plain list keeps a plain address. */
function write(state: ListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set("q", state.search);
  if (state.page > 0) params.set("page", String(state.page + 1));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set("size", String(state.size));
  if (state.sort !== DEFAULTS.sort || state.order !== DEFAULTS.order) {
    params.set("sort", state.sort);
    params.set("order", state.order);
  }
  if (state.from) params.set("from", state.from);
  if (state.to) params.set("to", state.to);
  if (state.status) params.set("status", state.status);
  return params;
}

/**
 * Shipment Details' search, page, page size, sort and filters, kept in the address so Back (or a
 * shared link) brings the same list back. Each change is a history entry, except typing in the
 * search box, which replaces the current one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const state = read(params);
  const update = (change: Partial<ListParams>, options: { replace?: boolean } = {}) => {
    // Any change but a page turn starts again from the first page. The change goes on top of the
    // address as it is now, not as this render saw it: two quick changes (one date, then the other)
    // both stay (the second one used to put the first one back).
    setParams((current) => write({ ...read(current), page: 0, ...change }), { replace: options.replace ?? false });
  };
  return { state, update };
}
