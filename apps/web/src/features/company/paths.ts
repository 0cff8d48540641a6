/** The company profile screens (spec: accounting.md section 2, Setting > Restaurant). */
export const COMPANY_EDIT_PATH = "/setting/Restaurant/addRestaurant";
export const COMPANY_VIEW_PATH = "/setting/Restaurant/listRestaurant";
