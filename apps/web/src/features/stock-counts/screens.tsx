import { perm } from "@cargodesk/shared";
import FactCheckIcon from "@mui/icons-material/FactCheck";
import { lazy } from "react";
import type { Screen } from "../../app/screens";

/** Store > Store Product > Difference Report (design section 1.2, route 3: the physical count). */
export const STOCK_COUNT_SCREENS: readonly Screen[] = [
  {
    path: "/inventory/product/ProductBalance",
    title: "Difference Report",
    area: "accounts",
    permission: perm("Store", "Store Product", "Difference Report"),
    menu: { group: "Store Product", item: "Difference Report" },
    icon: FactCheckIcon,
    component: lazy(() => import("./DifferenceReportPage")),
  },
];
