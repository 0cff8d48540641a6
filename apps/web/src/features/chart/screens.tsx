import { perm } from "@cargodesk/shared";
import AddCircleOutlineIcon from "@mui/icons-material/AddCircleOutlineOutlined";
import AssessmentOutlinedIcon from "@mui/icons-material/AssessmentOutlined";
import TableRowsOutlinedIcon from "@mui/icons-material/TableRowsOutlined";
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import { lazy } from "react";
import type { Screen } from "../../app/screens";
import { INTEGRATION_SCREENS } from "../integration/screens";
import type { ChartLevel } from "./api";

type Category = "Level Two" | "Level Three" | "Level Four";

/** The upload and report screens of the three levels share one component each. */
const uploadScreen = (level: ChartLevel) =>
  lazy(() => import("./UploadPanel").then(({ UploadPanel }) => ({ default: () => <UploadPanel level={level} /> })));
const reportScreen = (level: ChartLevel) =>
  lazy(() => import("./ReportPanel").then(({ ReportPanel }) => ({ default: () => <ReportPanel level={level} /> })));

function levelScreens(
  category: Category,
  /** The UI's route segment: level2, level4 ("Level Three") or level5 ("Level Four"), DESIGN section 6. */
  segment: "level2" | "level4" | "level5",
  level: ChartLevel,
  pages: { add: Screen["component"]; details: Screen["component"] },
  labels: { add: string; addMenu: string; details: string; upload: string; report: string },
): Screen[] {
  const screen = (
    path: string,
    title: string,
    sub: "Add" | "Detail" | "Upload" | "Report",
    item: string,
    icon: Screen["icon"],
    component: Screen["component"],
  ): Screen => ({
    path: `/accounts/${segment}/${path}`,
    title,
    area: "accounts",
    permission: perm("Accounts", category, sub),
    menu: { group: category, item },
    icon,
    component,
  });
  return [
    screen("add", labels.add, "Add", labels.addMenu, AddCircleOutlineIcon, pages.add),
    screen("details", labels.details, "Detail", "Details", TableRowsOutlinedIcon, pages.details),
    screen("upload", labels.upload, "Upload", "Upload", UploadFileOutlinedIcon, uploadScreen(level)),
    screen("report", labels.report, "Report", "Report", AssessmentOutlinedIcon, reportScreen(level)),
  ];
}

/** The chart screens and Setting > Accounts Integration; SCREENS in app/screens.tsx includes them. */
export const CHART_SCREENS: readonly Screen[] = [
  ...levelScreens(
    "Level Two",
    "level2",
    2,
    {
      add: lazy(() => import("./LevelTwoAddPage")),
      details: lazy(() => import("./LevelTwoDetailsPage")),
    },
    {
      add: "Add Level Two",
      addMenu: "Add",
      details: "Level Two Details",
      upload: "Upload Level Two",
      report: "Level Two Report",
    },
  ),
  ...levelScreens(
    "Level Three",
    "level4",
    3,
    {
      add: lazy(() => import("./LevelThreeAddPage")),
      details: lazy(() => import("./LevelThreeDetailsPage")),
    },
    {
      add: "Add Level Three",
      addMenu: "Add",
      details: "Level Three Details",
      upload: "Upload Level Three",
      report: "Level Three Report",
    },
  ),
  ...levelScreens(
    "Level Four",
    "level5",
    4,
    {
      add: lazy(() => import("./AccountAddPage")),
      details: lazy(() => import("./AccountDetailsPage")),
    },
    {
      add: "Add Account",
      addMenu: "Add Account",
      details: "Account Details",
      upload: "Upload Accounts",
      report: "Level Four Report",
    },
  ),
  ...INTEGRATION_SCREENS,
];
