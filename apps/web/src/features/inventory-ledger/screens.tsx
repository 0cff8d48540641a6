import { perm } from "@cargodesk/shared";
import TimelineIcon from "@mui/icons-material/Timeline";
import { lazy } from "react";
import type { Screen } from "../../app/screens";

/** Store > Inventory Ledger (design section 1.2, route 12). */
export const INVENTORY_LEDGER_SCREENS: readonly Screen[] = [
  {
    path: "/inventory/ledger",
    title: "Inventory Ledger",
    area: "accounts",
    permission: perm("Store", "Inventory Ledger"),
    menu: { group: "Inventory Ledger", item: "Inventory Ledger" },
    icon: TimelineIcon,
    component: lazy(() => import("./InventoryLedgerPage")),
  },
];
