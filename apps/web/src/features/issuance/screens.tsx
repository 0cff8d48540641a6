import DateRangeIcon from "@mui/icons-material/DateRange";
import ListAltIcon from "@mui/icons-material/ListAlt";
import MoveDownIcon from "@mui/icons-material/MoveDown";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { ISSUANCE_PERMISSIONS as P, ISSUANCE_ROUTES as R } from "./paths";

const GROUP = "Issuance";

/** Store > Issuance; SCREENS in app/screens.tsx includes them. */
export const ISSUANCE_SCREENS: readonly Screen[] = [
  {
    path: R.add,
    title: "Issuance Add",
    area: "accounts",
    permission: P.add,
    menu: { group: GROUP, item: "Issuance Add" },
    icon: MoveDownIcon,
    component: lazy(() => import("./IssuanceAddPage")),
  },
  {
    path: R.list,
    title: "Issuance List",
    area: "accounts",
    permission: P.list,
    menu: { group: GROUP, item: "Issuance List" },
    icon: ListAltIcon,
    component: lazy(() => import("./IssuanceListPage")),
  },
  {
    path: R.reportById,
    title: "Issuance Report With Id",
    area: "accounts",
    permission: P.reportById,
    menu: { group: GROUP, item: "Issuance Report With Id" },
    icon: ReceiptLongIcon,
    component: lazy(() => import("./IssuanceReportByIdPage")),
  },
  {
    path: R.reportByDates,
    title: "Issuance Report With Dates",
    area: "accounts",
    permission: P.reportByDates,
    menu: { group: GROUP, item: "Issuance Report With Dates" },
    icon: DateRangeIcon,
    component: lazy(() => import("./IssuanceReportByDatePage")),
  },
];
