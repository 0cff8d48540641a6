import type { PosOrderDetail, PosOrderLine, PosOrderOp, PosOrderPayment, VoidReason } from "@cargodesk/shared";
import { Link, Typography } from "@mui/material";
import type { ReactNode } from "react";
import type { Column } from "../../components/DataTable";
import { formatDay, formatInstant } from "../../lib/dates";
import { money, moneyOrBlank } from "../../lib/format";
import { LineStatusChip, ORDER_TYPE_LABELS } from "./chips";
import { describeOp } from "./op-text";

/** What Order View's detail shows of an order: its facts, and the columns of its lines, payments and log. */

const qty = (value: number) => String(Number(value.toFixed(3)));

export const LINE_COLUMNS: Column<PosOrderLine>[] = [
  {
    key: "item",
    header: "Item",
    cellSx: (line) => (line.dealParentLineId === null ? {} : { pl: 4 }),
    render: (line) => {
      const options = [line.sizeName, line.flavourName].filter(Boolean).join(", ");
      const notes = [
        line.note ? `“${line.note}”` : "",
        line.voidedQty > 0 ? `${qty(line.voidedQty)} voided` : "",
        line.refundedQty > 0 ? `${qty(line.refundedQty)} refunded` : "",
        line.discount > 0 ? `discount ${money(line.discount)}` : "",
      ].filter(Boolean);
      return (
        <>
          {line.name}
          {options ? ` (${options})` : ""}
          {notes.length > 0 ? (
            <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
              {notes.join(" · ")}
            </Typography>
          ) : null}
        </>
      );
    },
  },
  { key: "qty", header: "Qty", align: "right", render: (line) => qty(line.qty) },
  {
    key: "price",
    header: "Price",
    align: "right",
    render: (line) => (line.dealParentLineId === null ? money(line.unitPrice) : ""),
  },
  {
    key: "net",
    header: "Net",
    align: "right",
    render: (line) => (line.dealParentLineId === null ? money(line.net) : ""),
  },
  { key: "kitchen", header: "Kitchen", render: (line) => <LineStatusChip status={line.status} /> },
];

export const PAYMENT_COLUMNS: Column<PosOrderPayment>[] = [
  { key: "method", header: "Method", render: (payment) => payment.methodName },
  { key: "amount", header: "Amount", align: "right", render: (payment) => money(payment.amount) },
  { key: "tendered", header: "Tendered", align: "right", render: (payment) => moneyOrBlank(payment.tendered) },
  { key: "tax", header: "Tax", align: "right", render: (payment) => money(payment.tax) },
  { key: "reference", header: "Reference", render: (payment) => payment.reference || "—" },
  { key: "at", header: "When", nowrap: true, render: (payment) => formatInstant(payment.at) },
];

/** The operation log's columns: what each operation did in words, with the order's lines and the void reasons. */
export function opColumns(order: PosOrderDetail, reasons: readonly VoidReason[]): Column<PosOrderOp>[] {
  const reasonName = (id: unknown) => reasons.find((reason) => reason.id === id)?.name;
  return [
    { key: "at", header: "When", nowrap: true, render: (op) => formatInstant(op.at) },
    { key: "who", header: "Who", render: (op) => op.user?.name ?? "—" },
    {
      key: "what",
      header: "What",
      render: (op) => (
        <>
          {describeOp(
            { kind: op.kind, payload: { reasonName: reasonName(op.payload.reasonId), ...op.payload } },
            order,
          )}
          {op.approvedBy ? (
            <Typography variant="caption" component="div" sx={{ color: "warning.dark" }}>
              Approved by {op.approvedBy.name}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: "device",
      header: "Device",
      sx: { maxWidth: 140, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
      render: (op) => <span title={op.device ?? ""}>{op.device ?? "—"}</span>,
    },
  ];
}

/** The order's header facts; the ones that do not apply (no coupon, not a refund) are left out. */
export function factsOf(order: PosOrderDetail, openVoucher: () => void): [string, ReactNode][] {
  const facts: [string, ReactNode | null][] = [
    ["Token", <strong key="token">{order.token}</strong>],
    ["Business day", formatDay(order.businessDate)],
    ["Type", ORDER_TYPE_LABELS[order.orderType]],
    ["Table", order.table ? `${order.table.name}${order.guests ? `, ${order.guests} guests` : ""}` : "—"],
    ["Waiter", order.waiter?.name ?? "—"],
    ["Customer", order.customer ? `${order.customer.name} ${order.customer.phone}` : "—"],
    ["Opened", formatInstant(order.openedAt)],
    ["Paid", formatInstant(order.paidAt)],
    ["Picked up", order.pickedUpAt ? formatInstant(order.pickedUpAt) : null],
    ["Coupon", order.couponCode],
    ["Refund of", order.refundOfId ? `order #${order.refundOfId}` : null],
    [
      "Voucher",
      order.salesVoucher ? (
        <Link key="voucher" component="button" type="button" onClick={openVoucher}>
          {order.salesVoucher.number}
        </Link>
      ) : (
        "At Day Close"
      ),
    ],
  ];
  return facts.filter((fact): fact is [string, ReactNode] => fact[1] !== null);
}
