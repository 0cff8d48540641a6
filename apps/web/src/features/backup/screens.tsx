import { perm } from "@cargodesk/shared";
import BackupIcon from "@mui/icons-material/Backup";
import { lazy } from "react";
import type { Screen } from "../../app/screens";

/** The BackUp module's one screen, at the module's own entry route; SCREENS in app/screens.tsx includes it. */
export const BACKUP_SCREENS: readonly Screen[] = [
  {
    path: "/backUp",
    title: "Back Up",
    area: "accounts",
    permission: perm("BackUp"),
    menu: { group: "BackUp", item: "Back Up" },
    icon: BackupIcon,
    component: lazy(() => import("./BackupPage")),
  },
];
