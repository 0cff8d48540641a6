import { perm } from "@cargodesk/shared";
import ListAltIcon from "@mui/icons-material/ListAlt";
import SettingsSuggestIcon from "@mui/icons-material/SettingsSuggest";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { INTEGRATION_ADD_PATH, INTEGRATION_LIST_PATH } from "./paths";

const GROUP = "Accounts Integration";

/** Setting > Accounts Integration; CHART_SCREENS includes them. */
export const INTEGRATION_SCREENS: readonly Screen[] = [
  {
    path: INTEGRATION_ADD_PATH,
    title: "Add Accounts Integration",
    area: "accounts",
    permission: perm("Setting", GROUP, "Add Accounts Integration"),
    menu: { group: GROUP, item: "Add Accounts Integration" },
    icon: SettingsSuggestIcon,
    component: lazy(() => import("./IntegrationFormPage")),
  },
  {
    path: INTEGRATION_LIST_PATH,
    title: "List Accounts Integration",
    area: "accounts",
    permission: perm("Setting", GROUP, "List Accounts Integration"),
    menu: { group: GROUP, item: "List Accounts Integration" },
    icon: ListAltIcon,
    component: lazy(() => import("./IntegrationListPage")),
  },
];
