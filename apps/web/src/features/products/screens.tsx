import FastfoodIcon from "@mui/icons-material/Fastfood";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { PRODUCT_ADD, PRODUCT_LIST, PRODUCT_ROUTES, PRODUCT_UPLOAD } from "./paths";

/** Master Control > Product; SCREENS in app/screens.tsx includes them. */
export const PRODUCT_SCREENS: readonly Screen[] = [
  {
    path: PRODUCT_ROUTES.add,
    title: "Add Product",
    area: "accounts",
    permission: PRODUCT_ADD,
    menu: { group: "Product", item: "Add Product" },
    icon: PlaylistAddIcon,
    component: lazy(() => import("./ProductFormPage")),
  },
  {
    path: PRODUCT_ROUTES.upload,
    title: "Upload Product",
    area: "accounts",
    permission: PRODUCT_UPLOAD,
    menu: { group: "Product", item: "Upload Product" },
    icon: UploadFileIcon,
    component: lazy(() => import("./ProductUploadPage")),
  },
  {
    path: PRODUCT_ROUTES.list,
    title: "List Product",
    area: "accounts",
    permission: PRODUCT_LIST,
    menu: { group: "Product", item: "List Product" },
    icon: FastfoodIcon,
    component: lazy(() => import("./ProductListPage")),
  },
];
