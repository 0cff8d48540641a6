import { perm } from "@cargodesk/shared";
import AdminPanelSettingsIcon from "@mui/icons-material/AdminPanelSettings";
import { lazy } from "react";
import type { Screen } from "../../app/screens";

const UserPermissionsPage = lazy(() => import("./UserPermissionsPage"));

/** Permissions > User Permissions, in the cargo shell. */
export const CARGO_PERMISSION_SCREEN: Screen = {
  path: "/cargo/permissions/user_permissions",
  title: "User Permissions",
  area: "cargo",
  permission: perm("Permissions", "User Permissions"),
  menu: { group: "Permissions", item: "User Permissions" },
  icon: AdminPanelSettingsIcon,
  component: UserPermissionsPage,
};

/** Setting > Permission, the same screen inside the accounts shell. */
export const SETTING_PERMISSION_SCREEN: Screen = {
  path: "/setting/permission",
  title: "Permission",
  area: "accounts",
  permission: perm("Setting", "Permission"),
  menu: { group: "Permission", item: "Permission" },
  icon: AdminPanelSettingsIcon,
  component: UserPermissionsPage,
};
