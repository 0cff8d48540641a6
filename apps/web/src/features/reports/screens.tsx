import { perm } from "@cargodesk/shared";
import AccountTreeOutlinedIcon from "@mui/icons-material/AccountTreeOutlined";
import AssessmentIcon from "@mui/icons-material/Assessment";
import BalanceIcon from "@mui/icons-material/Balance";
import DeleteSweepOutlinedIcon from "@mui/icons-material/DeleteSweepOutlined";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import HourglassBottomIcon from "@mui/icons-material/HourglassBottom";
import ListAltIcon from "@mui/icons-material/ListAlt";
import LocalShippingOutlinedIcon from "@mui/icons-material/LocalShippingOutlined";
import MenuBookOutlinedIcon from "@mui/icons-material/MenuBookOutlined";
import PointOfSaleIcon from "@mui/icons-material/PointOfSale";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import RestaurantMenuIcon from "@mui/icons-material/RestaurantMenu";
import SummarizeOutlinedIcon from "@mui/icons-material/SummarizeOutlined";
import TableChartOutlinedIcon from "@mui/icons-material/TableChartOutlined";
import TrendingUpIcon from "@mui/icons-material/TrendingUp";
import ViewListOutlinedIcon from "@mui/icons-material/ViewListOutlined";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { COMPANY_SCREENS } from "../company/screens";
import { REPORT_ROUTES } from "./criteria";

const GROUP = "Reports";

/**
 * One accounting report screen, in the Reports module (the spec's /report): it opens for the
 * report's category under Accounts, or for the Reports module itself.
 */
const report = (
  path: string,
  title: string,
  category: string,
  icon: Screen["icon"],
  component: Screen["component"],
): Screen => ({
  path,
  title,
  area: "accounts",
  permission: perm("Accounts", category),
  alsoPermitted: [perm("Reports")],
  module: "Reports",
  menu: { group: GROUP, item: title },
  icon,
  component,
});

/** One of the restaurant's reports (WP5): the Reports module's own, for whoever holds Reports. */
const restaurantReport = (
  path: string,
  title: string,
  item: string,
  icon: Screen["icon"],
  component: Screen["component"],
): Screen => ({
  path,
  title,
  area: "accounts",
  permission: perm("Reports"),
  module: "Reports",
  menu: { group: "Restaurant", item },
  icon,
  component,
});

/**
 * The accounting report screens. The result screens (Ledger List, Trial Balance Report,
 * Transaction Summary Details) read their criteria from the query string, so they work from the
 * menu and after a reload too.
 */
const ACCOUNTING_REPORTS: readonly Screen[] = [
  report(
    REPORT_ROUTES.ledger,
    "Ledger",
    "Accounts Ledger",
    ReceiptLongIcon,
    lazy(() => import("./LedgerSearchPage")),
  ),
  report(
    REPORT_ROUTES.ledgerList,
    "Ledger List",
    "Accounts Ledger",
    ViewListOutlinedIcon,
    lazy(() => import("./LedgerListPage")),
  ),
  report(
    REPORT_ROUTES.trial,
    "Trial Balance",
    "Trail Balance Report",
    BalanceIcon,
    lazy(() => import("./TrialBalanceSearchPage")),
  ),
  report(
    REPORT_ROUTES.trialReport,
    "Trial Balance Report",
    "Trail Balance Report",
    TableChartOutlinedIcon,
    lazy(() => import("./TrialBalanceReportPage")),
  ),
  report(
    REPORT_ROUTES.chart,
    "Chart of Account Report",
    "Chart Of Account Report",
    AccountTreeOutlinedIcon,
    lazy(() => import("./ChartOfAccountReportPage")),
  ),
  report(
    REPORT_ROUTES.summary,
    "Transaction Summary",
    "Transaction Summary",
    SummarizeOutlinedIcon,
    lazy(() => import("./TransactionSummaryPage")),
  ),
  report(
    REPORT_ROUTES.summaryDetails,
    "Transaction Summary Details",
    "Transaction Summary",
    ListAltIcon,
    lazy(() => import("./TransactionSummaryDetailsPage")),
  ),
  report(
    REPORT_ROUTES.profitLoss,
    "Profit Loss",
    "Profit Loss Report",
    TrendingUpIcon,
    lazy(() => import("./ProfitLossPage")),
  ),
  report(
    REPORT_ROUTES.aging,
    "Aging Report",
    "Aging Report",
    HourglassBottomIcon,
    lazy(() => import("./AgingReportPage")),
  ),
  report(
    REPORT_ROUTES.receivablesAging,
    "Receivables Aging",
    "Aging Report",
    GroupsOutlinedIcon,
    lazy(() => import("./ReceivablesAgingPage")),
  ),
  report(
    REPORT_ROUTES.cashBook,
    "Cash Book",
    "Cash Book Report",
    MenuBookOutlinedIcon,
    lazy(() => import("./CashBookPage")),
  ),
];

/**
 * /report, the module's home (its first screen, so the Reports tile leads here): it opens for
 * Reports and for each accounting report's own category, and lists what the user may open.
 */
const REPORTS_HUB: Screen = {
  path: REPORT_ROUTES.hub,
  title: "Reports",
  area: "accounts",
  permission: perm("Reports"),
  alsoPermitted: ACCOUNTING_REPORTS.map((screen) => screen.permission),
  module: "Reports",
  // Beside the restaurant's reports: the accounting group keeps the old system's menu as it was.
  menu: { group: "Restaurant", item: "All Reports" },
  icon: AssessmentIcon,
  component: lazy(() => import("./ReportsHubPage")),
};

/**
 * The Reports module (its hub, the accounting and the restaurant's reports) and Setting >
 * Restaurant (the company profile); SCREENS in app/screens.tsx includes them.
 */
export const REPORT_SCREENS: readonly Screen[] = [
  REPORTS_HUB,
  ...ACCOUNTING_REPORTS,
  restaurantReport(
    REPORT_ROUTES.posSales,
    "Restaurant Sales",
    "Sales",
    PointOfSaleIcon,
    lazy(() => import("./SalesReportPage")),
  ),
  restaurantReport(
    REPORT_ROUTES.waste,
    "Waste",
    "Waste",
    DeleteSweepOutlinedIcon,
    lazy(() => import("./WasteReportPage")),
  ),
  restaurantReport(
    REPORT_ROUTES.foodCost,
    "Food Cost",
    "Food Cost",
    RestaurantMenuIcon,
    lazy(() => import("./FoodCostReportPage")),
  ),
  restaurantReport(
    REPORT_ROUTES.purchases,
    "Purchases by Vendor",
    "Purchases",
    LocalShippingOutlinedIcon,
    lazy(() => import("./PurchasesReportPage")),
  ),
  ...COMPANY_SCREENS,
];
