import ListAltIcon from "@mui/icons-material/ListAlt";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { STORE_PRODUCT_PERMISSIONS as P, STORE_PRODUCT_ROUTES as R } from "./paths";

/** Store > Store Product: Upload (with Add one) and List; SCREENS in app/screens.tsx includes them. */
export const STORE_PRODUCT_SCREENS: readonly Screen[] = [
  {
    path: R.upload,
    title: "Store Product Upload",
    area: "accounts",
    permission: P.upload,
    menu: { group: "Store Product", item: "Store Product Upload" },
    icon: UploadFileIcon,
    component: lazy(() => import("./StoreProductUploadPage")),
  },
  {
    path: R.list,
    title: "Store Product List",
    area: "accounts",
    permission: P.list,
    menu: { group: "Store Product", item: "Store Product List" },
    icon: ListAltIcon,
    component: lazy(() => import("./StoreProductListPage")),
  },
];
