import { perm } from "@cargodesk/shared";

/** The complaint screens' routes (spec: cargo-shipments.md section 2). */
export const COMPLAINT_ROUTES = {
  add: "/cargo/complain/add_complain",
  list: "/cargo/complain/view_complains",
  edit: "/cargo/complain/edit_complain",
} as const;

export const COMPLAINT_PERMISSIONS = {
  add: perm("Complain", "Complaint Add"),
  view: perm("Complain", "Complaint View"),
  edit: perm("Complain", "Complaint Edit"),
} as const;

export const editComplaintPath = (id: number): string => `${COMPLAINT_ROUTES.edit}?id=${id}`;

/** A positive integer `?id=`, or null. */
export function complaintIdFrom(params: URLSearchParams): number | null {
  const raw = params.get("id");
  return raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}
