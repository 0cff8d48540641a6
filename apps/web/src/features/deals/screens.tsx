import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import PostAddIcon from "@mui/icons-material/PostAdd";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { DEAL_PERMISSION, DEAL_ROUTES } from "./paths";

/** Master Control > Deal; SCREENS in app/screens.tsx includes them. */
export const DEAL_SCREENS: readonly Screen[] = [
  {
    path: DEAL_ROUTES.add,
    title: "Add Deal",
    area: "accounts",
    permission: DEAL_PERMISSION,
    menu: { group: "Deal", item: "Add Deal" },
    icon: PostAddIcon,
    component: lazy(() => import("./DealFormPage")),
  },
  {
    path: DEAL_ROUTES.list,
    title: "Deal List",
    area: "accounts",
    permission: DEAL_PERMISSION,
    menu: { group: "Deal", item: "Deal List" },
    icon: LocalOfferIcon,
    component: lazy(() => import("./DealListPage")),
  },
];
