import { perm } from "@cargodesk/shared";

/** The rate screens (spec section 2: upload and inquiry; the logs screen follows the same pattern). */
export const RATE_ROUTES = {
  upload: "/cargo/rate/upload_rate",
  logs: "/cargo/rate/rate_logs",
  inquiry: "/cargo/rate/rate_inquiry",
  /** Public pages, no sign-in. */
  calculator: "/calculaterates",
  enquiry: "/rate-enquiry",
} as const;

export const RATE_PERMISSIONS = {
  upload: perm("Rate", "Rate Upload"),
  logs: perm("Rate", "Rate Logs"),
  inquiry: perm("Rate", "Rate Inquiry"),
} as const;
