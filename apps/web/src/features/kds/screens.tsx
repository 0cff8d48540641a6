import { perm } from "@cargodesk/shared";
import SoupKitchenIcon from "@mui/icons-material/SoupKitchen";
import { lazyPage } from "../../app/lazy-page";
import type { Screen } from "../../app/screens";

export const KDS_PATH = "/kds";

/** The kitchen's screen, full screen at its entry route (design D14); SCREENS in app/screens.tsx includes it. */
export const KDS_SCREENS: readonly Screen[] = [
  {
    path: KDS_PATH,
    title: "Kitchen Display",
    area: "fullscreen",
    permission: perm("Kitchen Display System"),
    menu: { group: "Kitchen Display System", item: "Kitchen Display" },
    icon: SoupKitchenIcon,
    component: lazyPage(() => import("./KdsPage")),
  },
];
