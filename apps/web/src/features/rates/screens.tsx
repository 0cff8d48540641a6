import CalculateIcon from "@mui/icons-material/Calculate";
import HistoryIcon from "@mui/icons-material/History";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { RATE_PERMISSIONS as P, RATE_ROUTES as R } from "./paths";

/** Rate Upload, Rate Logs and Rate Inquiry in the cargo shell; SCREENS in app/screens.tsx includes them. */
export const RATE_SCREENS: readonly Screen[] = [
  {
    path: R.upload,
    title: "Upload Rate",
    area: "cargo",
    permission: P.upload,
    menu: { group: "Rate", item: "Upload Rate" },
    icon: UploadFileIcon,
    component: lazy(() => import("./RateUploadPage")),
  },
  {
    path: R.logs,
    title: "Rate Logs",
    area: "cargo",
    permission: P.logs,
    menu: { group: "Rate", item: "Rate Logs" },
    icon: HistoryIcon,
    component: lazy(() => import("./RateLogsPage")),
  },
  {
    path: R.inquiry,
    title: "Rate Inquiry",
    area: "cargo",
    permission: P.inquiry,
    menu: { group: "Rate", item: "Rate Inquiry" },
    icon: CalculateIcon,
    component: lazy(() => import("./RateInquiryPage")),
  },
];
