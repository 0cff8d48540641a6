import { perm } from "@cargodesk/shared";
import TableRestaurantIcon from "@mui/icons-material/TableRestaurant";
import { lazyPage } from "../../app/lazy-page";
import type { Screen } from "../../app/screens";

export const TABLE_ORDER_PATH = "/table";

/** Table Order, full screen at its entry route (design D14, 5.4 item 49); SCREENS in app/screens.tsx includes it. */
export const TABLE_ORDER_SCREENS: readonly Screen[] = [
  {
    path: TABLE_ORDER_PATH,
    title: "Table Order",
    area: "fullscreen",
    permission: perm("Table Order"),
    menu: { group: "Table Order", item: "Table Order" },
    icon: TableRestaurantIcon,
    component: lazyPage(() => import("./TableOrderPage")),
  },
];
