import type { ShipmentPartyView, ShipmentSummary } from "@cargodesk/shared";

export type {
  ShipmentLineView as LineView,
  ShipmentPackageView as PackageView,
  ShipmentPage,
  ShipmentSummary as ShipmentRow,
  ShipmentView as ShipmentDetail,
  StatusEntryView as StatusEntry,
} from "@cargodesk/shared";
/* The shipment answers are the shared schemas of packages/shared/src/shipment-answers.ts; these names are the screens' own. */
export {
  messageAnswerSchema as messageSchema,
  shipmentPageSchema,
  shipmentPostedSchema as postVoucherSchema,
  shipmentStatusRowSchema as statusOptionSchema,
  shipmentSummarySchema,
  shipmentViewSchema,
  statusEntryViewSchema as statusEntrySchema,
} from "@cargodesk/shared";
export type PartyView = ShipmentPartyView;
export type PartyPlace = ShipmentSummary["shipment_senders"][number];
