import AddBoxIcon from "@mui/icons-material/AddBox";
import StraightenIcon from "@mui/icons-material/Straighten";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { UNIT_PERMISSIONS as P, UNIT_ROUTES as R } from "./paths";

/** Store > UOM (read-only with usage) and Master Control > UOM (add, list with edit and delete). */
export const UNIT_SCREENS: readonly Screen[] = [
  {
    path: R.storeList,
    title: "UOM",
    area: "accounts",
    permission: P.read,
    menu: { group: "UOM", item: "UOM" },
    icon: StraightenIcon,
    component: lazy(() => import("./UomListPage")),
  },
  {
    path: R.add,
    title: "Add UOM",
    area: "accounts",
    permission: P.edit,
    menu: { group: "UOM", item: "Add UOM" },
    icon: AddBoxIcon,
    component: lazy(() => import("./UomAddPage")),
  },
  {
    path: R.list,
    title: "List UOM",
    area: "accounts",
    permission: P.edit,
    menu: { group: "UOM", item: "List UOM" },
    icon: StraightenIcon,
    component: lazy(() => import("./UomManagePage")),
  },
];
