import { perm } from "@cargodesk/shared";
import AddBoxIcon from "@mui/icons-material/AddBox";
import { lazy } from "react";
import type { Screen } from "../../../app/screens";

/** Create shipment (spec: cargo-shipments.md section 2); app/screens.tsx lists it before the other shipment screens. */
export const CREATE_SHIPMENT_SCREEN: Screen = {
  path: "/cargo/shipment/add_shipment",
  title: "Create Shipment",
  area: "cargo",
  permission: perm("Shipment", "Shipment Add"),
  menu: { group: "Shipment", item: "Add Shipment" },
  icon: AddBoxIcon,
  component: lazy(() => import("./CreateShipmentPage")),
};
