import GroupsIcon from "@mui/icons-material/Groups";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { POS_CUSTOMER_PERMISSION, POS_CUSTOMER_ROUTES } from "./paths";

/** Master Control > Customer; SCREENS in app/screens.tsx includes them. */
export const POS_CUSTOMER_SCREENS: readonly Screen[] = [
  {
    path: POS_CUSTOMER_ROUTES.add,
    title: "Add Customer",
    area: "accounts",
    permission: POS_CUSTOMER_PERMISSION,
    menu: { group: "Customer", item: "Add Customer" },
    icon: PersonAddIcon,
    component: lazy(() => import("./CustomerFormPage")),
  },
  {
    path: POS_CUSTOMER_ROUTES.list,
    title: "List Customer",
    area: "accounts",
    permission: POS_CUSTOMER_PERMISSION,
    menu: { group: "Customer", item: "List Customer" },
    icon: GroupsIcon,
    component: lazy(() => import("./CustomerListPage")),
  },
];
