import EditNoteIcon from "@mui/icons-material/EditNote";
import FeedbackIcon from "@mui/icons-material/Feedback";
import ListAltIcon from "@mui/icons-material/ListAlt";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { COMPLAINT_PERMISSIONS as P, COMPLAINT_ROUTES as R } from "./paths";

const GROUP = "Complain";

/** Add, list and edit complaints; SCREENS in app/screens.tsx includes them. */
export const COMPLAINT_SCREENS: readonly Screen[] = [
  {
    path: R.add,
    title: "Add Complain",
    area: "cargo",
    permission: P.add,
    menu: { group: GROUP, item: "Add Complain" },
    icon: FeedbackIcon,
    component: lazy(() => import("./AddComplaintPage")),
  },
  {
    path: R.list,
    title: "Complaint Details",
    area: "cargo",
    permission: P.view,
    menu: { group: GROUP, item: "View Complains" },
    icon: ListAltIcon,
    component: lazy(() => import("./ComplaintListPage")),
  },
  {
    // Opened by Edit on the list as `?id=N`; from the menu it first asks which complaint.
    path: R.edit,
    title: "Edit Complain",
    area: "cargo",
    permission: P.edit,
    menu: { group: GROUP, item: "Edit Complain" },
    icon: EditNoteIcon,
    component: lazy(() => import("./EditComplaintPage")),
  },
];
