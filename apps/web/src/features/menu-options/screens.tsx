import LocalDiningIcon from "@mui/icons-material/LocalDining";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import StraightenIcon from "@mui/icons-material/Straighten";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { FLAVOUR_PERMISSION, FLAVOUR_ROUTES, SIZE_PERMISSION, SIZE_ROUTES } from "./paths";

/** Master Control > Flavour and > Size; SCREENS in app/screens.tsx includes them. */
export const MENU_OPTION_SCREENS: readonly Screen[] = [
  {
    path: FLAVOUR_ROUTES.add,
    title: "Add Flavour",
    area: "accounts",
    permission: FLAVOUR_PERMISSION,
    menu: { group: "Flavour", item: "Add Flavour" },
    icon: PlaylistAddIcon,
    component: lazy(() => import("./FlavourPages").then((pages) => ({ default: pages.FlavourFormPage }))),
  },
  {
    path: FLAVOUR_ROUTES.list,
    title: "List Flavour",
    area: "accounts",
    permission: FLAVOUR_PERMISSION,
    menu: { group: "Flavour", item: "List Flavour" },
    icon: LocalDiningIcon,
    component: lazy(() => import("./FlavourPages").then((pages) => ({ default: pages.FlavourListPage }))),
  },
  {
    path: SIZE_ROUTES.add,
    title: "Add Size",
    area: "accounts",
    permission: SIZE_PERMISSION,
    menu: { group: "Size", item: "Add Size" },
    icon: PlaylistAddIcon,
    component: lazy(() => import("./SizePages").then((pages) => ({ default: pages.SizeFormPage }))),
  },
  {
    path: SIZE_ROUTES.list,
    title: "List Size",
    area: "accounts",
    permission: SIZE_PERMISSION,
    menu: { group: "Size", item: "List Size" },
    icon: StraightenIcon,
    component: lazy(() => import("./SizePages").then((pages) => ({ default: pages.SizeListPage }))),
  },
];
