import { perm } from "@cargodesk/shared";
import PointOfSaleIcon from "@mui/icons-material/PointOfSale";
import { lazyPage } from "../../app/lazy-page";
import type { Screen } from "../../app/screens";

/** The POS register: full screen, no sidebar (design D14); SCREENS in app/screens.tsx includes it. */
export const POS_SCREENS: readonly Screen[] = [
  {
    path: "/pos",
    title: "POS",
    area: "fullscreen",
    permission: perm("POS"),
    menu: { group: "POS", item: "Register" },
    icon: PointOfSaleIcon,
    component: lazyPage(() => import("./PosRegisterPage")),
  },
];
