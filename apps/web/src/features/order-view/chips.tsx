import type { KITCHEN_STATUSES, POS_LINE_STATUSES, POS_ORDER_STATUSES, PosOrder } from "@cargodesk/shared";
import { Chip, type ChipProps } from "@mui/material";

type Color = ChipProps["color"];

export const ORDER_TYPE_LABELS: Record<PosOrder["orderType"], string> = {
  take_away: "Take-away",
  dine_in: "Dine-in",
  delivery: "Delivery",
};

const STATUS: Record<(typeof POS_ORDER_STATUSES)[number], [string, Color]> = {
  open: ["Open", "info"],
  billed: ["Billed", "warning"],
  paid: ["Paid", "success"],
  voided: ["Voided", "error"],
  merged: ["Merged", "default"],
  refund: ["Refund", "secondary"],
};

const KITCHEN: Record<(typeof KITCHEN_STATUSES)[number], [string, Color]> = {
  none: ["No kitchen", "default"],
  new: ["New", "info"],
  preparing: ["Preparing", "warning"],
  ready: ["Ready", "success"],
  served: ["Served", "default"],
};

const LINE: Record<(typeof POS_LINE_STATUSES)[number], [string, Color]> = {
  pending: ["Not sent", "default"],
  fired: ["Sent", "info"],
  voided: ["Voided", "error"],
};

export const STATUS_LABELS = Object.fromEntries(Object.entries(STATUS).map(([key, [label]]) => [key, label]));

export const OrderStatusChip = ({ status }: { status: keyof typeof STATUS }) => (
  <Chip size="small" label={STATUS[status][0]} color={STATUS[status][1]} />
);

/** The kitchen state; `named` says "Kitchen: ..." where no column heading does. */
export const KitchenChip = ({ status, named = false }: { status: keyof typeof KITCHEN; named?: boolean }) => (
  <Chip
    size="small"
    label={named ? `Kitchen: ${KITCHEN[status][0].toLowerCase()}` : KITCHEN[status][0]}
    color={KITCHEN[status][1]}
    variant={status === "none" || status === "served" ? "outlined" : "filled"}
  />
);

export const LineStatusChip = ({ status }: { status: keyof typeof LINE }) => (
  <Chip size="small" label={LINE[status][0]} color={LINE[status][1]} variant="outlined" />
);
