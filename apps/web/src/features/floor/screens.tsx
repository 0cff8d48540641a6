import MeetingRoomIcon from "@mui/icons-material/MeetingRoom";
import PlaylistAddIcon from "@mui/icons-material/PlaylistAdd";
import TableRestaurantIcon from "@mui/icons-material/TableRestaurant";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { HALL_PERMISSION, HALL_ROUTES, TABLE_PERMISSION, TABLE_ROUTES } from "./paths";

/** Master Control > Hall and > Table; SCREENS in app/screens.tsx includes them. */
export const FLOOR_SCREENS: readonly Screen[] = [
  {
    path: HALL_ROUTES.add,
    title: "Add Hall",
    area: "accounts",
    permission: HALL_PERMISSION,
    menu: { group: "Hall", item: "Add Hall" },
    icon: PlaylistAddIcon,
    component: lazy(() => import("./HallPages").then((pages) => ({ default: pages.HallFormPage }))),
  },
  {
    path: HALL_ROUTES.list,
    title: "List Hall",
    area: "accounts",
    permission: HALL_PERMISSION,
    menu: { group: "Hall", item: "List Hall" },
    icon: MeetingRoomIcon,
    component: lazy(() => import("./HallPages").then((pages) => ({ default: pages.HallListPage }))),
  },
  {
    path: TABLE_ROUTES.add,
    title: "Add Table",
    area: "accounts",
    permission: TABLE_PERMISSION,
    menu: { group: "Table", item: "Add Table" },
    icon: PlaylistAddIcon,
    component: lazy(() => import("./TableFormPage").then((pages) => ({ default: pages.TableFormPage }))),
  },
  {
    path: TABLE_ROUTES.upload,
    title: "Upload Table",
    area: "accounts",
    permission: TABLE_PERMISSION,
    menu: { group: "Table", item: "Upload Table" },
    icon: UploadFileIcon,
    component: lazy(() => import("./TableUploadPage").then((pages) => ({ default: pages.TableUploadPage }))),
  },
  {
    path: TABLE_ROUTES.list,
    title: "List Table",
    area: "accounts",
    permission: TABLE_PERMISSION,
    menu: { group: "Table", item: "List Table" },
    icon: TableRestaurantIcon,
    component: lazy(() => import("./TableListPage").then((pages) => ({ default: pages.TableListPage }))),
  },
];
