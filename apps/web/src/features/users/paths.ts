/** The user screens' routes (spec 2.2); edit takes the user as `?id=N`. */
export const ADD_USER_PATH = "/cargo/user/add_user";
export const VIEW_USERS_PATH = "/cargo/user/view_users";
export const EDIT_USER_PATH = "/cargo/user/edit_user";
export const LIST_USER_PATH = "/setting/listUser";
export const SETTING_ADD_USER_PATH = "/setting/addUser";
