import { perm } from "@cargodesk/shared";

/** The cargo ledger's routes (spec section 2.2) and the permissions that open them. */
export const LEDGER_ROUTES = {
  search: "/cargo/ledger/ledger_report",
  table: "/cargo/ledger/ledger_table",
  reporting: "/cargo/reportings/reporting",
  report: "/cargo/reporting/ledger-report",
} as const;

export const LEDGER_PERMISSIONS = {
  search: perm("Ledger", "Ledger Search"),
  report: perm("Reporting", "Ledger Report"),
} as const;
