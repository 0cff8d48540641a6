import AccountTreeIcon from "@mui/icons-material/AccountTree";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { CATEGORY_PERMISSION, CATEGORY_ROUTES } from "./paths";

/** Master Control > Menu; SCREENS in app/screens.tsx includes them. */
export const MENU_CATEGORY_SCREENS: readonly Screen[] = [
  {
    path: CATEGORY_ROUTES.add,
    title: "Add Menu Category",
    area: "accounts",
    permission: CATEGORY_PERMISSION,
    menu: { group: "Menu", item: "Add Category" },
    icon: PlaylistAddIcon,
    component: lazy(() => import("./CategoryFormPage")),
  },
  {
    path: CATEGORY_ROUTES.list,
    title: "List Menu Category",
    area: "accounts",
    permission: CATEGORY_PERMISSION,
    menu: { group: "Menu", item: "List Category" },
    icon: AccountTreeIcon,
    component: lazy(() => import("./CategoryListPage")),
  },
];
