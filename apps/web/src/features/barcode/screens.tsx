import QrCode2Icon from "@mui/icons-material/QrCode2";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { BARCODE_PERMISSION, BARCODE_ROUTE } from "./paths";

/** Master Control > Barcode; SCREENS in app/screens.tsx includes it. */
export const BARCODE_SCREENS: readonly Screen[] = [
  {
    path: BARCODE_ROUTE,
    title: "Barcode",
    area: "accounts",
    permission: BARCODE_PERMISSION,
    menu: { group: "Barcode", item: "Generate Barcode" },
    icon: QrCode2Icon,
    component: lazy(() => import("./BarcodePage")),
  },
];
