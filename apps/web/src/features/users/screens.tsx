import { perm } from "@cargodesk/shared";
import EditNoteIcon from "@mui/icons-material/EditNote";
import GroupIcon from "@mui/icons-material/Group";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { ADD_USER_PATH, EDIT_USER_PATH, LIST_USER_PATH, SETTING_ADD_USER_PATH, VIEW_USERS_PATH } from "./paths";

const UserListPage = lazy(() => import("./UserListPage"));
const AddUserPage = lazy(() => import("./AddUserPage"));

/** Setting > User > Add User, on the accounts side: the same form as the cargo Add User. */
export const SETTING_ADD_USER_SCREEN: Screen = {
  path: SETTING_ADD_USER_PATH,
  title: "Add User",
  area: "accounts",
  permission: perm("Setting", "User", "Add User"),
  menu: { group: "User", item: "Add User" },
  icon: PersonAddIcon,
  component: AddUserPage,
};

/** Setting > User > List User, on the accounts side (the same list; actions follow the permissions). */
export const LIST_USER_SCREEN: Screen = {
  path: LIST_USER_PATH,
  title: "List User",
  area: "accounts",
  permission: perm("Setting", "User", "List User"),
  menu: { group: "User", item: "List User" },
  icon: GroupIcon,
  component: UserListPage,
};

/** The cargo User group: add, view and edit users. */
export const CARGO_USER_SCREENS: readonly Screen[] = [
  {
    path: ADD_USER_PATH,
    title: "Add User",
    area: "cargo",
    permission: perm("User", "User Add"),
    menu: { group: "User", item: "Add User" },
    icon: PersonAddIcon,
    component: AddUserPage,
  },
  {
    path: VIEW_USERS_PATH,
    title: "User List",
    area: "cargo",
    permission: perm("User", "User View"),
    menu: { group: "User", item: "View Users" },
    icon: GroupIcon,
    component: UserListPage,
  },
  {
    // Opened from the list's Edit with `?id=N`; from the menu it first asks which user.
    path: EDIT_USER_PATH,
    title: "Edit User",
    area: "cargo",
    permission: perm("User", "User Edit"),
    menu: { group: "User", item: "Edit User" },
    icon: EditNoteIcon,
    component: lazy(() => import("./EditUserPage")),
  },
];
