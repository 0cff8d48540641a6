import { perm } from "@cargodesk/shared";
import BusinessIcon from "@mui/icons-material/Business";
import EditNoteIcon from "@mui/icons-material/EditNote";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { COMPANY_EDIT_PATH, COMPANY_VIEW_PATH } from "./paths";

const CATEGORY = "Restaurant";
const GROUP = "Company Profile";

/** Setting > Restaurant: the company profile; REPORT_SCREENS includes them. */
export const COMPANY_SCREENS: readonly Screen[] = [
  {
    path: COMPANY_EDIT_PATH,
    title: "Edit Company Profile",
    area: "accounts",
    permission: perm("Setting", CATEGORY, "Add Restaurant"),
    menu: { group: GROUP, item: "Edit Company Profile" },
    icon: EditNoteIcon,
    component: lazy(() => import("./CompanyFormPage")),
  },
  {
    path: COMPANY_VIEW_PATH,
    title: "Company Profile",
    area: "accounts",
    permission: perm("Setting", CATEGORY, "List Restaurant"),
    menu: { group: GROUP, item: "Company Profile" },
    icon: BusinessIcon,
    component: lazy(() => import("./CompanyProfilePage")),
  },
];
