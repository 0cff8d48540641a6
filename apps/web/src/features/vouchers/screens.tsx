import { perm } from "@cargodesk/shared";
import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import CallReceivedIcon from "@mui/icons-material/CallReceived";
import FactCheckIcon from "@mui/icons-material/FactCheck";
import ListAltIcon from "@mui/icons-material/ListAlt";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import MenuBookIcon from "@mui/icons-material/MenuBook";
import PaymentsIcon from "@mui/icons-material/Payments";
import SavingsIcon from "@mui/icons-material/Savings";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import type { CashBankTypeId } from "./CashBankVoucherPage";

/** Cash and bank vouchers share one page; each route gets its own lazily loaded instance. */
function cashBankPage(typeId: CashBankTypeId) {
  return lazy(async () => {
    const { CashBankVoucherPage } = await import("./CashBankVoucherPage");
    return { default: () => <CashBankVoucherPage typeId={typeId} /> };
  });
}

const MENU_GROUP = "Voucher";

/** The vouchers screens; SCREENS in app/screens.tsx includes them. */
export const VOUCHER_SCREENS: readonly Screen[] = [
  {
    path: "/accounts/vouchers/cashpayment",
    title: "Cash Payment Voucher",
    area: "accounts",
    permission: perm("Accounts", "Voucher", "CPV"),
    menu: { group: MENU_GROUP, item: "Cash Payment" },
    icon: PaymentsIcon,
    component: cashBankPage(1),
  },
  {
    path: "/accounts/vouchers/cashreceipt",
    title: "Cash Receipt Voucher",
    area: "accounts",
    permission: perm("Accounts", "Voucher", "CRV"),
    menu: { group: MENU_GROUP, item: "Cash Receipt" },
    icon: SavingsIcon,
    component: cashBankPage(2),
  },
  {
    path: "/accounts/vouchers/bankpayment",
    title: "Bank Payment Voucher",
    area: "accounts",
    permission: perm("Accounts", "Voucher", "BPV"),
    menu: { group: MENU_GROUP, item: "Bank Payment" },
    icon: AccountBalanceIcon,
    component: cashBankPage(3),
  },
  {
    path: "/accounts/vouchers/bankreceipt",
    title: "Bank Receipt Voucher",
    area: "accounts",
    permission: perm("Accounts", "Voucher", "BRV"),
    menu: { group: MENU_GROUP, item: "Bank Receipt" },
    icon: CallReceivedIcon,
    component: cashBankPage(4),
  },
  {
    path: "/accounts/vouchers/journal",
    title: "Journal Voucher",
    area: "accounts",
    permission: perm("Accounts", "Voucher", "JV"),
    menu: { group: MENU_GROUP, item: "Journal" },
    icon: MenuBookIcon,
    component: lazy(() => import("./JournalVoucherPage")),
  },
  {
    path: "/accounts/voucherverification",
    title: "Voucher Verification",
    area: "accounts",
    permission: perm("Accounts", "Voucher Verification"),
    menu: { group: MENU_GROUP, item: "Voucher Verification" },
    icon: FactCheckIcon,
    component: lazy(() => import("./VoucherVerificationPage")),
  },
  {
    path: "/accounts/vouchersearch",
    title: "Voucher Search",
    area: "accounts",
    permission: perm("Accounts", "Voucher Search"),
    menu: { group: MENU_GROUP, item: "Voucher Search" },
    icon: ManageSearchIcon,
    component: lazy(() => import("./VoucherSearchPage")),
  },
  {
    // Reached from Voucher Search with the criteria in the query string; the registry lists every
    // screen in the menu, so it has an entry of its own (it also offers a free-text search).
    path: "/accounts/voucher-search-detail",
    title: "Voucher Search Detail",
    area: "accounts",
    permission: perm("Accounts", "Voucher Search"),
    menu: { group: MENU_GROUP, item: "Voucher Search Detail" },
    icon: ListAltIcon,
    component: lazy(() => import("./VoucherSearchDetailPage")),
  },
];
