import { formatMinor, type OrderTotals, type PosBootstrap } from "@cargodesk/shared";
import { type Draft, liveLines } from "../draft";
import { columns } from "../printing/escpos";
import type { OfflineReceipt } from "./store";

/**
 * The receipt of a sale made offline, from what the register showed: the lines, the totals the
 * server's own `computeOrder` gave on the device, the tenders and the invoice number the device
 * issued. It prints from the browser (the server cannot build it) and is kept with the order.
 */
export function offlineReceipt(input: {
  draft: Draft;
  totals: OrderTotals;
  bootstrap: PosBootstrap;
  invoiceNo: string;
  counterCode: string;
  cashier: string;
  openedAt: string;
}): OfflineReceipt {
  const { draft, totals, bootstrap } = input;
  const byKey = new Map(totals.lines.map((line) => [line.key, line]));
  const methodOf = (id: number) => bootstrap.paymentMethods.find((method) => method.id === id);
  const methodName = (id: number) => methodOf(id)?.name ?? "Payment";
  const figures: OfflineReceipt["figures"] = [
    { label: "Subtotal", minor: String(totals.subtotalMinor) },
    ...(totals.discountMinor > 0n ? [{ label: "Discounts", minor: String(-totals.discountMinor) }] : []),
    ...(totals.serviceChargeMinor > 0n ? [{ label: "Service charge", minor: String(totals.serviceChargeMinor) }] : []),
    { label: bootstrap.outlet.taxInclusive ? "Tax (included)" : "Tax", minor: String(totals.taxMinor) },
    ...(totals.roundingMinor !== 0n ? [{ label: "Rounding", minor: String(totals.roundingMinor) }] : []),
  ];
  return {
    invoiceNo: input.invoiceNo,
    counterCode: input.counterCode,
    cashier: input.cashier,
    outletName: bootstrap.outlet.name,
    openedAt: input.openedAt,
    orderType: draft.orderType,
    lines: liveLines(draft).map((line) => ({
      name: line.detail ? `${line.name} (${line.detail})` : line.name,
      qty: line.qty,
      amountMinor: String(byKey.get(line.lineUuid)?.grossMinor ?? 0n),
    })),
    figures,
    totalMinor: String(totals.totalMinor),
    tenders: totals.tenders.map((tender) => ({
      method: methodName(tender.methodId),
      amountMinor: String(tender.amountMinor),
    })),
    changeMinor: String(totals.changeMinor),
    opensDrawer: totals.tenders.some((tender) => {
      const method = methodOf(tender.methodId);
      return method?.kind === "cash" || method?.opensDrawer === true;
    }),
  };
}

/** The receipt as 48-column text lines for a thermal printer. */
export function receiptLines(receipt: OfflineReceipt, timeText: string, width = 48): string[] {
  const centre = (text: string) => `${" ".repeat(Math.max(0, Math.floor((width - text.length) / 2)))}${text}`;
  const rule = "-".repeat(width);
  const amount = (minor: string) => formatMinor(BigInt(minor));
  return [
    centre(receipt.outletName),
    centre(`Invoice ${receipt.invoiceNo}`),
    centre(`${timeText} - Counter ${receipt.counterCode}`),
    centre("OFFLINE SALE"),
    rule,
    ...receipt.lines.map((line) => columns(`${line.qty} x ${line.name}`, amount(line.amountMinor), width)),
    rule,
    ...receipt.figures.map((figure) => columns(figure.label, amount(figure.minor), width)),
    columns("TOTAL", amount(receipt.totalMinor), width),
    rule,
    ...receipt.tenders.map((tender) => columns(tender.method, amount(tender.amountMinor), width)),
    ...(BigInt(receipt.changeMinor) > 0n ? [columns("Change", amount(receipt.changeMinor), width)] : []),
    "",
    centre("Thank you"),
  ];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const money = (minor: string) => escapeHtml(formatMinor(BigInt(minor)));

/** The receipt as an 80 mm page for the browser's print dialog (works with no network). */
export function receiptHtml(receipt: OfflineReceipt, timeText: string): string {
  const row = (left: string, right: string, bold = false) =>
    `<tr${bold ? ' class="b"' : ""}><td>${left}</td><td class="r">${right}</td></tr>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Receipt ${escapeHtml(receipt.invoiceNo)}</title>
<style>
@page { size: 80mm auto; margin: 4mm; }
body { font: 12px/1.35 "DejaVu Sans Mono", monospace; width: 72mm; margin: 0 auto; color: #000; }
h1 { font-size: 15px; text-align: center; margin: 0 0 2px; }
p { margin: 0; text-align: center; }
table { width: 100%; border-collapse: collapse; margin-top: 6px; }
td { vertical-align: top; padding: 1px 0; }
.r { text-align: right; white-space: nowrap; padding-left: 8px; }
.b td { font-weight: 700; font-size: 14px; border-top: 1px dashed #000; padding-top: 3px; }
.off { border: 1px solid #000; padding: 2px; margin: 6px 0; font-weight: 700; }
</style></head><body>
<h1>${escapeHtml(receipt.outletName)}</h1>
<p>Invoice ${escapeHtml(receipt.invoiceNo)}</p>
<p>${escapeHtml(timeText)} · Counter ${escapeHtml(receipt.counterCode)}${receipt.cashier ? ` · ${escapeHtml(receipt.cashier)}` : ""}</p>
<p class="off">OFFLINE SALE: sent to the office when the network is back</p>
<table>${receipt.lines.map((line) => row(`${line.qty} × ${escapeHtml(line.name)}`, money(line.amountMinor))).join("")}</table>
<table>${receipt.figures.map((figure) => row(escapeHtml(figure.label), money(figure.minor))).join("")}
${row("Total", money(receipt.totalMinor), true)}</table>
<table>${receipt.tenders.map((tender) => row(escapeHtml(tender.method), money(tender.amountMinor))).join("")}
${BigInt(receipt.changeMinor) > 0n ? row("Change", money(receipt.changeMinor)) : ""}</table>
<p style="margin-top:8px">Thank you</p>
</body></html>`;
}
