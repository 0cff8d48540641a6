import { perm } from "@cargodesk/shared";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { lazyPage } from "../../app/lazy-page";
import type { Screen } from "../../app/screens";

export const ORDER_VIEW_PATH = "/order";

/** The Order View module's one screen, full-screen at its entry route (design D14); SCREENS includes it. */
export const ORDER_VIEW_SCREENS: readonly Screen[] = [
  {
    path: ORDER_VIEW_PATH,
    title: "Order View",
    area: "fullscreen",
    permission: perm("Order View"),
    menu: { group: "Order View", item: "Order View" },
    icon: ReceiptLongIcon,
    component: lazyPage(() => import("./OrderViewPage")),
  },
];
