import { perm } from "@cargodesk/shared";

/** The shipment screens' routes (spec: cargo-shipments.md section 2). */
export const SHIPMENT_ROUTES = {
  list: "/cargo/shipment/shipments_list",
  cards: "/cargo/shipment/view_shipments",
  view: "/cargo/shipment/view_shipment_by_id",
  /** The customers' list opens its cards here; it shows the same read-only view. */
  byId: "/cargo/shipment/shipment_by_id",
  edit: "/cargo/shipment/edit_shipment",
} as const;

export const SHIPMENT_PERMISSIONS = {
  add: perm("Shipment", "Shipment Add"),
  view: perm("Shipment", "Shipment View"),
  edit: perm("Shipment", "Shipment Edit"),
  remove: perm("Shipment", "Shipment Delete"),
  post: perm("Shipment", "Shipment Post"),
  editStatus: perm("Shipment", "Shipment Edit Status"),
} as const;

export const viewPath = (id: number, route: string = SHIPMENT_ROUTES.view): string => `${route}?id=${id}`;
export const editPath = (id: number): string => `${SHIPMENT_ROUTES.edit}?id=${id}`;

/** A positive integer `?id=`, or null. */
export function idFromParams(params: URLSearchParams): number | null {
  const raw = params.get("id");
  return raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}
