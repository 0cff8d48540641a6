import { formatMinor, type PosOrder, type PosOrderOp, parseMinor } from "@cargodesk/shared";

/** What the operation log needs of the order: line names by the device's line id, payment method names. */
type OrderNames = Pick<PosOrder, "lines" | "payments">;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const numberOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const amountText = (value: unknown): string | null => {
  const amount = numberOf(value);
  return amount === null ? null : formatMinor(parseMinor(amount) ?? 0n);
};
const qtyText = (qty: number) => String(Number(qty.toFixed(3)));

function lineName(payload: Record<string, unknown>, order: OrderNames): string {
  const named = text(payload.name);
  if (named) return named;
  const line = order.lines.find((candidate) => candidate.lineUuid === payload.lineUuid);
  if (!line) return "an item";
  const options = [line.sizeName, line.flavourName].filter(Boolean).join(", ");
  return options ? `${line.name} (${options})` : line.name;
}

function discountText(payload: Record<string, unknown>, order: OrderNames): string {
  const target = text(payload.lineUuid) ? lineName(payload, order) : "the order";
  const percent = numberOf(payload.percent);
  const amount = numberOf(payload.amount);
  if ((percent ?? amount ?? 0) === 0) return `Removed the discount on ${target}`;
  const size = percent !== null ? `${percent}%` : amountText(amount);
  return `Discount ${size} on ${target}`;
}

function payText(payload: Record<string, unknown>, order: OrderNames): string {
  const payments = Array.isArray(payload.payments) ? payload.payments : [];
  const parts = payments.flatMap((payment: unknown) => {
    if (typeof payment !== "object" || payment === null) return [];
    const tender = payment as Record<string, unknown>;
    const method = order.payments.find((candidate) => candidate.methodId === tender.methodId)?.methodName ?? "payment";
    const amount = amountText(tender.amount);
    return amount ? [`${amount} ${method.toLowerCase()}`] : [];
  });
  return parts.length > 0 ? `Paid ${parts.join(" + ")}` : "Paid";
}

const SIMPLE: Record<string, string> = {
  bill: "Printed the bill",
  void_order: "Voided the order",
  refund: "Refunded",
  picked_up: "Marked picked up",
  transfer: "Moved to another table",
  merge: "Merged",
  split: "Split the bill",
  create: "Opened the order",
};

/**
 * One operation of an order's log in words ("Added 2 × Zinger Burger (L)", "Discount 20% on the order",
 * "Paid 2,000.00 cash"): who did it, when and on which device are shown beside it.
 */
export function describeOp(op: Pick<PosOrderOp, "kind" | "payload">, order: OrderNames): string {
  const { payload } = op;
  const qty = numberOf(payload.qty);
  const reason = text(payload.reasonName) ?? text(payload.reason);
  const because = reason ? ` (${reason})` : "";
  switch (op.kind) {
    case "add_line": {
      const note = text(payload.note);
      return `Added ${qtyText(qty ?? 1)} × ${lineName(payload, order)}${note ? `, note “${note}”` : ""}`;
    }
    case "set_qty":
      return `Changed ${lineName(payload, order)} to ${qtyText(qty ?? 0)}`;
    case "void_line":
      return `Voided ${qty === null ? "" : `${qtyText(qty)} × `}${lineName(payload, order)}${because}`;
    case "note":
      return `Note on ${lineName(payload, order)}: “${text(payload.note) ?? ""}”`;
    case "set_customer":
      return payload.customerId === null
        ? "Removed the customer"
        : `Set the customer${text(payload.customerName) ? ` ${payload.customerName}` : ""}`;
    case "set_guests":
      return `Guests: ${numberOf(payload.guests) ?? "?"}`;
    case "discount":
      return `${discountText(payload, order)}${because}`;
    case "coupon":
      return text(payload.code) ? `Coupon ${payload.code}` : "Removed the coupon";
    case "fire": {
      const course = numberOf(payload.course);
      return course === null ? "Sent to the kitchen" : `Sent course ${course} to the kitchen`;
    }
    case "pay":
      return payText(payload, order);
    default:
      return `${SIMPLE[op.kind] ?? op.kind.replaceAll("_", " ")}${because}`;
  }
}
