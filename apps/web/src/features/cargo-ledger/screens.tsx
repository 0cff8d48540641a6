import AssessmentOutlinedIcon from "@mui/icons-material/AssessmentOutlined";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import TableRowsOutlinedIcon from "@mui/icons-material/TableRowsOutlined";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { LEDGER_PERMISSIONS as P, LEDGER_ROUTES as R } from "./paths";

/**
 * The cargo Ledger and Reporting groups; SCREENS in app/screens.tsx includes them. Titles come
 * from the third path segment, as the spec's cargo layout derives them.
 */
export const CARGO_LEDGER_SCREENS: readonly Screen[] = [
  {
    path: R.search,
    title: "Ledger Report",
    area: "cargo",
    permission: P.search,
    menu: { group: "Ledger", item: "Ledger Search" },
    icon: ManageSearchIcon,
    component: lazy(() => import("./LedgerSearchPage")),
  },
  {
    path: R.table,
    title: "Ledger Table",
    area: "cargo",
    permission: P.search,
    menu: { group: "Ledger", item: "Ledger Table" },
    inMenu: false,
    icon: TableRowsOutlinedIcon,
    component: lazy(() => import("./LedgerTablePage")),
  },
  {
    path: R.reporting,
    title: "Reporting",
    area: "cargo",
    permission: P.report,
    menu: { group: "Reporting", item: "Reports" },
    icon: AssessmentOutlinedIcon,
    component: lazy(() => import("./ReportingPage")),
  },
  {
    path: R.report,
    title: "Ledger Report",
    area: "cargo",
    permission: P.report,
    menu: { group: "Reporting", item: "Ledger Report" },
    icon: ReceiptLongIcon,
    component: lazy(() => import("./LedgerReportPage")),
  },
];
