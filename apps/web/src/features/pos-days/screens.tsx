import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import HistoryIcon from "@mui/icons-material/History";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { POS_DAY_PERMISSIONS as P, POS_DAY_ROUTES as R } from "./paths";

/** Setting > Day Open, Day Close, DayOpen Record; SCREENS in app/screens.tsx includes them. */
export const POS_DAY_SCREENS: readonly Screen[] = [
  {
    path: R.open,
    title: "Day Open",
    area: "accounts",
    permission: P.open,
    menu: { group: "Day Open", item: "Day Open" },
    icon: EventAvailableIcon,
    component: lazy(() => import("./DayOpenPage")),
  },
  {
    path: R.close,
    title: "Day Close",
    area: "accounts",
    permission: P.close,
    menu: { group: "Day Close", item: "Day Close" },
    icon: EventBusyIcon,
    component: lazy(() => import("./DayClosePage")),
  },
  {
    path: R.record,
    title: "DayOpen Record",
    area: "accounts",
    permission: P.record,
    menu: { group: "DayOpen Record", item: "DayOpen Record" },
    icon: HistoryIcon,
    component: lazy(() => import("./DayRecordPage")),
  },
];
