import AddShoppingCartIcon from "@mui/icons-material/AddShoppingCart";
import DateRangeIcon from "@mui/icons-material/DateRange";
import ListAltIcon from "@mui/icons-material/ListAlt";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { RECEIVING_PERMISSIONS as P, RECEIVING_ROUTES as R } from "./paths";

const GROUP = "Receiving";

/** Store > Receiving; SCREENS in app/screens.tsx includes them. */
export const RECEIVING_SCREENS: readonly Screen[] = [
  {
    path: R.add,
    title: "Receiving Add",
    area: "accounts",
    permission: P.add,
    menu: { group: GROUP, item: "Receiving Add" },
    icon: AddShoppingCartIcon,
    component: lazy(() => import("./ReceivingAddPage")),
  },
  {
    path: R.list,
    title: "Receiving List",
    area: "accounts",
    permission: P.list,
    menu: { group: GROUP, item: "Receiving List" },
    icon: ListAltIcon,
    component: lazy(() => import("./ReceivingListPage")),
  },
  {
    path: R.reportById,
    title: "Receiving Report With Id",
    area: "accounts",
    permission: P.reportById,
    menu: { group: GROUP, item: "Receiving Report With Id" },
    icon: ReceiptLongIcon,
    component: lazy(() => import("./ReceivingReportByIdPage")),
  },
  {
    path: R.reportByDates,
    title: "Receiving Report With Dates",
    area: "accounts",
    permission: P.reportByDates,
    menu: { group: GROUP, item: "Receiving Report With Dates" },
    icon: DateRangeIcon,
    component: lazy(() => import("./ReceivingReportByDatePage")),
  },
];
