import EditLocationAltIcon from "@mui/icons-material/EditLocationAlt";
import FindInPageIcon from "@mui/icons-material/FindInPage";
import PageviewIcon from "@mui/icons-material/Pageview";
import TableRowsIcon from "@mui/icons-material/TableRows";
import ViewModuleIcon from "@mui/icons-material/ViewModule";
import { type ComponentType, lazy } from "react";
import type { Screen } from "../../app/screens";
import { SHIPMENT_PERMISSIONS as P, SHIPMENT_ROUTES as R } from "./paths";

const GROUP = "Shipment";

/** The read-only view, under either of its two routes. */
const view = (route: string) =>
  lazy(async (): Promise<{ default: ComponentType }> => {
    const { ShipmentViewPage } = await import("./ShipmentViewPage");
    return { default: () => <ShipmentViewPage route={route} /> };
  });

/** The shipment list, cards, view and edit screens; SCREENS in app/screens.tsx includes them. */
export const SHIPMENT_SCREENS: readonly Screen[] = [
  {
    path: R.list,
    title: "Shipment Details",
    area: "cargo",
    permission: P.view,
    menu: { group: GROUP, item: "Shipment List" },
    icon: TableRowsIcon,
    component: lazy(() => import("./ShipmentListPage")),
  },
  {
    path: R.cards,
    title: "View Shipments",
    area: "cargo",
    permission: P.view,
    menu: { group: GROUP, item: "View Shipments" },
    icon: ViewModuleIcon,
    component: lazy(() => import("./ShipmentCardsPage")),
  },
  {
    // Opened from a card or a tracking id as `?id=N`; from the menu it first asks which shipment.
    path: R.view,
    title: "View Shipment",
    area: "cargo",
    permission: P.view,
    menu: { group: GROUP, item: "View Shipment" },
    icon: PageviewIcon,
    component: view(R.view),
  },
  {
    // The customers' list opens its cards here (spec): the edit form with Shipment Edit, else the view.
    path: R.byId,
    title: "Shipment",
    area: "cargo",
    permission: P.view,
    menu: { group: GROUP, item: "Shipment by ID" },
    inMenu: false,
    icon: FindInPageIcon,
    component: lazy(() => import("./ShipmentByIdPage")),
  },
  {
    path: R.edit,
    title: "Edit Shipment",
    area: "cargo",
    permission: P.edit,
    menu: { group: GROUP, item: "Edit Shipment" },
    icon: EditLocationAltIcon,
    component: lazy(() => import("./EditShipmentPage")),
  },
];
