import type { PosBootstrap, PosOrderDetail, VoidReason } from "@cargodesk/shared";
import CloseIcon from "@mui/icons-material/Close";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import PrintIcon from "@mui/icons-material/Print";
import UndoIcon from "@mui/icons-material/Undo";
import {
  Alert,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { type ReactNode, useState } from "react";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { errorMessage } from "../../lib/api";
import { formatDay, formatInstant } from "../../lib/dates";
import { money, moneyOrBlank } from "../../lib/format";
import { ReceiptDialog } from "../pos/ReceiptDialog";
import { VoucherSourcesDialog } from "../pos-days/VoucherSourcesDialog";
import { useMarkPickedUp, useOrderDetail } from "./api";
import { KitchenChip, LineStatusChip, ORDER_TYPE_LABELS, OrderStatusChip } from "./chips";
import { describeOp } from "./op-text";
import { RefundDialog } from "./RefundDialog";
import { refundableLines } from "./refund";

const qty = (value: number) => String(Number(value.toFixed(3)));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5, color: "text.secondary" }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Facts({ facts }: { facts: readonly [string, ReactNode][] }) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))", gap: 1.5 }}>
      {facts.map(([label, value]) => (
        <Box key={label}>
          <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
            {label}
          </Typography>
          <Typography variant="body2" component="div">
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Lines({ order }: { order: PosOrderDetail }) {
  return (
    <Table size="small" aria-label="Order lines">
      <TableHead>
        <TableRow>
          <TableCell>Item</TableCell>
          <TableCell align="right">Qty</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right">Net</TableCell>
          <TableCell>Kitchen</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.lines.map((line) => {
          const options = [line.sizeName, line.flavourName].filter(Boolean).join(", ");
          const notes = [
            line.note ? `“${line.note}”` : "",
            line.voidedQty > 0 ? `${qty(line.voidedQty)} voided` : "",
            line.refundedQty > 0 ? `${qty(line.refundedQty)} refunded` : "",
            line.discount > 0 ? `discount ${money(line.discount)}` : "",
          ].filter(Boolean);
          const component = line.dealParentLineId !== null;
          return (
            <TableRow
              key={line.id}
              sx={component ? { "& td": { color: "text.secondary", borderBottomStyle: "dashed" } } : undefined}
            >
              <TableCell sx={component ? { pl: 4 } : undefined}>
                {line.name}
                {options ? ` (${options})` : ""}
                {notes.length > 0 ? (
                  <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
                    {notes.join(" · ")}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell align="right">{qty(line.qty)}</TableCell>
              <TableCell align="right">{component ? "" : money(line.unitPrice)}</TableCell>
              <TableCell align="right">{component ? "" : money(line.net)}</TableCell>
              <TableCell>
                <LineStatusChip status={line.status} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function Totals({ order }: { order: PosOrderDetail }) {
  const rows: [string, number][] = [
    ["Subtotal", order.subtotal],
    ["Discounts", -order.discount],
    ["Service charge", order.serviceCharge],
    ["Tax", order.tax],
    ["Rounding", order.rounding],
  ];
  return (
    <Box
      sx={{ display: "grid", gridTemplateColumns: "1fr auto", columnGap: 3, rowGap: 0.25, maxWidth: 320, ml: "auto" }}
    >
      {rows
        .filter(([label, amount]) => amount !== 0 || label === "Subtotal" || label === "Tax")
        .map(([label, amount]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Typography variant="body2">{label}</Typography>
            <Typography variant="body2" align="right">
              {money(amount)}
            </Typography>
          </Box>
        ))}
      <Typography sx={{ fontWeight: 700 }}>Total</Typography>
      <Typography sx={{ fontWeight: 700 }} align="right" data-testid="order-total">
        {money(order.total)}
      </Typography>
      <Typography variant="body2">Paid</Typography>
      <Typography variant="body2" align="right">
        {money(order.paid)}
      </Typography>
      {order.change > 0 ? (
        <>
          <Typography variant="body2">Change</Typography>
          <Typography variant="body2" align="right">
            {money(order.change)}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

function Payments({ order }: { order: PosOrderDetail }) {
  if (order.payments.length === 0) return <Typography variant="body2">No payment yet.</Typography>;
  return (
    <Table size="small" aria-label="Payments">
      <TableHead>
        <TableRow>
          <TableCell>Method</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell align="right">Tendered</TableCell>
          <TableCell align="right">Tax</TableCell>
          <TableCell>Reference</TableCell>
          <TableCell>When</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.payments.map((payment) => (
          <TableRow key={payment.id}>
            <TableCell>{payment.methodName}</TableCell>
            <TableCell align="right">{money(payment.amount)}</TableCell>
            <TableCell align="right">{moneyOrBlank(payment.tendered)}</TableCell>
            <TableCell align="right">{money(payment.tax)}</TableCell>
            <TableCell>{payment.reference || "—"}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatInstant(payment.at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function OperationLog({ order, reasons }: { order: PosOrderDetail; reasons: readonly VoidReason[] }) {
  const reasonName = (id: unknown) => reasons.find((reason) => reason.id === id)?.name;
  return (
    <Table size="small" aria-label="Operation log">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Who</TableCell>
          <TableCell>What</TableCell>
          <TableCell>Device</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.ops.map((op) => (
          <TableRow key={`${op.versionAfter}-${op.at}-${op.kind}-${JSON.stringify(op.payload).length}`}>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatInstant(op.at)}</TableCell>
            <TableCell>{op.user?.name ?? "—"}</TableCell>
            <TableCell>
              {describeOp(
                { kind: op.kind, payload: { reasonName: reasonName(op.payload.reasonId), ...op.payload } },
                order,
              )}
              {op.approvedBy ? (
                <Typography variant="caption" component="div" sx={{ color: "warning.dark" }}>
                  Approved by {op.approvedBy.name}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell
              sx={{ maxWidth: 120, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
              title={op.device ?? ""}
            >
              {op.device ?? "—"}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The order's header facts; the ones that do not apply (no coupon, not a refund) are left out. */
function factsOf(order: PosOrderDetail, openVoucher: () => void): [string, ReactNode][] {
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

/**
 * One order: its lines with their kitchen state, totals, payments, the operation log ("who added,
 * voided or discounted what, when, on which device"), the voucher once the day is closed, and the
 * actions Order View allows: Reprint, Mark picked up and Refund.
 */
export function OrderDrawer({
  orderId,
  onClose,
  outlet,
  reasons,
  canRefund,
  onDone,
}: {
  orderId: number | null;
  onClose: () => void;
  /** The outlet's counters, payment methods and rules, when this user may read them. */
  outlet: PosBootstrap | undefined;
  reasons: readonly VoidReason[];
  canRefund: boolean;
  onDone: (message: string) => void;
}) {
  const detail = useOrderDetail(orderId);
  const pickedUp = useMarkPickedUp();
  const [reprint, setReprint] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [voucherId, setVoucherId] = useState<number | null>(null);
  const order = detail.data;
  const label = order ? (order.number ?? `token ${order.token}`) : "";

  return (
    <Drawer
      anchor="right"
      open={orderId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: "100%", md: 680 } } } }}
    >
      <Box sx={{ p: 2, display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }} data-testid="order-title">
          {order ? `Order ${label}` : "Order"}
        </Typography>
        {order ? (
          <>
            <OrderStatusChip status={order.status} />
            <KitchenChip status={order.kitchenStatus} named />
          </>
        ) : null}
        <IconButton aria-label="Close the order" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ p: 2, display: "grid", gap: 2.5, overflowY: "auto" }}>
        {detail.isPending ? <PageLoader label="Loading the order" /> : null}
        {detail.isError ? (
          <ReportError error={detail.error} onRetry={() => void detail.refetch()} what="the order" />
        ) : null}
        {order ? (
          <>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              {order.number ? (
                <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => setReprint(true)}>
                  Reprint
                </Button>
              ) : null}
              {order.orderType === "take_away" && order.status === "paid" && order.pickedUpAt === null ? (
                <Button
                  variant="outlined"
                  startIcon={<DoneAllIcon />}
                  disabled={pickedUp.isPending}
                  onClick={() =>
                    pickedUp.mutate(order.id, { onSuccess: () => onDone(`Token ${order.token} picked up`) })
                  }
                >
                  Mark picked up
                </Button>
              ) : null}
              {canRefund && order.status === "paid" && refundableLines(order).length > 0 ? (
                <Button variant="outlined" color="warning" startIcon={<UndoIcon />} onClick={() => setRefunding(true)}>
                  Refund
                </Button>
              ) : null}
            </Box>
            {pickedUp.isError ? <Alert severity="error">{errorMessage(pickedUp.error)}</Alert> : null}
            <Facts facts={factsOf(order, () => setVoucherId(order.salesVoucher?.id ?? null))} />
            {order.late ? <Alert severity="info">Synced after its own day closed: posted with this day.</Alert> : null}
            <Section title="Lines">
              <Lines order={order} />
            </Section>
            <Totals order={order} />
            <Section title="Payments">
              <Payments order={order} />
            </Section>
            <Section title="Operation log">
              <OperationLog order={order} reasons={reasons} />
            </Section>
          </>
        ) : null}
      </Box>
      {order && reprint ? (
        <ReceiptDialog order={order} kind="reprint" autoPrint={false} onClose={() => setReprint(false)} />
      ) : null}
      {order && refunding ? (
        <RefundDialog
          order={order}
          outlet={outlet}
          reasons={reasons}
          onClose={(message) => {
            setRefunding(false);
            if (message) onDone(message);
          }}
        />
      ) : null}
      <VoucherSourcesDialog voucherId={voucherId} onClose={() => setVoucherId(null)} />
    </Drawer>
  );
}
