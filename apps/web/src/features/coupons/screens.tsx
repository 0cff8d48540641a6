import LocalOfferIcon from "@mui/icons-material/LocalOffer";
import SellIcon from "@mui/icons-material/Sell";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { COUPON_PERMISSION, COUPON_ROUTES } from "./paths";

/** Master Control > Coupon; SCREENS in app/screens.tsx includes them. */
export const COUPON_SCREENS: readonly Screen[] = [
  {
    path: COUPON_ROUTES.add,
    title: "Add Coupon",
    area: "accounts",
    permission: COUPON_PERMISSION,
    menu: { group: "Coupon", item: "Add Coupon" },
    icon: SellIcon,
    component: lazy(() => import("./CouponFormPage")),
  },
  {
    path: COUPON_ROUTES.list,
    title: "List Coupon",
    area: "accounts",
    permission: COUPON_PERMISSION,
    menu: { group: "Coupon", item: "List Coupon" },
    icon: LocalOfferIcon,
    component: lazy(() => import("./CouponListPage")),
  },
];
