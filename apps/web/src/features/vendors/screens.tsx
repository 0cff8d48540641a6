import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import StorefrontIcon from "@mui/icons-material/Storefront";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { VENDOR_PERMISSION, VENDOR_ROUTES } from "./paths";

/** Master Control > Vendor; SCREENS in app/screens.tsx includes them. */
export const VENDOR_SCREENS: readonly Screen[] = [
  {
    path: VENDOR_ROUTES.add,
    title: "Add Vendor",
    area: "accounts",
    permission: VENDOR_PERMISSION,
    menu: { group: "Vendor", item: "Add Vendor" },
    icon: PersonAddAlt1Icon,
    component: lazy(() => import("./VendorFormPage")),
  },
  {
    path: VENDOR_ROUTES.list,
    title: "List Vendor",
    area: "accounts",
    permission: VENDOR_PERMISSION,
    menu: { group: "Vendor", item: "List Vendor" },
    icon: StorefrontIcon,
    component: lazy(() => import("./VendorListPage")),
  },
];
